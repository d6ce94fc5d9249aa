package dev.csfstudio.asm;

import java.nio.file.Path;
import java.util.List;

/**
 * Prints a diagnostic the way GCC does: the headline, the source line, a caret line under the range
 * ({@code ^~~~}), then notes for suggestions and related locations.
 */
public final class DiagnosticFormatter {

    private DiagnosticFormatter() {
    }

    public static String format(Diagnostic d, SourceReader reader) {
        StringBuilder sb = new StringBuilder(position(d.range())).append(": ").append(d.severity().label())
                .append(": ").append(d.message()).append('\n');
        String line = sourceLine(d.range(), reader);
        if (line != null) {
            sb.append(line).append('\n').append(caretLine(line, d.range())).append('\n');
        }
        if (!d.suggestions().isEmpty() && !d.message().contains("did you mean")) {
            sb.append(position(d.range())).append(": note: did you mean '").append(d.suggestions().get(0)).append("'?\n");
        }
        for (Diagnostic.Related r : d.related()) {
            sb.append(position(r.range())).append(": note: ").append(r.message()).append('\n');
        }
        return sb.toString();
    }

    /** All diagnostics, each formatted, in order. */
    public static String formatAll(List<Diagnostic> diagnostics, SourceReader reader) {
        StringBuilder sb = new StringBuilder();
        diagnostics.forEach(d -> sb.append(format(d, reader)));
        return sb.toString();
    }

    /**
     * {@code file:line:col}, the file relative to the working directory when it lies inside it, as
     * compilers print the names they were given (the assembler itself works with absolute paths).
     */
    static String position(SourceRange r) {
        if (r.file() == null || !r.file().isAbsolute()) {
            return r.position();
        }
        Path cwd = Path.of("").toAbsolutePath();
        Path shown = r.file().startsWith(cwd) ? cwd.relativize(r.file()) : r.file();
        return shown + ":" + r.line() + ":" + r.column();
    }

    private static String sourceLine(SourceRange r, SourceReader reader) {
        if (r.file() == null || reader == null) {
            return null;
        }
        try {
            String text = reader.read(r.file());
            return text == null ? null : SourceLines.line(text, r.line());
        } catch (Exception e) {
            return null;
        }
    }

    /** Spaces (tabs copied so the caret lines up) up to the column, then ^ and ~ to the range's end. */
    static String caretLine(String line, SourceRange r) {
        StringBuilder sb = new StringBuilder();
        int start = r.column() - 1;
        for (int i = 0; i < start; i++) {
            sb.append(i < line.length() && line.charAt(i) == '\t' ? '\t' : ' ');
        }
        sb.append('^');
        int end = r.endLine() == r.line() ? r.endColumn() - 1 : Math.max(line.length(), start + 1);
        for (int i = start + 1; i < end; i++) {
            sb.append('~');
        }
        return sb.toString();
    }
}
