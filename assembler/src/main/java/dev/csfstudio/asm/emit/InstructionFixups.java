package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.ConstantDef;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.Referent;
import dev.csfstudio.asm.symbols.SectionReferent;
import dev.csfstudio.asm.symbols.SymbolTable;
import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Finishes an {@link InstructionFixup}: its operands' expressions evaluated and encoded into its word by the one
 * encoder, in pass 1 when every name has its value, else after layout. Each operand's expression is evaluated once,
 * when the encoder first asks for its value or branch distance, through {@link OperandNames}, the assembly's
 * {@link NameScope} answering as it answers the parser's path: the value, or the problem (an undefined name, a
 * circular constant, a branch out of its stream, a value out of range) at its range in the parser's words. The first
 * problem of an operand ends that operand, and the next is still read, as in the parser's path. Nothing is read from
 * the source again.
 *
 * <p>The references a line makes are recorded once, when it is finished: before layout a name that is no constant
 * ends the attempt ({@link UnresolvedException}, as the scope would answer), and the line is finished after layout.
 */
public final class InstructionFixups {

    /** Where the diagnostics of a statement go (the assembly adds pandecode's hint where a line looks like its text). */
    public interface Reporter {
        void report(Statement s, List<Diagnostic> found);
    }

    private final SymbolTable symbols;
    /** The register file's size, for the encoder (a symbolic operand names no register). */
    private final int registers;
    private final Map<String, SectionBuilder> sections;
    private final NameScope scope;
    private final Reporter reporter;
    private final OperandNames names = new OperandNames();
    private final Operands operands = new Operands();
    private final InstructionEncoder.Word word = new InstructionEncoder.Word();
    /** What each name of each operand of the line being finished stands for: kept from the last line. */
    private Referent[][] named = new Referent[2][];

    /** A name with an address before layout (its message and range are never shown: the attempt waits for layout). */
    private static final UnresolvedException LATER = new UnresolvedException("address", null);

    /**
     * Ends the attempt before layout, where a name that is no constant has no value yet (a label's or section's
     * address, a local label's, a name defined further down): what the scope would answer then, without asking it.
     */
    private void addresses() {
        if (!symbols.addressesKnown()) {
            throw LATER;
        }
    }

    /**
     * {@code scope} says what each name means, records the references the line makes (and tells the unused-label
     * warnings of each label it names), and resolves local labels and calls as for the parser's path.
     */
    public InstructionFixups(SymbolTable symbols, Map<String, SectionBuilder> sections, NameScope scope,
                             int registers, Reporter reporter) {
        this.symbols = symbols;
        this.registers = registers;
        this.sections = sections;
        this.scope = scope;
        this.reporter = reporter;
    }

