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
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;

/**
 * Finishes an {@link InstructionFixup}: its operands' expressions evaluated from the symbols and encoded into its
 * word by the one encoder, in pass 1 when every name has its value, else after layout. Each value is evaluated as the
 * encoder asks for it, so the first operand's problem comes before the next is evaluated, as in the parser's path.
 *
 * <p>Two ways, one result. The quick way looks names up in the symbol table and records the references once the word
 * is made; it gives up on anything it would have to report (a constant still to evaluate, a name that is nothing, a
 * value out of range, a branch out of its stream). The reporting way then evaluates the same expressions through the
 * assembly's {@link NameScope}, as the parser's path evaluates a syntax tree: every reference, every diagnostic at its
 * range, the word when there is one. Neither reads the source.
 */
public final class InstructionFixups {

    /** Where the diagnostics of a statement go (the assembly adds pandecode's hint where a line looks like its text). */
    public interface Reporter {
        void report(Statement s, List<Diagnostic> found);
    }

    private final SymbolTable symbols;
    /** The register file's size, for the encoder (a symbolic operand names no register). */
    private final int registers;
    private final java.util.Map<String, SectionBuilder> sections;
    private final NameScope scope;
    private final Reporter reporter;
    private final OperandNames operandNames = new OperandNames();
    /** What {@link #named} fills for each line: kept from the last line. */
    private Referent[][] scratch = new Referent[2][];
    private final InstructionEncoder.Word word = new InstructionEncoder.Word();
    private final Values values = new Values();
    private final Reported reported = new Reported();

    /**
     * {@code scope} records each reference a line makes (and tells the unused-label warnings of each label it names),
     * and resolves local labels and calls as the parser's path does (recording their references itself).
     */
    public InstructionFixups(SymbolTable symbols, java.util.Map<String, SectionBuilder> sections, NameScope scope,
                             int registers, Reporter reporter) {
        this.symbols = symbols;
        this.registers = registers;
        this.sections = sections;
        this.scope = scope;
        this.reporter = reporter;
    }

    /**
     * Finishes {@code f}, the fixup of statement {@code s} (placed): its word written, or its diagnostics reported.
     * Before layout a name may have no value yet (a label's address): then nothing is written and the answer is the
     * fixup to record, which finishes it after layout; else null (always after layout).
     */
    public InstructionFixup finish(Statement s, InstructionFixup f) {
        int quick = f.scoped() ? REPORT : quick(s, f);
        if (quick == DONE) {
            return null;
        }
        if (quick == LATER) {
            return f;
        }
        return reporting(s, f) ? null : f.asScoped();
    }

    // ---------------------------------------------------------------- the quick way

    private static final int DONE = 0;
    private static final int LATER = 1;
    private static final int REPORT = 2;

    /** Stops an evaluation the reporting way must decide. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();
    /** A name has an address only after layout (its message is never shown). */
    private static final UnresolvedException LATER_ADDRESS = new UnresolvedException("address", null);

    /**
     * What the names of the operand being resolved stand for, in the order the tree's evaluator asks: a constant
     * its value now, before layout anything else the end of the attempt, after layout a label or section its address;
     * a constant without a value or any other name stops it ({@link #DECLINED}). Local labels and calls are the scope's.
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
                throw LATER_ADDRESS;
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
                throw LATER_ADDRESS; // the tree's evaluator too: a label's address
            }
            address = true;
            return scope.localLabel(e.names()[k], e.range(k, file, line));
        }

        @Override
        public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
            if (!addresses) {
                // before placement is known to succeed nothing is recorded: the call is evaluated after layout
                throw LATER_ADDRESS;
            }
            return scope.call(e.names()[k], args, e.range(k, file, line));
        }
    }

    /**
     * Evaluates {@code f} from the symbols as they are now, recording only what the scope records of local labels and
     * calls (as the tree's evaluator would), and encodes each value: {@link #LATER} when, before layout, a name is not a
     * constant; {@link #REPORT} when a constant has no value yet, when after layout a name is no constant, label or
     * section, when the evaluation reports anything, or when the encoder would report a value. A branch target naming
     * an address is a distance in instructions from the next one, inside the statement's stream.
     */
    private int quick(Statement s, InstructionFixup f) {
        OperandNames names = operandNames;
        names.addresses = symbols.addressesKnown();
        names.file = s.src().path();
        names.line = s.lineNo();
        Values values = this.values;
        values.statement = s;
        values.fixup = f;
        values.named = named(f.operands());
        values.start();
        try {
            word.encode(f.def(), f.word(), specs(f), registers, values);
        } catch (UnresolvedException later) {
            return LATER; // as the tree's evaluator: the first name without a value ends pass 1's attempt
        } catch (Declined report) {
            return REPORT;
        }
        if (values.refused) {
            return REPORT;
        }
        for (int i = 0; i < f.operands().size(); i++) {
            SymbolicExpression e = f.operands().get(i).expr();
            for (int k = 0; k < e.size(); k++) {
                Referent target = values.named[i][k];
                if (target != null) {
                    // nothing read the line before: each reference is made once, no need to check for repeats
                    scope.refNew(e.names()[k], s.src().path(), s.lineNo(), e.columns()[2 * k], e.columns()[2 * k + 1],
                            target);
                }
            }
        }
        write(s, f, word.word());
        return DONE;
    }

