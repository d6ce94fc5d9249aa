package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.ConstantDef;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.Referent;
import dev.csfstudio.asm.symbols.SectionReferent;
import dev.csfstudio.asm.symbols.SymbolTable;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.expr.UnresolvedException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;

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

    /**
     * The line's word and what each of its names stands for ({@code named[operand][token]}), valid until the next line
     * is resolved.
     */
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
    /** The register file's size, for the encoder (a symbolic operand names no register). */
    private final int registers;
    private final Map<String, SectionBuilder> sections;
    private final NameScope scope;
    private final OperandNames operandNames = new OperandNames();
    /** What {@link #named} fills for each line: kept from the last line. */
    private Referent[][] scratch = new Referent[2][];

    /**
     * {@code scope} records each reference a line makes (and tells the unused-label warnings of each label it names),
     * and resolves local labels and calls as the parser's path does (recording their references itself).
     */
    public SymbolicOperands(SymbolTable symbols, Map<String, SectionBuilder> sections, NameScope scope, int registers) {
        this.symbols = symbols;
        this.registers = registers;
        this.sections = sections;
        this.scope = scope;
    }

    /** Stops an evaluation that the parser's path must decide. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();

    /**
     * What the names of the operand being resolved stand for, in the order the tree's evaluator asks: a constant
     * its value now, before layout anything else the end of the attempt ({@link UnresolvedException}), after layout
     * a label or section its address; a constant without a value or any other name stops it ({@link #DECLINED}).
     * Local labels and calls are the scope's.
     */
    private final class OperandNames implements SymbolicExpression.Names {
        Referent[] named;
        boolean addresses;
        boolean address;
        Path file;
        int line;

        @Override
        public long name(SymbolicExpression e, int k) {
            String name = e.names()[k];
            Referent defined = symbols.defined(name);
            if (defined instanceof ConstantDef c) {
                if (c.current == null) {
                    throw DECLINED;
                }
                named[k] = c;
                return c.current;
            }
            if (!addresses) {
                throw new UnresolvedException(name, null);
            }
            LabelDef l = defined instanceof LabelDef label ? label : null;
            SectionBuilder sec = l == null ? sections.get(name) : null;
            if (l == null && sec == null) {
                throw DECLINED;
            }
            named[k] = l != null ? l : new SectionReferent(sec);
            address = true;
            return l != null ? l.address() : sec.address;
        }

        @Override
        public long local(SymbolicExpression e, int k) {
            if (!addresses) {
                throw new UnresolvedException(e.names()[k], null); // the tree's evaluator too: a label's address
            }
            return scope.localLabel(e.names()[k], e.range(k, file, line));
        }

        @Override
        public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
            if (!addresses) {
                // before placement is known to succeed nothing is recorded: the call is evaluated after layout
                throw new UnresolvedException(e.names()[k], null);
            }
            return scope.call(e.names()[k], args, e.range(k, file, line));
        }
    }

    /**
     * Evaluates {@code line} from the symbols as they are now, recording only what the scope records of local labels
     * and calls (as the tree's evaluator would), and encodes each value through the one encoder: after layout's when,
     * before layout, a name is not a constant; the parser's path when a constant has no value yet, when after layout a
     * name is no constant, label or section, when the evaluation reports anything, or when the encoder would report
     * a value. A branch target naming an address is a distance in instructions from the next one, inside the
     * statement's stream.
     */
    public Resolution resolve(Statement s, SymbolicLine line) {
        OperandNames names = operandNames;
        names.addresses = symbols.addressesKnown();
        names.file = s.src().path();
        names.line = s.lineNo();
        Values values = this.values;
        values.statement = s;
        values.line = line;
        values.named = named(line.operands());
        values.start();
        try {
            word.encode(line.def(), line.word(), values.specs(), registers, values);
        } catch (UnresolvedException later) {
            return AFTER_LAYOUT; // as the tree's evaluator: the first name without a value ends pass 1's attempt
        } catch (Declined parserPath) {
            return PARSER_PATH;
        }
        return values.refused ? PARSER_PATH : new Resolved(word.word(), values.named);
    }

    private final InstructionEncoder.Word word = new InstructionEncoder.Word();
    private final Values values = new Values();

    /**
     * The symbolic operands of the line being resolved as the encoder reads them, each value evaluated when the encoder
     * asks for it (so the first operand's problem ends the attempt before the next is evaluated, as in the tree's path);
     * anything the encoder says sends the line to the parser's path.
     */
    private final class Values extends EvaluatedOperands {
        Statement statement;
        SymbolicLine line;
        Referent[][] named;
        private boolean evaluated;
        private long value;

        List<OperandSpec> specs() {
            List<SymbolicLine.Operand> operands = line.operands();
            if (operands.size() == 1) {
                return List.of(operands.get(0).spec());
            }
            List<OperandSpec> specs = new ArrayList<>(operands.size());
            for (SymbolicLine.Operand o : operands) {
                specs.add(o.spec());
            }
            return specs;
        }

        @Override
        public WrittenOperand operand(int i) {
            evaluated = false;
            return super.operand(i);
        }

        @Override
        public long value() {
            if (!evaluated) {
                OperandNames names = operandNames;
                names.named = named[operand];
                names.address = false;
                value = line.operands().get(operand).expr().evaluate(names, names.file, names.line);
                evaluated = true;
            }
            return value;
        }

        @Override
        public String valueText() {
            SymbolicExpression e = line.operands().get(operand).expr();
            return e.text(e.size() - 1); // the postfix program's last node is its root
        }

        @Override
        public OptionalLong branchOffset() {
            long v = value();
            if (!operandNames.address) {
                return OptionalLong.empty();
            }
            SectionBuilder sec = statement.section();
            if (v < sec.address || v > sec.address + sec.size() || (v - sec.address) % 8 != 0) {
                throw DECLINED;
            }
            return OptionalLong.of((v - (sec.address + statement.offset() + 8)) / 8);
        }
    }

    /**
     * What each name of each operand stands for, to be filled by a resolution: arrays kept from the last line (a
     * resolution is encoded before the next line is resolved), emptied.
     */
    private Referent[][] named(List<SymbolicLine.Operand> operands) {
        if (scratch.length < operands.size()) {
            scratch = Arrays.copyOf(scratch, operands.size());
        }
        for (int i = 0; i < operands.size(); i++) {
            int size = operands.get(i).expr().size();
            if (scratch[i] == null || scratch[i].length < size) {
                scratch[i] = new Referent[Math.max(size, 8)];
            } else {
                Arrays.fill(scratch[i], 0, size, null);
            }
        }
        return scratch;
    }

    /**
     * A resolved line written into its statement as the encoder's path writes it: its references (each made once, as
     * nothing read the line before: no need to check for repeats), its word, its branch target.
     */
    public void finish(Statement s, SymbolicLine line, Resolved r) {
        for (int i = 0; i < line.operands().size(); i++) {
            SymbolicExpression e = line.operands().get(i).expr();
            for (int k = 0; k < e.size(); k++) {
                Referent target = r.named()[i][k];
                if (target != null) {
                    scope.refNew(e.names()[k], s.src().path(), s.lineNo(), e.columns()[2 * k], e.columns()[2 * k + 1],
                            target);
                }
            }
        }
        s.emitted(true);
        s.def(line.def());
        s.word(r.word());
        s.writeWord();
        s.unconditional(line.unconditional());
        ControlFlow.markTarget(s, line.target());
    }
}
