package dev.csfstudio.testing;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** A golden PNG read as 8-bit RGBA pixels ({@code R | G << 8 | B << 16 | A << 24}, row by row). */
record GoldenImage(int width, int height, int[] pixels) {

    static GoldenImage read(Path png) throws IOException {
        BufferedImage image;
        try (var in = Files.newInputStream(png)) {
            image = ImageIO.read(in);
        }
        if (image == null) {
            throw new IOException("not an image ImageIO reads (a PNG is expected)");
        }
        int w = image.getWidth();
        int h = image.getHeight();
        int[] argb = image.getRGB(0, 0, w, h, null, 0, w);
        int[] rgba = new int[argb.length];
        for (int i = 0; i < argb.length; i++) {
            int p = argb[i];
            rgba[i] = (p >>> 16 & 0xff) | (p >>> 8 & 0xff) << 8 | (p & 0xff) << 16 | (p >>> 24) << 24;
        }
        return new GoldenImage(w, h, rgba);
    }
}
