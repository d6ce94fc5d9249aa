package dev.csfstudio.asm;

/** Line lookup in source text; terminators are \n, \r\n or \r as in the grammar. */
final class SourceLines {

    private SourceLines() {
    }

    static String line(String text, int line) {
        int start = 0;
        for (int l = 1; l < line; l++) {
            int next = nextLineStart(text, start);
            if (next < 0) {
                return "";
            }
            start = next;
        }
        int end = start;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return text.substring(start, end);
    }

    /** Index of the first character of the following line, or -1 at the last line. */
    static int nextLineStart(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                return i + 1;
            }
            if (c == '\r') {
                return i + 1 < text.length() && text.charAt(i + 1) == '\n' ? i + 2 : i + 1;
            }
        }
        return -1;
    }

    /** Start offsets of every line, for fast repeated lookups. */
    static int[] lineStarts(String text) {
        if (text.indexOf('\r') < 0) {
            // only \n ends lines: one pass with the vectorised indexOf (this runs before anything else)
            int[] starts = new int[Math.max(16, text.length() / 32)];
            int count = 1;
            for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
                if (count == starts.length) {
                    starts = java.util.Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
            return java.util.Arrays.copyOf(starts, count);
        }
        int count = 1;
        for (int i = 0; (i = nextLineStart(text, i)) >= 0; ) {
            count++;
        }
        int[] starts = new int[count];
        int n = 1;
        for (int i = 0; (i = nextLineStart(text, i)) >= 0; ) {
            starts[n++] = i;
        }
        return starts;
    }

    static String line(String text, int[] starts, int line) {
        if (line < 1 || line > starts.length) {
            return "";
        }
        int end = starts[line - 1];
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return text.substring(starts[line - 1], end);
    }
}
