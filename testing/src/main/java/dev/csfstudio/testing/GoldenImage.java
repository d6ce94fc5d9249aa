package dev.csfstudio.testing;

import java.awt.image.BufferedImage;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import javax.imageio.ImageIO;

/** A golden PNG read as 8-bit RGBA pixels ({@code R | G << 8 | B << 16 | A << 24}, row by row). */
record GoldenImage(int width, int height, int[] pixels) {

    /** The eight bytes every PNG starts with. */
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    /** A PNG's width and height as its header states them, read before any pixel is decoded. */
    record Size(int width, int height) {
        boolean within(int w, int h) {
            return width <= w && height <= h;
        }

        @Override
        public String toString() {
            return Integer.toUnsignedString(width) + "x" + Integer.toUnsignedString(height);
        }
    }

    /**
     * The size in {@code png}'s header (the signature, then the IHDR chunk: length, type, width, height). Only a
     * regular file is opened (a FIFO or device would block or never end).
     */
    static Size size(Path png) throws IOException {
        regularFile(png);
        try (DataInputStream in = new DataInputStream(Files.newInputStream(png))) {
            byte[] head = new byte[16];
            in.readFully(head);
            if (!Arrays.equals(head, 0, 8, SIGNATURE, 0, 8) || head[12] != 'I' || head[13] != 'H' || head[14] != 'D'
                    || head[15] != 'R') {
                throw new IOException("not a PNG file");
            }
            int width = in.readInt();
            int height = in.readInt();
            if (width <= 0 || height <= 0) {
                throw new IOException("its header gives the size " + new Size(width, height)
                        + ", not a positive width and height");
            }
            return new Size(width, height);
        } catch (EOFException e) {
            throw new IOException("not a PNG file (it ends inside the header)");
        }
    }

    /** Decodes {@code png}, whose header's size the caller has bounded; the pixels are converted a row at a time. */
    static GoldenImage read(Path png) throws IOException {
        regularFile(png);
        BufferedImage image;
        try (InputStream in = Files.newInputStream(png)) {
            image = ImageIO.read(in);
        }
        if (image == null) {
            throw new IOException("not an image ImageIO reads (a PNG is expected)");
        }
        int w = image.getWidth();
        int h = image.getHeight();
        int[] rgba = new int[w * h];
        for (int y = 0; y < h; y++) {
            image.getRGB(0, y, w, 1, rgba, y * w, w);
            for (int i = y * w; i < (y + 1) * w; i++) {
                int p = rgba[i];
                rgba[i] = (p >>> 16 & 0xff) | (p >>> 8 & 0xff) << 8 | (p & 0xff) << 16 | (p >>> 24) << 24;
            }
        }
        return new GoldenImage(w, h, rgba);
    }

    private static void regularFile(Path png) throws IOException {
        if (!Files.readAttributes(png, BasicFileAttributes.class).isRegularFile()) {
            throw new IOException("not a regular file");
        }
    }
}
