package dev.csfstudio.asm;

import java.util.List;

/**
 * Prints a diagnostic the way GCC does: the headline, the source line, a caret line under the range
 * ({@code ^~~~}), then notes for suggestions and related locations.
 */
public final class DiagnosticFormatter {

    private DiagnosticFormatter() {
    }

    public static String format(Diagnostic d, SourceReader reader) {
        StringBuilder sb = new StringBuilder(d.headline()).append('\n');
        String line = sourceLine(d.range(), reader);
        if (line != null) {
            sb.append(line).append('\n').append(caretLine(line, d.range())).append('\n');
        }
        if (!d.suggestions().isEmpty() && !d.message().contains("did you mean")) {
            sb.append(d.range().position()).append(": note: did you mean '").append(d.suggestions().get(0)).append("'?\n");
        }
        for (Diagnostic.Related r : d.related()) {
            sb.append(r.range().position()).append(": note: ").append(r.message()).append('\n');
        }
        return sb.toString();
    }

    /** All diagnostics, each formatted, in order. */
    public static String formatAll(List<Diagnostic> diagnostics, SourceReader reader) {
        StringBuilder sb = new StringBuilder();
        diagnostics.forEach(d -> sb.append(format(d, reader)));
        return sb.toString();
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
