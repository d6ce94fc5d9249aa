package dev.csfstudio.asm.layout;

import dev.csfstudio.program.ImmutableView;

import dev.csfstudio.program.AssembledLine;

import java.util.List;

/**
 * An immutable list of {@link AssembledLine}s made on demand from the statements that produced bytes, so a
 * million-line program keeps one object per line (its statement) instead of three (statement, line, text).
 */
public final class AssembledLines extends ImmutableView<AssembledLine> {

    private final List<Statement> stmts;

    /** {@code stmts} must not change afterwards. */
    public AssembledLines(List<Statement> stmts) {
        this.stmts = stmts;
    }

    @Override
    public AssembledLine get(int index) {
        return stmts.get(index).assembledLine();
    }

    @Override
    public int size() {
        return stmts.size();
    }
}
