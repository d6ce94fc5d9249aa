package dev.csfstudio.asm;

import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@code .rt clear_rgba=} and {@code clear_raw=} give the clear words mesa's {@code pan_pack_color} gives:
 * every vector of mesa's {@code src/panfrost/lib/tests/test-clear.c} that applies to a v10 render target.
 * A pipe format becomes the v10 writeback format mesa uses for it (pan_format.c); its BGR variants are the
 * same format with the components swizzled (swizzle=0x60a), and pack the same words.
 */
class ClearColourPackingTest {

    private static int[] clearWords(String rt) {
        byte[] b = Sources.ok(".buffer fb\n.fbd width=4, height=4\n.rt base=0, row_stride=64, " + rt + "\n")
                .section("fb").orElseThrow().bytes();
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int[] words = new int[4];
        for (int i = 0; i < 4; i++) {
            words[i] = buf.getInt((32 + 12 + i) * 4);
        }
        return words;
    }

    private static void assertWords(String rt, long... expected) {
        int[] words = clearWords(rt);
        for (int i = 0; i < 4; i++) {
            assertEquals(String.format("0x%08X", expected[i % expected.length]), String.format("0x%08X", words[i]),
                    "clear word " + i + " of .rt " + rt);
        }
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            // test-clear.c "basic tests": R8G8B8A8_UNORM, B8G8R8A8_UNORM, R4G4B4A4_UNORM
            "format=R8G8B8A8, dithered_clear=1                 | (0.0, 0.0, 0.0, 0.0)   | 0x00000000",
            "format=R8G8B8A8                                   | (0.0, 0.0, 0.0, 0.0)   | 0x00000000",
            "format=R8G8B8A8, dithered_clear=1                 | (1.0, 0.0, 0.0, 1.0)   | 0xFF0000FF",
            "format=R8G8B8A8                                   | (1.0, 0.0, 0.0, 1.0)   | 0xFF0000FF",
            "format=R8G8B8A8, swizzle=0x60a, dithered_clear=1  | (1.0, 0.0, 0.0, 1.0)   | 0xFF0000FF",
            "format=R8G8B8A8, swizzle=0x60a                    | (1.0, 0.0, 0.0, 1.0)   | 0xFF0000FF",
            "format=R8G8B8A8, dithered_clear=1                 | (0.664, 0.0, 0.0, 0.0) | 0x000000A9",
            "format=R8G8B8A8                                   | (0.664, 0.0, 0.0, 0.0) | 0x000000A9",
            "format=R4G4B4A4, dithered_clear=1                 | (0.664, 0.0, 0.0, 0.0) | 0x0000009F",
            "format=R4G4B4A4                                   | (0.664, 0.0, 0.0, 0.0) | 0x000000A0",
            // rounding to nearest even
            "format=R4G4B4A4, dithered_clear=1                 | (0.41875, 0.0, 0.0, 1.0) | 0xF0000064",
            "format=R4G4B4A4, dithered_clear=1                 | (0.40625, 0.0, 0.0, 1.0) | 0xF0000062",
            // rounding direction without dithering
            "format=R4G4B4A4                                   | (0.03125, 0.0, 0.0, 1.0) | 0xF0000000",
            "format=R4G4B4A4                                   | (0.03333, 0.0, 0.0, 1.0) | 0xF0000000",
            "format=R4G4B4A4                                   | (0.03334, 0.0, 0.0, 1.0) | 0xF0000010",
            "format=R4G4B4A4                                   | (0.09375, 0.0, 0.0, 1.0) | 0xF0000010",
            // every special format, out-of-range components saturated
            "format=R4G4B4A4, dithered_clear=1                 | (0.127, 2.4, -1.0, 0.5) | 0x7800F01E",
            "format=R5G5B5A1, dithered_clear=1                 | (0.127, 2.4, -1.0, 0.5) | 0x400F807E",
            "format=R5G6B5, dithered_clear=1                   | (0.127, 2.4, -1.0, 0.5) | 0x000FC07E",
            "format=R10G10B10A2, dithered_clear=1              | (0.127, 2.4, -1.0, 0.5) | 0x800FFC82",
            "format=R8G8B8A8, srgb=1, dithered_clear=1         | (0.127, 2.4, -1.0, 0.5) | 0x8000FF64",
            "format=R4G4B4A4, dithered_clear=1                 | (0.718, 0.18, 1.0, 2.0) | 0xF0F02BAC",
            "format=R5G6B5, dithered_clear=1                   | (0.718, 0.18, 1.0, 2.0) | 0x3E02D6C8",
            "format=R5G5B5A1, dithered_clear=1                 | (0.718, 0.18, 1.0, 2.0) | 0xBE02CEC8",
            "format=R10G10B10A2, dithered_clear=1              | (0.718, 0.18, 1.0, 2.0) | 0xFFF2E2DF",
            "format=R8G8B8A8, srgb=1, dithered_clear=1         | (0.718, 0.18, 1.0, 2.0) | 0xFFFF76DC",
            // padded (fraction bits zero) without dithering
            "format=R4G4B4A4                                   | (0.718, 0.18, 1.0, 2.0) | 0xF0F030B0",
            "format=R5G6B5                                     | (0.718, 0.18, 1.0, 2.0) | 0x3E02C2C0",
            "format=R5G5B5A1                                   | (0.718, 0.18, 1.0, 2.0) | 0xBE0302C0",
            "format=R10G10B10A2                                | (0.718, 0.18, 1.0, 2.0) | 0xFFF2E2DF",
            "format=R8G8B8A8, srgb=1                           | (0.718, 0.18, 1.0, 2.0) | 0xFFFF76DC",
            // BGR variants: the tile-buffer value does not depend on the swizzle
            "format=R4G4B4A4, swizzle=0x60a, dithered_clear=1    | (0.127, 2.4, -1.0, 0.5) | 0x7800F01E",
            "format=R5G5B5A1, swizzle=0x60a, dithered_clear=1    | (0.127, 2.4, -1.0, 0.5) | 0x400F807E",
            "format=R5G6B5, swizzle=0x60a, dithered_clear=1      | (0.127, 2.4, -1.0, 0.5) | 0x000FC07E",
            "format=R10G10B10A2, swizzle=0x60a, dithered_clear=1 | (0.127, 2.4, -1.0, 0.5) | 0x800FFC82",
            "format=R8G8B8A8, swizzle=0x60a, srgb=1, dithered_clear=1 | (0.127, 2.4, -1.0, 0.5) | 0x8000FF64",
            "format=R4G4B4A4, swizzle=0x60a, dithered_clear=1    | (0.718, 0.18, 1.0, 2.0) | 0xF0F02BAC",
            "format=R5G6B5, swizzle=0x60a, dithered_clear=1      | (0.718, 0.18, 1.0, 2.0) | 0x3E02D6C8",
            "format=R5G5B5A1, swizzle=0x60a, dithered_clear=1    | (0.718, 0.18, 1.0, 2.0) | 0xBE02CEC8",
            "format=R10G10B10A2, swizzle=0x60a, dithered_clear=1 | (0.718, 0.18, 1.0, 2.0) | 0xFFF2E2DF",
            "format=R8G8B8A8, swizzle=0x60a, srgb=1, dithered_clear=1 | (0.718, 0.18, 1.0, 2.0) | 0xFFFF76DC",
            "format=R4G4B4A4, swizzle=0x60a                      | (0.718, 0.18, 1.0, 2.0) | 0xF0F030B0",
            "format=R5G6B5, swizzle=0x60a                        | (0.718, 0.18, 1.0, 2.0) | 0x3E02C2C0",
            "format=R5G5B5A1, swizzle=0x60a                      | (0.718, 0.18, 1.0, 2.0) | 0xBE0302C0",
            "format=R10G10B10A2, swizzle=0x60a                   | (0.718, 0.18, 1.0, 2.0) | 0xFFF2E2DF",
            "format=R8G8B8A8, swizzle=0x60a, srgb=1              | (0.718, 0.18, 1.0, 2.0) | 0xFFFF76DC",
    })
    void clearRgbaPacksTheTileBufferValueInEveryClearWord(String rt, String colour, String packed) {
        assertWords(rt + ", clear_rgba=" + colour, Long.decode(packed));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // test-clear.c raw vectors: R8G8B8A8_UINT, B8G8R8A8_UINT (its bytes swapped), dithered or not
            "format=RAW32, dithered_clear=1, clear_raw=0xBEBAFECA | 0xBEBAFECA",
            "format=RAW32, clear_raw=0xBEBAFECA                   | 0xBEBAFECA",
            "format=RAW32, dithered_clear=1, clear_raw=0xBECAFEBA | 0xBECAFEBA",
            "format=RAW32, clear_raw=0xBECAFEBA                   | 0xBECAFEBA",
            // R16G16B16A16_UINT: eight bytes fill both halves
            "format=RAW64, dithered_clear=1, clear_raw=0x1DEAABADBABECAFE | 0xBABECAFE 0x1DEAABAD",
            "format=RAW64, clear_raw=0x1DEAABADBABECAFE                   | 0xBABECAFE 0x1DEAABAD",
            // R32G32B32A32_UINT: sixteen bytes once
            "format=RAW128, dithered_clear=1, clear_raw=(0xCAFEBABE, 0xABAD1DEA, 0xDEADBEEF, 0xABCDEF01) | 0xCAFEBABE 0xABAD1DEA 0xDEADBEEF 0xABCDEF01",
            "format=RAW128, clear_raw=(0xCAFEBABE, 0xABAD1DEA, 0xDEADBEEF, 0xABCDEF01)                   | 0xCAFEBABE 0xABAD1DEA 0xDEADBEEF 0xABCDEF01",
            // smaller raw pixels repeat to fill each word
            "format=RAW8, clear_raw=0x5A     | 0x5A5A5A5A",
            "format=RAW16, clear_raw=0x1234  | 0x12341234",
            "format=RAW24, clear_raw=0x332211 | 0x00332211",
    })
    void clearRawReplicatesThePixelAsMesaDoes(String rt, String packed) {
        String[] parts = packed.trim().split(" ");
        long[] words = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            words[i] = Long.decode(parts[i]);
        }
        assertWords(rt, words);
    }

    @Test
    void clearWordStaysTheRawTileBufferValue() {
        assertWords("format=R5G6B5, clear=0x12345678", 0x12345678, 0, 0, 0);
        assertWords("format=R8G8B8A8, clear0=1, clear1=2, clear2=3, clear3=4", 1, 2, 3, 4);
    }

    @Test
    void clearRgbaOnARawTargetPointsToClearRaw() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=1, height=1\n"
                + ".rt format=RAW32, base=0, row_stride=4, clear_rgba=(1, 0, 0, 1)\n").errors().get(0);
        assertEquals("clear-format", d.code().id());
        assertTrue(d.message().contains("clear_raw="), d.message());
    }

    @Test
    void clearRawThatDoesNotFitThePixelIsRefused() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=1, height=1\n"
                + ".rt format=RAW16, base=0, row_stride=2, clear_raw=0x10000\n").errors().get(0);
        assertEquals("clear_raw value 65536 does not fit the 2 byte(s) of RAW16: allowed 0..65535", d.message());
    }

    @Test
    void twoClearColoursConflict() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=1, height=1\n"
                + ".rt format=R8, base=0, row_stride=1, clear=1, clear_rgba=(1, 0, 0, 1)\n").errors().get(0);
        assertEquals("duplicate-field", d.code().id());
    }
}
