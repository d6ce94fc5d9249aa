package dev.csfstudio.runtime;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Encodes 8-bit RGBA pixels as a PNG: a signature and three chunks (IHDR, one zlib-compressed IDAT, IEND),
 * written with java.util.zip. javax.imageio writes the same format, but its start-up (AWT's native
 * libraries, its plug-in registry) was a fifth of a small {@code csf run}; the tests read the files back
 * with ImageIO.
 */
public final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int BIT_DEPTH = 8;
    private static final int COLOUR_TYPE_RGBA = 6;
    /** Each scanline starts with its filter type; 0 stores the row as it is. */
    private static final int FILTER_NONE = 0;

    private PngEncoder() {
    }

    /** {@code rgba}: {@code width * height} pixels, row by row, each {@code R | G << 8 | B << 16 | A << 24}. */
    public static byte[] encode(int width, int height, int[] rgba) {
        if (width < 1 || height < 1 || rgba.length != (long) width * height) {
            throw new IllegalArgumentException(width + "x" + height + " with " + rgba.length + " pixels");
        }
        try {
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            png.write(SIGNATURE);
            ByteArrayOutputStream header = new ByteArrayOutputStream(13);
            DataOutputStream h = new DataOutputStream(header);
            h.writeInt(width);
            h.writeInt(height);
            h.write(new byte[] {BIT_DEPTH, COLOUR_TYPE_RGBA, 0, 0, 0}); // deflate, filter method 0, not interlaced
            chunk(png, "IHDR", header.toByteArray());
            chunk(png, "IDAT", compressedScanlines(width, height, rgba));
            chunk(png, "IEND", new byte[0]);
            return png.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory streams do not fail
        }
    }

    private static byte[] compressedScanlines(int width, int height, int[] rgba) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try (OutputStream z = new DeflaterOutputStream(out, deflater, 1 << 16)) {
            byte[] row = new byte[1 + 4 * width];
            row[0] = FILTER_NONE;
            for (int y = 0; y < height; y++) {
                for (int x = 0, i = 1; x < width; x++) {
                    int p = rgba[y * width + x];
                    row[i++] = (byte) p;
                    row[i++] = (byte) (p >>> 8);
                    row[i++] = (byte) (p >>> 16);
                    row[i++] = (byte) (p >>> 24);
                }
                z.write(row);
            }
        } finally {
            deflater.end();
        }
        return out.toByteArray();
    }

    /** Length, type, data and the CRC-32 of type and data. */
    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) throws IOException {
        DataOutputStream out = new DataOutputStream(png);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeInt(data.length);
        out.write(name);
        out.write(data);
        out.writeInt((int) crc.getValue());
    }
}
