package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.ConstantDef;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.References;
import dev.csfstudio.asm.symbols.Referent;
import dev.csfstudio.asm.symbols.SectionReferent;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.asm.expr.SymbolicExpression;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link SymbolicLine}'s operands evaluated from the symbols and its word finished, as the encoder's path does
 * with the parsed line: in pass 1 when it names only constants with values, else in its fixup after layout.
 */
public final class SymbolicOperands {

    /** What {@link #resolve} found, handed to its own {@link Handler} method. */
    public sealed interface Resolution {
        void handTo(Handler handler);
    }

    /** What a phase does with each kind of {@link Resolution}. */
    public interface Handler {
        /** Every operand has its value: the word is finished. */
        void resolved(Resolved resolved);

        /** A name has an address only after layout. */
        void afterLayout();

        /** The parser's path must decide. */
        void parserPath();
    }

    /** The line's word and what each of its names stands for ({@code named[operand][token]}). */
    public record Resolved(long word, Referent[][] named) implements Resolution {
        @Override
        public void handTo(Handler handler) {
            handler.resolved(this);
        }
    }

    /** The line names what has an address only after layout: its fixup resolves it then. */
    public record AfterLayout() implements Resolution {
        @Override
        public void handTo(Handler handler) {
            handler.afterLayout();
        }
    }

    /** The parser's path must decide: it evaluates or reports what this does not. */
    public record ParserPath() implements Resolution {
        @Override
        public void handTo(Handler handler) {
            handler.parserPath();
        }
    }

    private static final AfterLayout AFTER_LAYOUT = new AfterLayout();
    private static final ParserPath PARSER_PATH = new ParserPath();

    private final SymbolTable symbols;
    private final Map<String, SectionBuilder> sections;
    private final References references;
    private final Consumer<LabelDef> used;

    /** {@code used} hears of each label a line names (for unused-label warnings). */
    public SymbolicOperands(SymbolTable symbols, Map<String, SectionBuilder> sections, References references,
                            Consumer<LabelDef> used) {
        this.symbols = symbols;
        this.sections = sections;
        this.references = references;
        this.used = used;
    }

    /**
     * Evaluates {@code line} from the symbols as they are now, recording nothing: after layout's when, before
     * layout, a name is not a constant; the parser's path when a constant has no value yet, when after layout a
     * name is no constant, label or section, or when the encoder would report a value. A branch target naming an
     * address is a distance in instructions from the next one, inside the statement's stream.
     */
    public Resolution resolve(Statement s, SymbolicLine line) {
        boolean addresses = symbols.addressesKnown();
        List<SymbolicLine.Operand> operands = line.operands();
        Referent[][] named = new Referent[operands.size()][];
        long word = line.word();
        boolean later = false;
        for (int i = 0; i < operands.size(); i++) {
            SymbolicLine.Operand o = operands.get(i);
            String[] names = o.expr().names();
            long[] values = new long[names.length];
            named[i] = new Referent[names.length];
            boolean address = false;
            for (int k = 0; k < names.length; k++) {
                if (names[k] == null) {
                    continue;
                }
                Referent defined = symbols.defined(names[k]);
                if (defined instanceof ConstantDef c) {
                    if (c.current == null) {
                        return PARSER_PATH;
                    }
                    named[i][k] = c;
                    values[k] = c.current;
                    continue;
                }
                if (!addresses) {
                    later = true;
                    continue;
                }
                LabelDef l = defined instanceof LabelDef label ? label : null;
                SectionBuilder sec = l == null ? sections.get(names[k]) : null;
                if (l == null && sec == null) {
                    return PARSER_PATH;
                }
                named[i][k] = l != null ? l : new SectionReferent(sec);
                values[k] = l != null ? l.address() : sec.address;
                address = true;
            }
            if (later) {
                continue;
            }
            long v = o.expr().value(values);
            if (o.branchTarget() && address) {
                SectionBuilder sec = s.section;
                if (v < sec.address || v > sec.address + sec.size() || (v - sec.address) % 8 != 0) {
                    return PARSER_PATH;
                }
                v = (v - (sec.address + s.offset + 8)) / 8;
            }
            if (v < o.min() || v > o.max() || !o.field().fits(v)) {
                return PARSER_PATH;
            }
            word = o.field().insert(word, v);
        }
        return later ? AFTER_LAYOUT : new Resolved(word, named);
    }

    /**
     * A resolved line as the encoder's path finishes it: its references (each made once, as nothing read the
     * line before: no need to check for repeats), its word, its branch target.
     */
    public void encode(Statement s, SymbolicLine line, Resolved r) {
        for (int i = 0; i < line.operands().size(); i++) {
            SymbolicExpression e = line.operands().get(i).expr();
            for (int k = 0; k < e.names().length; k++) {
                Referent target = r.named()[i][k];
                if (target != null) {
                    references.addNew(e.names()[k], s.src.path(), s.lineNo, e.columns()[2 * k], e.columns()[2 * k + 1],
                            target);
                    if (target instanceof LabelDef l) {
                        used.accept(l);
                    }
                }
            }
        }
        s.emitted(true);
        s.def = line.def();
        s.word = r.word();
        s.writeWord();
        s.unconditional(line.unconditional());
        ControlFlow.markTarget(s, line.target());
    }
}