    /**
     * Finishes {@code f}, the fixup of statement {@code s} (placed): its word written, its diagnostics reported.
     * Before layout a name may have no value yet (a label's address): then nothing is written or recorded and the
     * answer is the fixup to record, which finishes it after layout; else null (always after layout).
     */
    public InstructionFixup finish(Statement s, InstructionFixup f) {
        Path file = s.src().path();
        int line = s.lineNo();
        Operands view = operands;
        view.statement = s;
        view.fixup = f;
        view.found = null;
        names.file = file;
        names.line = line;
        reset(f.operands());
        boolean written;
        try {
            written = word.encode(f.def(), f.word(), specs(f), registers, view);
        } catch (UnresolvedException e) {
            if (!symbols.addressesKnown()) {
                return f; // what was found is found again after layout
            }
            view.found(Diagnostic.error(e.range(), DiagnosticCode.UNDEFINED_SYMBOL, "'" + e.getMessage() + "' is not defined"));
            written = false;
        }
        List<InstructionFixup.Operand> ops = f.operands();
        for (int i = 0; i < ops.size(); i++) {
            SymbolicExpression e = ops.get(i).expr();
            Referent[] targets = named[i];
            for (int k = 0; k < e.size(); k++) {
                if (targets[k] != null) {
                    // the line is finished once: each reference is made once, no need to check for repeats
                    scope.refNew(e.names()[k], file, line, e.columns()[2 * k], e.columns()[2 * k + 1], targets[k]);
                }
            }
        }
        if (written) {
            write(s, f, word.word());
        }
        if (view.found != null) {
            reporter.report(s, view.found);
        }
        return null;
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

    /** {@link #named} emptied for {@code operands}: arrays kept from the last line (a line is finished before the next). */
    private void reset(List<InstructionFixup.Operand> operands) {
        if (named.length < operands.size()) {
            named = Arrays.copyOf(named, operands.size());
        }
        for (int i = 0; i < operands.size(); i++) {
            int size = operands.get(i).expr().size();
            if (named[i] == null || named[i].length < size) {
                named[i] = new Referent[Math.max(size, 8)];
            } else {
                Arrays.fill(named[i], 0, size, null);
            }
        }
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

    /**
     * What the names of the operand being evaluated stand for, asked by the expression in the order the tree's
     * evaluator resolves them, answered as {@link NameScope} answers: a constant its value (its first definition
     * evaluated by the scope when the value is not known yet), a label or section its address, which before layout
     * it has not ({@link UnresolvedException}), any other name the scope's error. What each name stands for is kept
     * in {@link #named}, to be recorded when the line is finished; local labels and calls are the scope's (which
     * records their references itself, each range once).
     */
    private final class OperandNames implements SymbolicExpression.Names {
        /** {@link #named} of the operand being evaluated. */
        Referent[] named;
        /** Whether a name outside calls stood for an address (a branch target is then a distance). */
        boolean address;
        Path file;
        int line;

        @Override
        public long name(SymbolicExpression e, int k) {
            String name = e.names()[k];
            Referent defined = symbols.defined(name);
            if (defined instanceof ConstantDef c) {
                named[k] = c;
                return c.current != null ? c.current : scope.constantValue(c, e.range(k, file, line));
            }
            addresses();
            SectionBuilder sec = defined == null ? sections.get(name) : null;
            if (defined == null && sec == null) {
                return scope.symbol(name, e.range(k, file, line)); // the undefined name's error
            }
            named[k] = defined != null ? defined : new SectionReferent(sec);
            address = true;
            return defined instanceof LabelDef l ? l.address() : sec.address;
        }

        @Override
        public long local(SymbolicExpression e, int k) {
            addresses();
            address = true;
            return scope.localLabel(e.names()[k], e.range(k, file, line));
        }

        @Override
        public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
            boolean before = address; // lo32/hi32/sizeof/fbd give numbers
            try {
                return scope.call(e.names()[k], args, e.range(k, file, line));
            } finally {
                address = before;
            }
        }
    }

    /** The fixup's operands as the encoder reads them, one view moved from operand to operand. */
    private final class Operands extends WrittenOperand implements InstructionEncoder.TypedOperands {
        Statement statement;
        InstructionFixup fixup;
        /** What the line's operands draw, or null while nothing. */
        List<Diagnostic> found;
        private InstructionFixup.Operand operand;
        private boolean evaluated;
        private long value;

        void found(Diagnostic d) {
            if (found == null) {
                found = new ArrayList<>(2);
            }
            found.add(d);
        }

        @Override
        public WrittenOperand operand(int i) {
            operand = fixup.operands().get(i);
            names.named = named[i];
            evaluated = false;
            return this;
        }

        @Override
        public void problem(int i, OperandProblem p) {
            found(InstructionEncoder.diagnostic(p, i < 0 ? statement.range() : range(fixup.operands().get(i), p)));
        }

        @Override
        public void unevaluated(int i, Diagnostic d) {
            found(d);
        }

        /** Where a problem of operand {@code o} is: its statement, the whole operand, or its value (a lone name's too). */
        private SourceRange range(InstructionFixup.Operand o, OperandProblem p) {
            SymbolicExpression e = o.expr();
            int root = e.root();
            Path file = names.file;
            int line = names.line;
            return switch (p.where()) {
                case STATEMENT -> statement.range();
                case OPERAND -> new SourceRange(file, line, o.column(), line, e.columns()[2 * root + 1]);
                case VALUE, NAME -> e.range(root, file, line);
            };
        }

        private boolean lone(byte code) {
            SymbolicExpression e = operand.expr();
            return e.size() == 1 && e.code()[0] == code;
        }

        @Override
        public Shape shape() {
            // a name alone is a name, as the parser reads it; written after '#' it is an expression
            return lone(SymbolicExpression.NAME) && operand.column() == operand.expr().columns()[0] ? Shape.NAME
                    : Shape.EXPRESSION;
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
            return lone(SymbolicExpression.NAME) ? operand.expr().names()[0] : null;
        }

        @Override
        public boolean decimalLiteral() {
            return false; // an expression that names something
        }

        @Override
        public boolean hasOffset() {
            return false;
        }

        /** The expression's value, evaluated the first time it is asked for. */
        @Override
        public long value() {
            if (!evaluated) {
                names.address = false;
                value = operand.expr().evaluate(names, names.file, names.line);
                evaluated = true;
            }
            return value;
        }

        @Override
        public String valueText() {
            SymbolicExpression e = operand.expr();
            return e.text(e.root());
        }

        /**
         * As {@link NameScope#branchDistance} decides for the parser's path: a label alone (a local one too) must be
         * in the statement's stream; an expression naming an address (a stream's name alone too) must compute an
         * instruction of it; constants and numbers are a distance as written (empty).
         */
        @Override
        public OptionalLong branchOffset() {
            SymbolicExpression e = operand.expr();
            Path file = names.file;
            int line = names.line;
            if (lone(SymbolicExpression.NAME)) {
                Referent defined = symbols.defined(e.names()[0]);
                if (defined instanceof ConstantDef) {
                    return OptionalLong.empty();
                }
                if (defined instanceof LabelDef l) {
                    addresses();
                    names.named[0] = l;
                    return scope.labelDistance(statement, l, e.range(0, file, line), e.names()[0]);
                }
            } else if (lone(SymbolicExpression.LOCAL)) {
                addresses();
                SourceRange range = e.range(0, file, line);
                return scope.labelDistance(statement, scope.localTarget(e.names()[0], range), range, e.names()[0]);
            }
            long va = value(); // a stream's name alone is its first instruction's address
            int root = e.root();
            return names.address ? scope.addressDistance(statement, va, e.range(root, file, line), e.text(root))
                    : OptionalLong.empty();
        }
    }
}