    private static List<OperandSpec> specs(InstructionFixup f) {
        List<InstructionFixup.Operand> operands = f.operands();
        if (operands.size() == 1) {
            return List.of(operands.get(0).spec());
        }
        List<OperandSpec> specs = new ArrayList<>(operands.size());
        for (InstructionFixup.Operand o : operands) {
            specs.add(o.spec());
        }
        return specs;
    }

    /**
     * The symbolic operands of the line being resolved the quick way as the encoder reads them, one view moved from
     * operand to operand, each value evaluated when the encoder asks for it; anything the encoder says (a problem, an
     * evaluation's diagnostic) refuses the quick way, and the reporting way then says it.
     */
    private final class Values extends WrittenOperand implements InstructionEncoder.TypedOperands {
        Statement statement;
        InstructionFixup fixup;
        Referent[][] named;
        /** Whether the encoder said anything of the operands read since {@link #start}. */
        boolean refused;
        private int operand;
        private boolean evaluated;
        private long value;

        void start() {
            refused = false;
        }

        @Override
        public WrittenOperand operand(int i) {
            operand = i;
            evaluated = false;
            return this;
        }

        @Override
        public void problem(int i, OperandProblem problem) {
            refused = true;
        }

        @Override
        public void unevaluated(int i, Diagnostic d) {
            refused = true;
        }

        @Override
        public Shape shape() {
            return Shape.EXPRESSION;
        }

        @Override
        public String text() {
            return valueText(); // only in messages of a refused line, which the reporting way makes again
        }

        @Override
        public String name(int k) {
            throw new IllegalStateException("an expression names no register");
        }

        @Override
        public int names() {
            return 0;
        }

        @Override
        public String symbol() {
            return null; // a name of an enumerated field's values is read by the parser's path
        }

        @Override
        public boolean decimalLiteral() {
            return false;
        }

        @Override
        public boolean hasOffset() {
            return false;
        }

        @Override
        public long value() {
            if (!evaluated) {
                OperandNames names = operandNames;
                names.named = named[operand];
                names.address = false;
                value = fixup.operands().get(operand).expr().evaluate(names, names.file, names.line);
                evaluated = true;
            }
            return value;
        }

        @Override
        public String valueText() {
            SymbolicExpression e = fixup.operands().get(operand).expr();
            return e.text(e.root());
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
            // a label alone must be in this stream, even where its address is this stream's end
            SymbolicExpression e = fixup.operands().get(operand).expr();
            if (e.size() == 1) {
                Referent alone = e.code()[0] == SymbolicExpression.NAME ? named[operand][0]
                        : e.code()[0] == SymbolicExpression.LOCAL ? symbols.findLocal(e.names()[0], statement.index())
                        : null;
                if (alone instanceof LabelDef l && l.section() != sec) {
                    throw DECLINED;
                }
            }
            return OptionalLong.of((v - (sec.address + statement.offset() + 8)) / 8);
        }
    }

