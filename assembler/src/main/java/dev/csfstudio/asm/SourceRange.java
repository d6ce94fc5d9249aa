package dev.csfstudio.asm;

import java.nio.file.Path;

/**
 * A span of source text. Lines and columns are 1-based; {@code endColumn} is exclusive.
 * Columns count UTF-16 code units, as LSP and ANTLR do.
 */
public record SourceRange(Path file, int line, int column, int endLine, int endColumn) {

    public static SourceRange at(Path file, int line, int column, int length) {
        return new SourceRange(file, line, column, line, column + Math.max(length, 1));
    }

    /** {@code file:line:col} as compilers print it. */
    public String position() {
        return (file == null ? "<input>" : file.toString()) + ":" + line + ":" + column;
    }

    public boolean contains(int l, int c) {
        if (l < line || l > endLine) {
            return false;
        }
        return (l != line || c >= column) && (l != endLine || c < endColumn);
    }
}
