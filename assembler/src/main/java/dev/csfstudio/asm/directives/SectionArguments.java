package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.program.SectionKind;

/**
 * A {@code .stream}/{@code .buffer} line as the plain scanner read it: the section's name at 1-based columns
 * {@code nameColumn..nameEndColumn} (end exclusive), then its options in order, each a {@code key=value} whose value
 * is a {@link SymbolicExpression} or a plain name ({@code values[i]} null, {@code keys[i]} the name as written, e.g.
 * {@code dumpable}); {@code columns} are each option's start and end and its value's, four an option.
 */
public record SectionArguments(SectionKind kind, String name, int nameColumn, int nameEndColumn, String[] keys,
                               SymbolicExpression[] values, int[] columns) {

    public int size() {
        return keys.length;
    }
}
