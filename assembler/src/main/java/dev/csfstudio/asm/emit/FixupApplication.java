package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;

/**
 * Applies each fixup to its statement after layout, with every address known: branches to labels and symbolic
 * lines here, without a parse; a statement kept as its tree, a constant, and what the fast paths hand back, by
 * the phases that own them ({@link Finisher}).
 */
public final class FixupApplication implements Fixup.Handler {

    /** What the assembly's other phases do after layout. */
    public interface Finisher {
        /** Encodes the instruction or finishes the directive of {@code tree}, the statement's syntax tree. */
        void parsed(Statement s, CsfParser.StatementContext tree);

        /** The statement's line parsed, then as {@link #parsed}: a line a fast path does not finish. */
        void reparsed(Statement s);

        /** Evaluates a constant's definition again, in order. */
        void constant(Statement s, ConstantAssignment assignment);

        /** Writes the fields of a {@code .fbd}/{@code .rt} the plain scanner read. */
        void descriptor(Statement s, DescriptorArguments arguments);

        /** Reads an {@code .expect} the plain scanner read. */
        void expectation(Statement s, ScannedExpectation expectation);
    }

    private final LabelBranches branches;
    private final SymbolicOperands symbolic;
    private final Finisher finisher;

    public FixupApplication(LabelBranches branches, SymbolicOperands symbolic, Finisher finisher) {
        this.branches = branches;
        this.symbolic = symbolic;
        this.finisher = finisher;
    }

    @Override
    public void branch(Statement s, int index, BranchToLabel branch) {
        if (!branches.apply(s, branch, index)) {
            finisher.reparsed(s);
        }
    }

    @Override
    public void parsed(Statement s, int index, CsfParser.StatementContext tree) {
        finisher.parsed(s, tree);
    }

    @Override
    public void constant(Statement s, int index, ConstantAssignment assignment) {
        finisher.constant(s, assignment);
    }

    @Override
    public void descriptor(Statement s, int index, DescriptorArguments arguments) {
        finisher.descriptor(s, arguments);
    }

    @Override
    public void expectation(Statement s, int index, ScannedExpectation expectation) {
        finisher.expectation(s, expectation);
    }

    @Override
    public void symbolic(Statement s, int index, SymbolicLine line) {
        symbolic.resolve(s, line).handTo(new SymbolicOperands.Handler() {
            @Override
            public void resolved(SymbolicOperands.Resolved resolved) {
                symbolic.finish(s, line, resolved);
            }

            @Override
            public void afterLayout() {
                parserPath(); // addresses are known now: a name still without one is for the parser's path
            }

            @Override
            public void parserPath() {
                finisher.reparsed(s); // the parser's path reports it, or evaluates what this does not
            }
        });
    }
}
