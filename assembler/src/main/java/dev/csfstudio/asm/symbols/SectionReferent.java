package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

/**
 * A stream or buffer as a name refers to it. Layout's section builder knows nothing of symbols (symbols
 * depend on layout, not the other way), so a use of its name refers to it through this; equal for one section.
 */
public record SectionReferent(SectionBuilder section) implements Referent {
}
