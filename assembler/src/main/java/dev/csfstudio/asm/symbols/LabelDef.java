package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.SourceRange;

/**
 * A label: its section and offset there, where its name is written, the statement it precedes ({@code index},
 * which orders local labels against their uses), and {@code ordinal}, its number in definition order.
 */
public record LabelDef(String name, SectionBuilder section, long offset, SourceRange range, int index, int ordinal)
        implements Referent {

    /** A numeric label ({@code 1:}), which may repeat and is named as {@code 1b} or {@code 1f}. */
    public boolean local() {
        return isLocal(name);
    }

    /** Whether a label named {@code name} is a numeric one ({@link #local}). */
    static boolean isLocal(String name) {
        return Character.isDigit(name.charAt(0));
    }

    /** Its GPU address: known once layout has placed its section. */
    public long address() {
        return section.address + offset;
    }
}
