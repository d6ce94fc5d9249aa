package dev.csfstudio.asm.symbols;

/**
 * What a name in the source stands for: a label, a constant or a section; a {@link Reference} records one use
 * and {@link SymbolIndex} turns it into the result's symbol.
 */
public sealed interface Referent permits LabelDef, ConstantDef, SectionReferent {
}
