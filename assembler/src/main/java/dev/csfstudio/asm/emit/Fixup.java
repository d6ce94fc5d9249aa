package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;

/**
 * What pass 1 placed but could not finish before layout (an operand or value names a label, a section or
 * something defined further down), with everything needed to finish it then: no source is read again. Each kind
 * is its own value; {@link Fixups} keeps it beside its statement and the statement's position in assembly order
 * (which local labels are found from).
 */
public sealed interface Fixup permits InstructionFixup, ConstantAssignment, DescriptorArguments,
        ScannedExpectation, Fixup.Parsed {

    /** What the assembly does with each kind of fixup once addresses are known. */
    interface Handler {
        /** An instruction the plain scanner read whose operands name labels or sections: finished with their addresses. */
        void instruction(Statement s, int index, InstructionFixup fixup);

        /** A constant's definition read without a parse: evaluated again in order. */
        void constant(Statement s, int index, ConstantAssignment assignment);

        /** A {@code .fbd} or {@code .rt} the plain scanner read: its fields are written with every address known. */
        void descriptor(Statement s, int index, DescriptorArguments arguments);

        /** An {@code .expect} the plain scanner read: what it states is read with every address known. */
        void expectation(Statement s, int index, ScannedExpectation expectation);

        /** An instruction or directive kept as its syntax tree: encoded or evaluated again. */
        void parsed(Statement s, int index, CsfParser.StatementContext tree);
    }

    void handTo(Handler handler, Statement s, int index);

    /** An instruction or directive kept as its syntax tree. */
    record Parsed(CsfParser.StatementContext tree) implements Fixup {
        @Override
        public void handTo(Handler handler, Statement s, int index) {
            handler.parsed(s, index, tree);
        }
    }
}
