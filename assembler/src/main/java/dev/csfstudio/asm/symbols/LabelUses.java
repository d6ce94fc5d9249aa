package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

/** Hears of each use of a label (for unused-label warnings). */
public interface LabelUses {

    /** The label of ordinal {@code ordinal}, in {@code section}, is used. */
    void used(int ordinal, SectionBuilder section);

    default void used(LabelDef label) {
        used(label.ordinal(), label.section());
    }
}
