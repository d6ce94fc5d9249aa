package dev.csfstudio.asm;

import dev.csfstudio.program.ImmutableView;

import dev.csfstudio.program.AssembledLine;

import java.util.List;

/**
 * An immutable list of {@link AssembledLine}s made on demand from the statements that produced bytes, so a
 * million-line program keeps one object per line (its statement) instead of three (statement, line, text).
 */
final class AssembledLines extends ImmutableView<AssembledLine> {

    private final List<Assembly.Stmt> stmts;

    /** {@code stmts} must not change afterwards. */
    AssembledLines(List<Assembly.Stmt> stmts) {
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
