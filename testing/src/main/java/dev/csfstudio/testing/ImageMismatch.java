package dev.csfstudio.testing;

import dev.csfstudio.runtime.PngEncoder;

/**
 * A render target that differs from its golden image: both images (8-bit RGBA, {@code R | G << 8 | B << 16 |
 * A << 24}, row by row) and the count of pixels that differ by more than the tolerance.
 */
public record ImageMismatch(int width, int height, int[] actual, int goldenWidth, int goldenHeight, int[] golden,
                            int differing, int tolerance) {

    /** Differing pixels in opaque red, the others as a faded grey of the actual image; a size mismatch is all red. */
    public int[] diff() {
        int[] out = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int a = actual[y * width + x];
                boolean same = x < goldenWidth && y < goldenHeight
                        && within(a, golden[y * goldenWidth + x], tolerance);
                out[y * width + x] = same ? faded(a) : 0xff0000ff;
            }
        }
        return out;
    }

    public byte[] actualPng() {
        return PngEncoder.encode(width, height, actual);
    }

    public byte[] goldenPng() {
        return PngEncoder.encode(goldenWidth, goldenHeight, golden);
    }

    public byte[] diffPng() {
        return PngEncoder.encode(width, height, diff());
    }

    static boolean within(int a, int b, int tolerance) {
        for (int shift = 0; shift < 32; shift += 8) {
            if (Math.abs((a >>> shift & 0xff) - (b >>> shift & 0xff)) > tolerance) {
                return false;
            }
        }
        return true;
    }

    private static int faded(int rgba) {
        int grey = ((rgba & 0xff) + (rgba >>> 8 & 0xff) + (rgba >>> 16 & 0xff)) / 3;
        int light = 160 + grey * 95 / 255;
        return light | light << 8 | light << 16 | 0xff << 24;
    }
}
