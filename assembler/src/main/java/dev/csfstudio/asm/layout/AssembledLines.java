package dev.csfstudio.asm.layout;

import dev.csfstudio.program.ImmutableView;

import dev.csfstudio.program.AssembledLine;

/**
 * An immutable list of {@link AssembledLine}s made on demand from rows of the {@link StatementTable} that
 * produced bytes, so a million-line program keeps a row index per line instead of three objects (statement,
 * line, text).
 */
public final class AssembledLines extends ImmutableView<AssembledLine> {

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
        if (index < 0 || index >= to - from) {
            throw new IndexOutOfBoundsException("line " + index + " of " + (to - from));
        }
        return table.get(rows[from + index]).assembledLine();
    }

    @Override
    public int size() {
        return to - from;
    }
}
