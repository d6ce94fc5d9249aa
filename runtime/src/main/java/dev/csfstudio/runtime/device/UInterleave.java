package dev.csfstudio.runtime.device;

/**
 * Mali's tiled "u-interleaved" layout: 16x16-pixel tiles one after another, a row of tiles every row
 * stride bytes; inside a tile the pixel index has the bits (most significant first)
 * y3, x3^y3, y2, x2^y2, y1, x1^y1, y0, x0^y0 of the in-tile coordinates.
 */
public final class UInterleave {

    public static final int TILE = 16;
    public static final int TILE_PIXELS = TILE * TILE;

    private UInterleave() {
    }

    /** Index (0..255) of in-tile pixel ({@code x}, {@code y}), both 0..15. */
    public static int index(int x, int y) {
        int s = x ^ y;
        int index = 0;
        for (int bit = 0; bit < 4; bit++) {
            index |= ((s >> bit) & 1) << (2 * bit);
            index |= ((y >> bit) & 1) << (2 * bit + 1);
        }
        return index;
    }

    /** Byte offset of pixel ({@code x}, {@code y}) from the surface base. */
    public static long offset(int x, int y, long rowStride, int bytesPerPixel) {
        return (y / TILE) * rowStride + (long) (x / TILE) * TILE_PIXELS * bytesPerPixel
                + (long) index(x % TILE, y % TILE) * bytesPerPixel;
    }
}
