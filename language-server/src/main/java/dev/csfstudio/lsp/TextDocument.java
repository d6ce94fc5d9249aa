package dev.csfstudio.lsp;

import java.util.Arrays;
import java.util.List;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;

/**
 * One version of an open document: its text and an index of line starts. Immutable, so analyses and
 * background runs can hold a version while newer edits arrive. Positions are LSP positions (0-based,
 * UTF-16 code units), which map directly onto Java string offsets.
 */
public final class TextDocument {

    private final String uri;
    private final int version;
    private final String text;
    private final int[] lineStarts;

    public TextDocument(String uri, int version, String text) {
        this.uri = uri;
        this.version = version;
        this.text = text;
        this.lineStarts = indexLines(text);
    }

    public String uri() {
        return uri;
    }

    public int version() {
        return version;
    }

    public String text() {
        return text;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** The text of a 0-based line without its line terminator; empty past the end. */
    public String line(int line) {
        if (line < 0 || line >= lineStarts.length) {
            return "";
        }
        int start = lineStarts[line];
        int end = line + 1 < lineStarts.length ? lineStarts[line + 1] : text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return text.substring(start, end);
    }

    /** The string offset of a position, clamped into the document (clients may send stale positions). */
    public int offsetAt(Position position) {
        int line = position.getLine();
        if (line < 0) {
            return 0;
        }
        if (line >= lineStarts.length) {
            return text.length();
        }
        int lineEnd = lineStarts[line] + line(line).length();
        return Math.min(lineStarts[line] + Math.max(position.getCharacter(), 0), lineEnd);
    }

    public Position positionAt(int offset) {
        int clamped = Math.max(0, Math.min(offset, text.length()));
        int line = Arrays.binarySearch(lineStarts, clamped);
        if (line < 0) {
            line = -line - 2;
        }
        return new Position(line, clamped - lineStarts[line]);
    }

    /** The range covering the whole document, for full-document edits. */
    public Range fullRange() {
        return new Range(new Position(0, 0), positionAt(text.length()));
    }

    /** The next version: each change replaces its range, or the whole text when it has none. */
    public TextDocument apply(int newVersion, List<TextDocumentContentChangeEvent> changes) {
        TextDocument current = this;
        for (TextDocumentContentChangeEvent change : changes) {
            String replacement = change.getText() == null ? "" : change.getText();
            if (change.getRange() == null) {
                current = new TextDocument(uri, newVersion, replacement);
            } else {
                int start = current.offsetAt(change.getRange().getStart());
                int end = Math.max(start, current.offsetAt(change.getRange().getEnd()));
                String next = current.text.substring(0, start) + replacement + current.text.substring(end);
                current = new TextDocument(uri, newVersion, next);
            }
        }
        return current.version == newVersion ? current : new TextDocument(uri, newVersion, current.text);
    }

    private static int[] indexLines(String text) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                count++;
            }
        }
        int[] starts = new int[count];
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                starts[n++] = i + 1;
            }
        }
        return starts;
    }
}
