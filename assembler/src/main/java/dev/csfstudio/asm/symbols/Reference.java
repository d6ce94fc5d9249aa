package dev.csfstudio.asm.symbols;

import dev.csfstudio.program.SourceRange;

/**
 * A use of a name at {@code range}: {@code target} is what it names, or null when nothing of that name is
 * defined; {@link SymbolIndex} turns it into the result's symbol.
 */
public record Reference(String name, SourceRange range, Referent target) {
}
