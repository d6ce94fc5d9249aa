package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;

/**
 * Applies each fixup to its statement after layout, with every address known: an instruction the plain scanner read
 * here ({@link InstructionFixups}); a statement kept as its tree, a constant, a descriptor and an expectation by the
 * phases that own them ({@link Finisher}). Nothing is read from the source again.
 */
public final class FixupApplication implements Fixup.Handler {

    /** What the assembly's other phases do after layout. */
    public interface Finisher {
        /** Encodes the instruction or finishes the directive of {@code tree}, the statement's syntax tree. */
        void parsed(Statement s, CsfParser.StatementContext tree);

        /** Evaluates a constant's definition again, in order. */
        void constant(Statement s, ConstantAssignment assignment);

        /** Writes the fields of a {@code .fbd}/{@code .rt} the plain scanner read. */
        void descriptor(Statement s, DescriptorArguments arguments);

        /** Reads an {@code .expect} the plain scanner read. */
        void expectation(Statement s, ScannedExpectation expectation);
    }

    private final InstructionFixups instructions;
    private final Finisher finisher;

    public FixupApplication(InstructionFixups instructions, Finisher finisher) {
        this.instructions = instructions;
        this.finisher = finisher;
    }

    @Override
    public void instruction(Statement s, int index, InstructionFixup fixup) {
        if (instructions.finish(s, fixup) != null) {
            throw new IllegalStateException("an instruction's fixup waits for addresses after layout");
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
}
