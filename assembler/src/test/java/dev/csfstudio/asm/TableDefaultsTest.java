package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.scan.TableExpressions;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The descriptor table's defaults are read without a parse ({@link TableExpressions}): every default of every
 * architecture that parses as an expression is read, and has its parse tree's value, names asked in the same order.
 */
class TableDefaultsTest {

    private static final Path FILE = Path.of("/virtual/defaults.csf");

    /** Gives each name and call a value of its own and records the order it was asked in. */
    private static final class Recording implements ExpressionEvaluator.Scope {
        final StringBuilder asked = new StringBuilder();

        @Override
        public long symbol(String name, SourceRange range) {
            asked.append(name).append(' ');
            return name.hashCode();
        }

        @Override
        public long localLabel(String ref, SourceRange range) {
            asked.append(ref).append(' ');
            return ref.hashCode() * 7L;
        }

        @Override
        public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
            asked.append(function).append('(');
            long v = function.hashCode();
            for (int i = 0; i < args.count(); i++) {
                v = 31 * v + args.value(i);
            }
            asked.append(") ");
            return v;
        }
    }

    @Test
    void everyDefaultIsReadWithItsParseTreesValue() {
        int read = 0;
        for (Arch arch : Arch.values()) {
            for (DescriptorDef def : arch.descriptors().all()) {
                for (DescriptorField f : def.fields()) {
                    String text = f.defaultValue();
                    CsfParser.ExprContext tree = text == null ? null : Parsing.parseExpression(text);
                    if (tree == null) {
                        continue;
                    }
                    SymbolicExpression e = new TableExpressions().read(text);
                    assertNotNull(e, text);
                    Recording byTree = new Recording();
                    Recording byReader = new Recording();
                    ExpressionEvaluator ev = new ExpressionEvaluator(FILE, byTree);
                    if (f.isFloat()) {
                        assertEquals(ev.evalDouble(tree), e.evaluateDouble(byReader, FILE, 1), text);
                    } else {
                        assertEquals(ev.eval(tree), e.evaluate(byReader, FILE, 1), text);
                    }
                    assertEquals(byTree.asked.toString(), byReader.asked.toString(), text);
                    read++;
                }
            }
        }
        assertTrue(read > 20, "defaults read: " + read);
    }

    @Test
    void textThatIsNotOneExpressionIsNone() {
        assertEquals(null, new TableExpressions().read("width -"));
        assertEquals(null, new TableExpressions().read("width 1"));
        assertEquals(null, new TableExpressions().read("w\u00e9"));
    }
}