    /**
     * What each name of each operand stands for, to be filled by a resolution: arrays kept from the last line (a
     * resolution is written before the next line is resolved), emptied.
     */
    private Referent[][] named(List<InstructionFixup.Operand> operands) {
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

    /** The finished word written into its statement as the parser's path writes an encoded instruction. */
    private static void write(Statement s, InstructionFixup f, long word) {
        s.emitted(true);
        s.def(f.def());
        s.word(word);
        s.writeWord();
        s.unconditional(f.unconditional());
        ControlFlow.markTarget(s, f.target());
    }

    // ---------------------------------------------------------------- the reporting way

    /**
     * {@code f} evaluated through the scope, as the parser's path evaluates the same operands' trees: references
     * recorded as they are met, every problem reported at its range; false when, before layout, a name has no value yet.
     */
    private boolean reporting(Statement s, InstructionFixup f) {
        List<Diagnostic> found = new ArrayList<>();
        Reported operands = reported;
        operands.statement = s;
        operands.fixup = f;
        operands.found = found;
        operands.file = s.src().path();
        operands.line = s.lineNo();
        try {
            if (word.encode(f.def(), f.word(), specs(f), registers, operands)) {
                write(s, f, word.word());
            }
        } catch (UnresolvedException e) {
            if (!symbols.addressesKnown()) {
                return false; // what was found is found again after layout
            }
            found.add(Diagnostic.error(e.range(), DiagnosticCode.UNDEFINED_SYMBOL, "'" + e.getMessage() + "' is not defined"));
        } finally {
            operands.found = null;
        }
        reporter.report(s, found);
        return true;
    }

    /** The fixup's operands read the reporting way, one view moved from operand to operand. */
    private final class Reported extends WrittenOperand implements InstructionEncoder.TypedOperands {
        Statement statement;
        InstructionFixup fixup;
        List<Diagnostic> found;
        Path file;
        int line;
        private InstructionFixup.Operand operand;

        @Override
        public WrittenOperand operand(int i) {
            operand = fixup.operands().get(i);
            return this;
        }

        @Override
        public void problem(int i, OperandProblem p) {
            found.add(InstructionEncoder.diagnostic(p, i < 0 ? statement.range() : range(fixup.operands().get(i), p)));
        }

        @Override
        public void unevaluated(int i, Diagnostic d) {
            found.add(d);
        }

        /** Where a problem of operand {@code o} is: its statement, the whole operand, or its value (a lone name's too). */
        private SourceRange range(InstructionFixup.Operand o, OperandProblem p) {
            SymbolicExpression e = o.expr();
            int root = e.root();
            return switch (p.where()) {
                case STATEMENT -> statement.range();
                case OPERAND -> new SourceRange(file, line, o.column(), line, e.columns()[2 * root + 1]);
                case VALUE, NAME -> e.range(root, file, line);
            };
        }

        private boolean loneName() {
            SymbolicExpression e = operand.expr();
            return e.size() == 1 && e.code()[0] == SymbolicExpression.NAME;
        }

        @Override
        public Shape shape() {
            // a name alone is a name, as the parser reads it; written after '#' it is an expression
            return loneName() && operand.column() == operand.expr().columns()[0] ? Shape.NAME : Shape.EXPRESSION;
        }

        @Override
        public String text() {
            SymbolicExpression e = operand.expr();
            return (operand.column() < e.columns()[2 * e.root()] ? "#" : "") + valueText();
        }

        @Override
        public String name(int k) {
            return operand.expr().names()[0];
        }

        @Override
        public int names() {
            return shape() == Shape.NAME ? 1 : 0;
        }

        @Override
        public String symbol() {
            return loneName() ? operand.expr().names()[0] : null;
        }

        @Override
        public boolean decimalLiteral() {
            return false; // an expression that names something
        }

        @Override
        public boolean hasOffset() {
            return false;
        }

        @Override
        public long value() {
            return operand.expr().evaluate(scope, file, line);
        }

        @Override
        public String valueText() {
            SymbolicExpression e = operand.expr();
            return e.text(e.root());
        }

        @Override
        public OptionalLong branchOffset() {
            return scope.branchDistance(statement, operand.expr());
        }
    }
}
