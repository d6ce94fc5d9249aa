package dev.csfstudio.program;

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

    /**
     * {@code file:line:col} with the file relative to the working directory when it lies inside it, as compilers
     * print the names they were given (the assembler works with absolute paths): what the command line shows, the
     * assembler's diagnostics and a run's stop alike.
     */
    public String shownPosition() {
        if (file == null || !file.isAbsolute()) {
            return position();
        }
        Path cwd = Path.of("").toAbsolutePath();
        return (file.startsWith(cwd) ? cwd.relativize(file) : file) + ":" + line + ":" + column;
    }

    // equals and hashCode written out: a record's own link through invokedynamic on first use, which cost a
    // small 'csf run' a twentieth of its start-up (ranges are hash keys of every assembly).
    @Override
    public boolean equals(Object o) {
        return o instanceof SourceRange r && line == r.line && column == r.column && endLine == r.endLine
                && endColumn == r.endColumn && java.util.Objects.equals(file, r.file);
    }

    @Override
    public int hashCode() {
        return (((java.util.Objects.hashCode(file) * 31 + line) * 31 + column) * 31 + endLine) * 31 + endColumn;
    }

    public boolean contains(int l, int c) {
        if (l < line || l > endLine) {
            return false;
        }
        return (l != line || c >= column) && (l != endLine || c < endColumn);
    }
}
