package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;

/**
 * What pass 1 placed but could not finish before layout (an operand or value names a label, a section or
 * something defined further down), with everything needed to finish it then: no source is read again.
 * {@code index} is the statement's position in assembly order, which local labels are found from.
 */
public sealed interface Fixup {

    Statement statement();

    int index();

    /** What the assembly does with each kind of fixup once addresses are known. */
    interface Handler {
        void branch(Branch fixup);

        void parsed(Parsed fixup);

        void symbolic(Symbolic fixup);

        void constant(Constant fixup);
    }

    void handTo(Handler handler);

    /** A branch to a label: its target field is the distance to the label. */
    record Branch(Statement statement, int index, BranchToLabel branch) implements Fixup {
        @Override
        public void handTo(Handler handler) {
            handler.branch(this);
        }
    }

    /** An instruction whose expressions name labels or sections: evaluated once they have addresses. */
    record Symbolic(Statement statement, int index, SymbolicLine line) implements Fixup {
        @Override
        public void handTo(Handler handler) {
            handler.symbolic(this);
        }
    }

    /** A constant's definition read without a parse: evaluated again in order, with every address known. */
    record Constant(Statement statement, int index, ConstantAssignment assignment) implements Fixup {
        @Override
        public void handTo(Handler handler) {
            handler.constant(this);
        }
    }

    /** An instruction or directive kept as its syntax tree: encoded or evaluated again with every address known. */
    record Parsed(Statement statement, int index, CsfParser.StatementContext tree) implements Fixup {
        @Override
        public void handTo(Handler handler) {
            handler.parsed(this);
        }
    }
}
