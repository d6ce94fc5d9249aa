package dev.csfstudio.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.imageio.ImageIO;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import org.junit.jupiter.api.Test;

/** Every PNG the encoder writes reads back in ImageIO as exactly the pixels given, alpha included. */
class PngEncoderTest {

    private static BufferedImage read(byte[] png) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    /** ImageIO's ARGB for a pixel given as R | G << 8 | B << 16 | A << 24. */
    private static int argb(int rgba) {
        return (rgba & 0xff00ff00) | ((rgba & 0xff) << 16) | ((rgba >>> 16) & 0xff);
    }

    @Test
    void opaqueRedPixelIsOpaqueRed() throws IOException {
        BufferedImage image = read(PngEncoder.encode(1, 1, new int[] {0xff0000ff}));
        assertEquals(0xffff0000, image.getRGB(0, 0));
    }

    @Property(tries = 60)
    void imageIoReadsBackEveryPixel(@ForAll @IntRange(min = 1, max = 37) int width,
                                    @ForAll @IntRange(min = 1, max = 23) int height,
                                    @ForAll @Size(value = 37 * 23) int[] pool) throws IOException {
        int[] rgba = java.util.Arrays.copyOf(pool, width * height);
        BufferedImage image = read(PngEncoder.encode(width, height, rgba));
        assertEquals(width, image.getWidth());
        assertEquals(height, image.getHeight());
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                assertEquals(argb(rgba[y * width + x]), image.getRGB(x, y), "pixel " + x + "," + y);
            }
        }
    }

    @Test
    void pixelCountMustMatchTheSize() {
        assertThrows(IllegalArgumentException.class, () -> PngEncoder.encode(2, 2, new int[3]));
    }
}
