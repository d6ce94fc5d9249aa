package dev.csfstudio.asm.source;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Line lookup in source text; terminators are \n, \r\n or \r as in the grammar. */
public final class SourceLines {

    private SourceLines() {
    }

    public static String line(String text, int line) {
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
    public static int[] lineStarts(String text) {
        return lineStarts(SourceText.of(text).bytes(), 1);
    }

    /** Characters per piece when a large text's lines are found in parallel. */
    private static final int PIECE = 1 << 20;

    /**
     * {@link #lineStarts(String)} of a text's {@link SourceText#bytes} (line terminators are ASCII), with the
     * work split over {@code threads} ({@link OrderedChunks}: 0 = one per core); for a large file this is the
     * first thing assembly does, so it is worth the cores.
     */
    public static int[] lineStarts(byte[] text, int threads) {
        return lineStarts(text, threads, PIECE);
    }

    /** {@link #lineStarts(byte[], int)} in pieces of {@code piece} characters (tests make them small). */
    public static int[] lineStarts(byte[] text, int threads, int piece) {
        // one piece is read here, without the pieces' machinery (its links are start-up work of a small file)
        java.util.List<int[]> parts = text.length <= piece ? java.util.List.of(startsIn(text, 0, text.length))
                : OrderedChunks.pieces(text.length, piece, threads, (from, to) -> startsIn(text, from, to));
        int total = 0;
        for (int[] part : parts) {
            total += part.length;
        }
        int[] starts = new int[total + 1]; // the first line starts at 0
        int at = 1;
        for (int[] part : parts) {
            System.arraycopy(part, 0, starts, at, part.length);
            at += part.length;
        }
        return starts;
    }

    /** Eight bytes of a byte array as one little-endian long. */
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final long ONES = 0x0101010101010101L;
    static final long HIGH_BITS = 0x8080808080808080L;
    private static final long NEWLINES = 0x0a0a0a0a0a0a0a0aL;
    private static final long RETURNS = 0x0d0d0d0d0d0d0d0dL;

    /**
     * The line starts after a terminator at {@code from..to-1}: just past \n, and past a \r that no \n
     * follows (looking one character beyond {@code to} if need be). Eight bytes at a time: a word with neither
     * terminator (a zero byte in neither XOR, the SWAR test) is skipped whole, which is most of a source's words.
     */
    private static int[] startsIn(byte[] text, int from, int to) {
        int[] starts = new int[Math.max(16, (to - from) / 32)];
        int count = 0;
        int i = from;
        while (i < to) {
            if (i + 8 <= to) {
                long w = (long) LONGS.get(text, i);
                long n = w ^ NEWLINES;
                long r = w ^ RETURNS;
                if (((((n - ONES) & ~n) | ((r - ONES) & ~r)) & HIGH_BITS) == 0) {
                    i += 8;
                    continue;
                }
            }
            for (int end = Math.min(to, i + 8); i < end; i++) {
                byte c = text[i];
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length || text[i + 1] != '\n'))) {
                    if (count == starts.length) {
                        starts = java.util.Arrays.copyOf(starts, count * 2);
                    }
                    starts[count++] = i + 1;
                }
            }
        }
        return java.util.Arrays.copyOf(starts, count);
    }

    public static String line(String text, int[] starts, int line) {
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
