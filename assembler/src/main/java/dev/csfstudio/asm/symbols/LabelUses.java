package dev.csfstudio.asm.symbols;

/** Hears of each use of a label (for unused-label warnings). */
public interface LabelUses {

    /** {@code label} is used. */
    void used(LabelDef label);
}
