package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.SourceRange;

/**
 * A label: its section and offset there, where it is written, the statement it precedes ({@code index},
 * which orders local labels against their uses), and {@code ordinal}, its number in definition order.
 */
public record LabelDef(String name, SectionBuilder section, long offset, SourceRange range, int index, boolean local,
                       int ordinal) implements Referent {

    /** Its GPU address: known once layout has placed its section. */
    public long address() {
        return section.address + offset;
    }
}
