package dev.csfstudio.asm;

/**
 * Whether bytes are all ASCII, the common case for source files, which then need no UTF-8 decoding. A
 * large file is checked in pieces on the worker threads: reading is the first thing an assembly waits for.
 */
final class AsciiCheck {

    private static final int PIECE = 1 << 22;

    private AsciiCheck() {
    }

    static boolean isAscii(byte[] bytes) {
        int pieces = (bytes.length + PIECE - 1) / PIECE;
        if (pieces <= 1) {
            return isAscii(bytes, 0, bytes.length);
        }
        OrderedChunks<Boolean> checked = new OrderedChunks<>(pieces, 1, 0, (from, to) -> {
            Object[] out = new Object[to - from];
            for (int i = from; i < to; i++) {
                out[i - from] = isAscii(bytes, i * PIECE, (int) Math.min(bytes.length, (i + 1L) * PIECE));
            }
            return out;
        });
        boolean ascii = true;
        for (int i = 0; i < pieces; i++) {
            ascii &= checked.next();
        }
        return ascii;
    }

    private static boolean isAscii(byte[] bytes, int from, int to) {
        int all = 0;
        for (int i = from; i < to; i++) {
            all |= bytes[i];
        }
        return all >= 0;
    }
}
