package dev.csfstudio.eclipse;

import java.util.Arrays;

/**
 * LSP positions (zero-based line, UTF-16 character) to document offsets and back, over one text.
 * Line breaks are {@code \n}, {@code \r\n} and {@code \r}, as in Eclipse documents. Out-of-range positions
 * are clamped the way LSP asks: a character past the line's end means the end of the line, a line past
 * the last means the end of the text.
 */
public final class LineOffsets {

    private final int length;
    /** Offset of each line's first character. */
    private final int[] starts;
    /** Offset just after each line's last character (before its line break). */
    private final int[] ends;
    private final int count;

    public LineOffsets(String text) {
        length = text.length();
        int[] s = new int[16];
        int[] e = new int[16];
        int n = 0;
        int lineStart = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                if (n == s.length) {
                    s = Arrays.copyOf(s, n * 2);
                    e = Arrays.copyOf(e, n * 2);
                }
                s[n] = lineStart;
                e[n] = i;
                n++;
                if (c == '\r' && i + 1 < length && text.charAt(i + 1) == '\n') {
                    i++;
                }
                lineStart = i + 1;
            }
        }
        if (n == s.length) {
            s = Arrays.copyOf(s, n + 1);
            e = Arrays.copyOf(e, n + 1);
        }
        s[n] = lineStart;
        e[n] = length;
        n++;
        starts = s;
        ends = e;
        count = n;
    }

    /** Number of lines; an empty text and a text ending in a line break have an empty last line. */
    public int lineCount() {
        return count;
    }

    public int textLength() {
        return length;
    }

    /** The offset of (line, character), clamped into the text. */
    public int offset(int line, int character) {
        if (line < 0) {
            return 0;
        }
        if (line >= count) {
            return length;
        }
        int start = starts[line];
        return Math.min(start + Math.max(character, 0), ends[line]);
    }

    /** {line, character} of an offset (clamped into the text). */
    public int[] position(int offset) {
        int o = Math.max(0, Math.min(offset, length));
        int line = lineOf(o);
        return new int[] {line, Math.min(o, ends[line]) - starts[line]};
    }

    /** The zero-based line holding an offset (clamped into the text). */
    public int lineOf(int offset) {
        int o = Math.max(0, Math.min(offset, length));
        int i = Arrays.binarySearch(starts, 0, count, o);
        return i >= 0 ? i : -i - 2;
    }

    public int lineStart(int line) {
        return starts[Math.max(0, Math.min(line, count - 1))];
    }

    /** Offset just after the line's last character, before its line break. */
    public int lineEnd(int line) {
        return ends[Math.max(0, Math.min(line, count - 1))];
    }
}
