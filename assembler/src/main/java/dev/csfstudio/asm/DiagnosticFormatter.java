package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceFile;
import dev.csfstudio.asm.source.SourceLines;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a diagnostic the way GCC does: the headline, the source line, a caret line under the range
 * ({@code ^~~~}), then notes for suggestions and related locations. One formatter reads each file once and
 * finds its lines once, however many diagnostics point into it; a long line is shown only around the range.
 */
public final class DiagnosticFormatter {

    /** Characters of a source line shown at most, and of them before the range. */
    static final int LINE_SHOWN = 160;
    private static final int BEFORE_RANGE = 40;
    /** Characters of a message shown at most (a message may quote a whole line of the source). */
    static final int MESSAGE_SHOWN = 400;

    private final SourceReader reader;
    private final Path cwd = Path.of("").toAbsolutePath();
    /** Each file's text and line starts; absent: not read yet, {@link #UNREADABLE}: could not be read. */
    private final Map<Path, FileLines> files = new HashMap<>();
    private static final FileLines UNREADABLE = new FileLines(SourceText.of(""), new int[0]);

    private record FileLines(SourceText text, int[] starts) {
    }

    /** @param reader where the quoted source lines come from, usually {@link AssemblyResult#sources()} */
    public DiagnosticFormatter(SourceReader reader) {
        this.reader = reader;
    }

    public static String format(Diagnostic d, SourceReader reader) {
        return new DiagnosticFormatter(reader).format(d);
    }

    /** All diagnostics, each formatted, in order. */
    public static String formatAll(List<Diagnostic> diagnostics, SourceReader reader) {
        DiagnosticFormatter formatter = new DiagnosticFormatter(reader);
        StringBuilder sb = new StringBuilder();
        diagnostics.forEach(d -> sb.append(formatter.format(d)));
        return sb.toString();
    }

    public String format(Diagnostic d) {
        StringBuilder sb = new StringBuilder(position(d.range(), cwd)).append(": ").append(d.severity().label())
                .append(": ").append(bounded(d.message())).append('\n');
        String line = sourceLine(d.range());
        if (line != null) {
            sb.append(line).append('\n');
        }
        if (!d.suggestions().isEmpty() && !d.message().contains("did you mean")
                && !d.message().contains(d.suggestions().get(0))) { // no note repeating what the message says
            sb.append(position(d.range(), cwd)).append(": note: did you mean '").append(bounded(d.suggestions().get(0)))
                    .append("'?\n");
        }
        for (Diagnostic.Related r : d.related()) {
            sb.append(position(r.range(), cwd)).append(": note: ").append(bounded(r.message())).append('\n');
        }
        return sb.toString();
    }

    /** {@code file:line:col} as the command line shows it ({@link SourceRange#shownPosition()}). */
    static String position(SourceRange r) {
        return r.shownPosition();
    }

    private static String position(SourceRange r, Path cwd) {
        if (r.file() == null || !r.file().isAbsolute()) {
            return r.position();
        }
        Path shown = r.file().startsWith(cwd) ? cwd.relativize(r.file()) : r.file();
        return shown + ":" + r.line() + ":" + r.column();
    }

    private static String bounded(String message) {
        return message.length() <= MESSAGE_SHOWN ? message
                : message.substring(0, MESSAGE_SHOWN) + "... (" + message.length() + " characters)";
    }

    /**
     * The range's source line and a caret line under the range, or null; a long line only around the
     * range (it is cut from the file's text without copying the rest of the line).
     */
    private String sourceLine(SourceRange r) {
        if (r.file() == null || reader == null) {
            return null;
        }
        FileLines lines = files.computeIfAbsent(r.file(), this::read);
        if (lines == UNREADABLE || r.line() < 1 || r.line() > lines.starts().length) {
            return null;
        }
        SourceText text = lines.text();
        int start = lines.starts()[r.line() - 1];
        int end = r.line() < lines.starts().length ? lines.starts()[r.line()] : text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        int length = end - start;
        int from = length <= LINE_SHOWN ? 0 : Math.max(0, Math.min(r.column() - 1 - BEFORE_RANGE, length - LINE_SHOWN));
        int to = Math.min(length, from + LINE_SHOWN);
        String shown = text.substring(start + from, start + to);
        String prefix = from > 0 ? "..." : "";
        return prefix + shown + (to < length ? "..." : "") + "\n" + " ".repeat(prefix.length())
                + caretLine(shown, r, from, length);
    }

    /** A file's lines: as the assembly indexed them when the reader holds them, else read and indexed here. */
    private FileLines read(Path file) {
        if (reader instanceof AssembledSources assembled) {
            SourceFile src = assembled.file(file);
            return src == null ? UNREADABLE : new FileLines(src.source(), src.lineStarts());
        }
        try {
            String text = reader.read(file);
            if (text == null) {
                return UNREADABLE;
            }
            SourceText indexed = SourceText.of(text);
            return new FileLines(indexed, SourceLines.lineStarts(indexed.bytes(), 1));
        } catch (Exception e) {
            return UNREADABLE;
        }
    }

    /**
     * Spaces (tabs copied so the caret lines up) up to the column, then ^ and ~ to the range's end, under
     * {@code shown}: the part of a line of {@code length} characters that starts at {@code from}; the carets
     * stop where the part does.
     */
    private static String caretLine(String shown, SourceRange r, int from, int length) {
        StringBuilder sb = new StringBuilder();
        int start = Math.max(r.column() - 1, from);
        for (int i = from; i < start; i++) {
            int at = i - from;
            sb.append(at < shown.length() && shown.charAt(at) == '\t' ? '\t' : ' ');
        }
        sb.append('^');
        int end = r.endLine() == r.line() ? r.endColumn() - 1 : Math.max(length, start + 1);
        end = Math.min(end, Math.max(from + shown.length(), start + 1));
        for (int i = start + 1; i < end; i++) {
            sb.append('~');
        }
        return sb.toString();
    }
}
