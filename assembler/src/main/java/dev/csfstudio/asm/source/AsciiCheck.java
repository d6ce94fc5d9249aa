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
        return !OrderedChunks.pieces(bytes.length, PIECE, 0, (from, to) -> isAscii(bytes, from, to)).contains(false);
    }

    private static boolean isAscii(byte[] bytes, int from, int to) {
        int all = 0;
        for (int i = from; i < to; i++) {
            all |= bytes[i];
        }
        return all >= 0;
    }
}
