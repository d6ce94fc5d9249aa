package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.SourceFile;

import java.util.ArrayList;
import java.util.List;

/**
 * Every statement of one assembly in assembly order (includes spliced in), and the sections they are placed in,
 * each with an id ({@code 0..sectionCount() - 1}) that the walks after layout index their per-section state by.
 */
public final class StatementTable {

    private final ArrayList<Statement> rows = new ArrayList<>();
    private final List<SectionBuilder> sections = new ArrayList<>();

    /** Room for {@code rows} statements in all without growing (about one a line of the main file). */
    public void ensureCapacity(int rows) {
        this.rows.ensureCapacity(rows);
    }

    /** A new statement for line {@code lineNo} of {@code src}, unplaced; its index. */
    public int add(SourceFile src, int lineNo) {
        rows.add(new Statement(this, rows.size(), src, lineNo));
        return rows.size() - 1;
    }

    public int size() {
        return rows.size();
    }

    /** The statement of index {@code i}. */
    public Statement get(int i) {
        return rows.get(i);
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
