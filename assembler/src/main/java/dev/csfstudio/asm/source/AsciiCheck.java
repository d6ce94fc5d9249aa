package dev.csfstudio.asm.source;

/**
 * Whether bytes are all ASCII, the common case for source files, which then need no UTF-8 decoding. A
 * large file is checked in pieces on the worker threads: reading is the first thing an assembly waits for.
 */
final class AsciiCheck {

    private static final int PIECE = 1 << 22;

    private AsciiCheck() {
    }

    static boolean isAscii(byte[] bytes) {
        if (bytes.length <= PIECE) { // one piece: checked here, without the pieces' machinery (start-up work)
            return isAscii(bytes, 0, bytes.length);
        }
        return !OrderedChunks.pieces(bytes.length, PIECE, 0, (from, to) -> isAscii(bytes, from, to)).contains(false);
    }

    /** Whether {@code bytes[from, to)} are ASCII: no high bit in any, read eight at a time. */
    static boolean isAscii(byte[] bytes, int from, int to) {
        long all = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            all |= (long) SourceLines.LONGS.get(bytes, i);
        }
        for (; i < to; i++) {
            all |= bytes[i] & 0xff;
        }
        return (all & SourceLines.HIGH_BITS) == 0; // the tail's bytes are in the low one
    }
}
