package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.SourceFile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every statement of one assembly in assembly order (includes spliced in), and the sections they are placed in,
 * each with an id ({@code 0..sectionCount() - 1}) that the walks after layout index their per-section state by.
 */
public final class StatementTable {

    /** The statements, {@code count} of them: a plain array, one call less a read in walks the JIT has not compiled. */
    private Statement[] rows = new Statement[64];
    private int count;
    private final List<SectionBuilder> sections = new ArrayList<>();

    /** Room for {@code rows} statements in all without growing (about one a line of the main file). */
    public void ensureCapacity(int rows) {
        if (rows > this.rows.length) {
            this.rows = Arrays.copyOf(this.rows, rows);
        }
    }

    /** A new statement for line {@code lineNo} of {@code src}, unplaced; its index. */
    public int add(SourceFile src, int lineNo) {
        if (count == rows.length) {
            rows = Arrays.copyOf(rows, 2 * count);
        }
        rows[count] = new Statement(this, count, src, lineNo);
        return count++;
    }

    public int size() {
        return count;
    }

    /** The statement of index {@code i}. */
    public Statement get(int i) {
        if (i >= count) {
            throw new IndexOutOfBoundsException(i);
        }
        return rows[i];
    }

    /** Gives {@code sec} its id when a statement is first placed in it. */
    void register(SectionBuilder sec) {
        if (sec.tableId < 0) {
            sec.tableId = sections.size();
            sections.add(sec);
        }
    }

    /** The section of id {@code id}. */
    public SectionBuilder sectionOf(int id) {
        return sections.get(id);
    }

    /** How many sections statements are placed in. */
    public int sectionCount() {
        return sections.size();
    }
}
