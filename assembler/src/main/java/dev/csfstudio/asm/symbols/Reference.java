package dev.csfstudio.asm.symbols;

import dev.csfstudio.program.SourceRange;

/**
 * A use of a name at {@code range}: {@code target} is what it names, the {@link LabelDef}, {@link ConstantDef}
 * or section (its builder), or null when nothing of that name is defined; {@link SymbolIndex} turns it into
 * the result's symbol by identity.
 */
public record Reference(String name, SourceRange range, Object target) {
}
