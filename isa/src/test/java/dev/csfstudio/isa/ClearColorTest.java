package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Clear words: mesa's raw replication (vectors of {@code src/panfrost/lib/tests/test-clear.c}), the
 * writeback of a tile-buffer value and its decoding. Every blendable test-clear.c vector is run through the
 * {@code .rt} directive by the assembler's ClearColourPackingTest.
 */
class ClearColorTest {

    private static int[] four(long word) {
        return new int[] {(int) word, (int) word, (int) word, (int) word};
    }

    @Test
    void packingRoundsOnceToTheFixedPointChannelWhenDithered() {
        TileBufferFormat r4g4b4a4 = PixelFormats.internalByName("R4G4B4A4").orElseThrow();
        // test-clear.c: 0.664 * 240 = 159.4 -> 0x9F dithered; 0.664 * 15 = 9.96 -> 10 << 4 without
        assertArrayEquals(four(0x9F), ClearColor.pack(r4g4b4a4, true, false, true, 0.664, 0, 0, 0));
        assertArrayEquals(four(0xA0), ClearColor.pack(r4g4b4a4, true, false, false, 0.664, 0, 0, 0));
    }

    @Test
    void fourByteRawPixelIsRepeatedInEveryWord() {
        // test-clear.c: R8G8B8A8_UINT (0xCA, 0xFE, 0xBA, 0xBE) and B8G8R8A8_UINT, whose bytes are swapped
        assertArrayEquals(four(0xBEBAFECAL), ClearColor.packRaw(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE}));
        assertArrayEquals(four(0xBECAFEBAL), ClearColor.packRaw(new byte[] {(byte) 0xBA, (byte) 0xFE, (byte) 0xCA, (byte) 0xBE}));
    }

    @Test
    void eightByteRawPixelFillsBothHalves() {
        // test-clear.c: R16G16B16A16_UINT (0xCAFE, 0xBABE, 0xABAD, 0x1DEA)
        byte[] pixel = {(byte) 0xFE, (byte) 0xCA, (byte) 0xBE, (byte) 0xBA, (byte) 0xAD, (byte) 0xAB, (byte) 0xEA, 0x1D};
        assertArrayEquals(new int[] {0xBABECAFE, 0x1DEAABAD, 0xBABECAFE, 0x1DEAABAD}, ClearColor.packRaw(pixel));
    }

    @Test
    void sixteenByteRawPixelIsStoredOnce() {
        // test-clear.c: R32G32B32A32_UINT (0xCAFEBABE, 0xABAD1DEA, 0xDEADBEEF, 0xABCDEF01)
        int[] words = {0xCAFEBABE, 0xABAD1DEA, 0xDEADBEEF, 0xABCDEF01};
        assertArrayEquals(words, ClearColor.packRaw(ClearColor.bytes(words)));
    }

    @Test
    void oneAndTwoByteRawPixelsAreRepeatedToFillEachWord() {
        assertArrayEquals(four(0x5A5A5A5AL), ClearColor.packRaw(new byte[] {0x5A}));
        assertArrayEquals(four(0x12341234L), ClearColor.packRaw(new byte[] {0x34, 0x12}));
    }

    @Test
    void threeByteRawPixelTakesTheLowBytesOfEachWord() {
        assertArrayEquals(four(0x00332211L), ClearColor.packRaw(new byte[] {0x11, 0x22, 0x33}));
    }

    @Test
    void ditheredR5G6B5ClearWritesBackRoundedToFiveAndSixBits() {
        TileBufferFormat internal = PixelFormats.internalByName("R5G6B5A0").orElseThrow();
        PixelFormat format = PixelFormats.byName("R5G6B5");
        byte[] pixel = ClearColor.writeback(internal, format, four(0x3E02D6C8L));
        int bits = (pixel[0] & 0xff) | (pixel[1] & 0xff) << 8;
        assertEquals(22, bits & 0x1f);          // 712 / 32 = 22.25
        assertEquals(11, (bits >>> 5) & 0x3f);  // 181 / 16 = 11.3
        assertEquals(31, bits >>> 11);
        assertEquals(0xffff_2db5, format.toRgba8(pixel, 0)); // (181, 45, 255, 255)
    }

    @Test
    void writebackOfAWiderFormatScalesEachChannel() {
        TileBufferFormat internal = PixelFormats.internalByName("R8G8B8A8").orElseThrow();
        byte[] pixel = ClearColor.writeback(internal, PixelFormats.byName("R4G4B4A4"), four(0xFF0000FFL));
        assertEquals(0xF00F, (pixel[0] & 0xff) | (pixel[1] & 0xff) << 8);
    }

    @Test
    void rawWritebackStoresTheClearBytesFromWordZero() {
        TileBufferFormat internal = PixelFormats.internalByName("RAW32").orElseThrow();
        byte[] pixel = ClearColor.writeback(internal, PixelFormats.byName("RAW24"), four(0x00332211L));
        assertArrayEquals(new byte[] {0x11, 0x22, 0x33}, pixel);
    }

    @Test
    void decodedColourIsEachChannelOverItsFullScale() {
        TileBufferFormat internal = PixelFormats.internalByName("R5G6B5A0").orElseThrow();
        double[] rgba = ClearColor.decode(internal, four(0x3E02D6C8L));
        assertEquals(712 / 992.0, rgba[0], 1e-9);
        assertEquals(181 / 1008.0, rgba[1], 1e-9);
        assertEquals(1.0, rgba[2], 1e-9);
        assertEquals(1.0, rgba[3], 1e-9); // no alpha precision: opaque
    }

    @Test
    void rawTwentyFourBitsUsesTheThirtyTwoBitTileFormatAndWiderRawFormatsHaveNone() {
        assertEquals("RAW32", PixelFormats.byName("RAW24").internalFormat());
        assertEquals("RAW64", PixelFormats.byName("RAW48").internalFormat());
        assertEquals("RAW128", PixelFormats.byName("RAW96").internalFormat());
        assertEquals(null, PixelFormats.byName("RAW192").internalFormat());
    }
}
