package dev.csfstudio.asm.layout;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.AssembledLineList;
import dev.csfstudio.program.SourceRange;

/**
 * An immutable list of {@link AssembledLine}s made on demand from rows of the {@link StatementTable} that
 * produced bytes, so a million-line program keeps a row index per line instead of three objects (statement,
 * line, text); a search by address reads the statements' places without making their lines.
 */
public final class AssembledLines extends AssembledLineList {

    /** No lines: a section before lint has given it its own. */
    public static final AssembledLines NONE = new AssembledLines(null, new int[0], 0, 0);

    private final StatementTable table;
    private final int[] rows;
    private final int from;
    private final int to;

    /** The lines of rows {@code rows[from..to)} of {@code table}; neither may change afterwards. */
    public AssembledLines(StatementTable table, int[] rows, int from, int to) {
        this.table = table;
        this.rows = rows;
        this.from = from;
        this.to = to;
    }

    @Override
    public AssembledLine get(int index) {
        return statement(index).assembledLine();
    }

    @Override
    public long address(int index) {
        return statement(index).address();
    }

    @Override
    public int bytes(int index) {
        return statement(index).size();
    }

    @Override
    public SourceRange range(int index) {
        return statement(index).range();
    }

    private Statement statement(int index) {
        if (index < 0 || index >= to - from) {
            throw new IndexOutOfBoundsException("line " + index + " of " + (to - from));
        }
        return table.get(rows[from + index]);
    }

    @Override
    public int size() {
        return to - from;
    }
}
