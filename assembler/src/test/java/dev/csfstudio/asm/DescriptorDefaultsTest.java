package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.scan.ExpressionReader;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The descriptor tables' defaults that are expressions ({@code width-1}, {@code rts}, {@code internal(format)}) are
 * read without ANTLR, and mean what the parser's tree of the same text means.
 */
class DescriptorDefaultsTest {

    private static final Path FILE = Path.of("/virtual/defaults.csf");

    /** Every name is 7 more than its length, every call 100 times its first argument: values that tell them apart. */
    private static final ExpressionEvaluator.Scope SCOPE = new ExpressionEvaluator.Scope() {
        @Override
        public long symbol(String name, SourceRange range) {
            return name.length() + 7;
        }

        @Override
        public long localLabel(String ref, SourceRange range) {
            throw new AssertionError("no default names a local label");
        }

        @Override
        public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
            return 100 * args.value(0);
        }
    };

    @Test
    void everyExpressionDefaultOfEveryArchitectureIsReadAsTheParserReadsIt() {
        int expressions = 0;
        for (Arch arch : Arch.values()) {
            for (DescriptorDef def : arch.descriptors().all()) {
                for (DescriptorField f : def.fields()) {
                    String text = f.defaultValue();
                    if (text == null || f.enumType() != null && f.enumType().valueOf(text).isPresent()) {
                        continue; // no default, or an enumeration's name
                    }
                    SymbolicExpression read = ExpressionReader.whole(text);
                    assertNotNull(read, arch + " " + def.name() + "." + f.name() + " default " + text);
                    long parsed = new ExpressionEvaluator(FILE, SCOPE).eval(Parsing.parseExpression(text));
                    assertEquals(parsed, read.evaluate(SCOPE, FILE, 1), text);
                    expressions++;
                }
            }
        }
        assertEquals(true, expressions > 10, "defaults seen: " + expressions);
    }

    @Test
    void textThatIsNotOneWholeExpressionIsDeclined() {
        assertNull(ExpressionReader.whole("width-"));
        assertNull(ExpressionReader.whole("width 1"));
        assertNull(ExpressionReader.whole("w\u00e9"));
        assertEquals(15, ExpressionReader.whole("(1 << 4) - 1").evaluate(SCOPE, FILE, 1));
    }
}
