package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.SourceRange;

/**
 * A label, as a view of its row of the labels' table: its section and offset there, where it is written, the
 * statement it precedes ({@code index}, which orders local labels against their uses), and {@code ordinal}, its
 * number in definition order. Views of one label are equal.
 */
public record LabelDef(LabelTable table, int ordinal) implements Referent {

    public String name() {
        return table.name(ordinal);
    }

    public SectionBuilder section() {
        return table.section(ordinal);
    }

    public long offset() {
        return table.offset(ordinal);
    }

    public SourceRange range() {
        return table.range(ordinal);
    }

    public int index() {
        return table.index(ordinal);
    }

    /** A numeric label ({@code 1:}), which may repeat and is named as {@code 1b} or {@code 1f}. */
    public boolean local() {
        return isLocal(name());
    }

    /** Whether a label named {@code name} is a numeric one ({@link #local}). */
    static boolean isLocal(String name) {
        return Character.isDigit(name.charAt(0));
    }

    /** Its GPU address: known once layout has placed its section. */
    public long address() {
        return section().address + offset();
    }
}
