package dev.csfstudio.program;

import dev.csfstudio.isa.InstructionDef;

/**
 * What one source statement became: its address, size and (for an instruction) its definition and word.
 * Listings, hover, inlay hints and runtime fault locations read these.
 *
 * @param instruction the instruction's table entry, or null for data directives
 * @param word        the encoded instruction word (meaningful when {@code instruction} is non-null)
 */
public record AssembledLine(SourceRange range, String section, long address, int size,
                            InstructionDef instruction, long word, String sourceText) {
}
