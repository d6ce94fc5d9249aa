package dev.csfstudio.asm;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * An immutable list of {@link AssembledLine}s made on demand from the statements that produced bytes, so a
 * million-line program keeps one object per line (its statement) instead of three (statement, line, text).
 */
final class AssembledLines extends AbstractList<AssembledLine> implements RandomAccess {

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
