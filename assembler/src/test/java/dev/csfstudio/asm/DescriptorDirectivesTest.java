package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** .fbd and .rt bytes against the reference layout (32-bit words, little-endian). */
class DescriptorDirectivesTest {

    private static final String RED_16X16 = """
            .buffer fb, align=64
            desc: .fbd width=16, height=16
                  .rt format=R8G8B8A8, layout=linear, base=0x2000000, row_stride=64, clear=0xff0000ff
            """;

    private static int word(byte[] b, int index) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(index * 4);
    }

    private static byte[] bytes(String source) {
        return Sources.ok(source).section("fb").orElseThrow().bytes();
    }

    @Test
    void fbdIsParametersPaddingThenOneRenderTarget() {
        assertEquals(64 + 64 + 64, bytes(RED_16X16).length);
    }

    @Test
    void framebufferParametersHoldSizeBoundsAndRenderTargetCount() {
        byte[] b = bytes(RED_16X16);
        assertEquals(0x000f_000f, word(b, 8));   // width-1, height-1
        assertEquals(0, word(b, 9));             // bound min
        assertEquals(0x000f_000f, word(b, 10));  // bound max defaults to width-1, height-1
        // tile size log2 8 at [12:9], point sprite origin max Y (genxml default true) at [15], rt count-1 = 0
        // at [22:19], colour buffer allocation 1024>>10 at [31:24]
        assertEquals(8 << 9 | 1 << 15 | 1 << 24, word(b, 11));
    }

    @Test
    void paddingBlockIsZero() {
        byte[] b = bytes(RED_16X16);
        for (int i = 16; i < 32; i++) {
            assertEquals(0, word(b, i));
        }
    }

    @Test
    void renderTargetWords() {
        byte[] b = bytes(RED_16X16);
        int rt = 32;
        assertEquals(1 << 26, word(b, rt));  // internal format R8G8B8A8 = 1, from internal(format)
        assertEquals(1 | 19 << 3 | 2 << 8 | 0x688 << 16, word(b, rt + 1)); // write enable, R8G8B8A8, linear, swizzle
        assertEquals(0x2000000, word(b, rt + 8));
        assertEquals(0, word(b, rt + 9));
        assertEquals(64, word(b, rt + 10));
        assertEquals(0xff0000ff, word(b, rt + 12));
    }

    @Test
    void clearRgbaPacksTheTileBufferFormatOfTheTarget() {
        byte[] b = bytes(".buffer fb\n.fbd width=4, height=4\n"
                + ".rt format=R5G6B5, layout=tiled_u_interleaved, base=0, row_stride=512, clear_rgba=(0, 1, 0, 1)\n");
        assertEquals(0x000fc000, word(b, 32 + 12)); // green 63 << 4 in the G6.4 channel at [19:10]
        assertEquals(1, (word(b, 32 + 1) >> 8) & 0xf);
        assertEquals(5, word(b, 32) >>> 26); // R5G6B5A0 internal format
    }

    @Test
    void zsCrcSetsTheFbdFlagAndTakesTheExtensionFields() {
        byte[] b = bytes(".buffer fb\n.fbd width=8, height=8, zs_crc=1, zs_write_format=d24s8, zs_writeback_base=0x1000\n"
                + ".rt format=R8, base=0, row_stride=8\n");
        assertEquals(1, (word(b, 12) >> 21) & 1);  // Has ZS CRC Extension
        assertEquals(5, word(b, 32) & 0xf);       // extension word 0: ZS write format D24S8
        assertEquals(0x1000, word(b, 32 + 8));
    }

    @Test
    void extensionFieldWithoutZsCrcAsksForIt() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=8, height=8, crc_base=0x1000\n"
                + ".rt format=R8, base=0, row_stride=8\n").errors().get(0);
        assertEquals("field 'crc_base' belongs to the ZS/CRC extension: add zs_crc=1 to emit it", d.message());
    }

    @Test
    void fieldsAnswerToTheirGenxmlNames() {
        byte[] b = bytes(".buffer fb\n.fbd width=4, height=4, render_target_count=2, s_clear=7, sample_count=4\n"
                + ".rt writeback_format=R8, writeback_block_format=linear, rgb_base=0x40, rgb_row_stride=4, clear_color_1=9\n");
        assertEquals(1, (word(b, 11) >> 19) & 0xf);
        assertEquals(2, word(b, 11) & 7);  // log2(4)
        assertEquals(7, word(b, 12) & 0xff);
        assertEquals(16 << 3 | 2 << 8, word(b, 33) & 0xff8);
        assertEquals(0x40, word(b, 32 + 8));
        assertEquals(9, word(b, 32 + 13));
    }

    @Test
    void sampleCountMustBeAPowerOfTwo() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=4, height=4, sample_count=3\n"
                + ".rt format=R8, base=0, row_stride=4\n").errors().get(0);
        assertEquals("value 3 out of range for .fbd sample_count: allowed a power of two 1..128", d.message());
    }

    @Test
    void rawRenderTargetWiderThan128BitsIsRefused() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=4, height=4\n"
                + ".rt format=RAW192, base=0, row_stride=96\n").errors().get(0);
        assertEquals("RAW192 is no render-target format: raw render targets hold 8..128 bits per pixel (RAW8..RAW128),"
                + " the only ones mesa emits", d.message());
    }

    @Test
    void raw24UsesTheThirtyTwoBitTileBufferFormat() {
        byte[] b = bytes(".buffer fb\n.fbd width=4, height=4\n.rt format=RAW24, base=0, row_stride=12\n");
        assertEquals(34, word(b, 32) >>> 26); // RAW32: RAW8 + log2ceil(24) - 3
    }

    @Test
    void zsCrcExtensionAddsABlockAndPointerBit() {
        Program p = Sources.ok(".buffer fb\nd: .fbd width=8, height=8, zs_crc=1\n.rt format=R8, base=0, row_stride=8\n"
                + ".rt format=R8, base=0, row_stride=8\n.stream main\nMOVE48 d40, fbd(d)\n");
        Section fb = p.section("fb").orElseThrow();
        assertEquals(64 * 3 + 64 * 2, fb.size());
        assertEquals(fb.address() | 1 | 2 | 1 << 2, p.entrySection().word(0) & 0xffff_ffff_ffffL);
        assertEquals(1, (word(fb.bytes(), 11) >> 19) & 0xf);
    }

    @Test
    void fbdPointerNeedsAnFbdLabel() {
        Diagnostic d = Sources.assemble(".buffer fb\nx: .word 0\n.stream main\nMOVE48 d40, fbd(x)\n").errors().get(0);
        assertEquals("'x' does not label a .fbd directive", d.message());
    }

    @Test
    void fieldDefaultsMayBeOverridden() {
        byte[] b = bytes(".buffer fb\n.fbd width=16, height=16, bound_max_x=7, z_clear=1.0\n"
                + ".rt format=R8G8B8A8, base=0, row_stride=64, write_enable=0\n");
        assertEquals(0x000f_0007, word(b, 10));
        assertEquals(Float.floatToIntBits(1.0f), word(b, 13));
        assertEquals(0, word(b, 32 + 1) & 1);
    }

    @Test
    void unknownFieldSuggestsAndListsTheFields() {
        AssemblyResult r = Sources.assemble(".buffer fb\n.fbd width=16, hieght=16\n.rt format=R8, base=0, row_stride=16\n");
        assertEquals(1, r.errors().size(), () -> r.errors().toString());
        Diagnostic d = r.errors().get(0);
        assertEquals("unknown-field", d.code().id());
        assertTrue(d.message().startsWith("unknown field 'hieght' for .fbd; did you mean 'height'? (fields: "), d.message());
        assertTrue(d.message().contains(", width, height, "), d.message());
        assertEquals(new SourceRange(Sources.MAIN, 2, 16, 2, 22), d.range());
    }

    @Test
    void fieldOutOfRangeShowsTheRange() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=70000, height=16\n.rt format=R8, base=0, row_stride=1\n")
                .errors().get(0);
        assertEquals("value 70000 out of range for .fbd width: allowed 1..65536", d.message());
    }

    @Test
    void missingRequiredFieldIsNamed() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd height=16\n.rt format=R8, base=0, row_stride=1\n")
                .errors().get(0);
        assertEquals("missing-field", d.code().id());
        assertTrue(d.message().startsWith(".fbd needs width="), d.message());
    }

    @Test
    void unknownEnumNameSuggests() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=1, height=1\n.rt format=R8G8B8A9, base=0, row_stride=4\n")
                .errors().get(0);
        assertTrue(d.message().startsWith("unknown format 'R8G8B8A9'; did you mean 'R8G8B8A8'?"), d.message());
    }

    @Test
    void misalignedFbdSuggestsAlign() {
        Diagnostic d = Sources.assemble(".buffer fb\n.byte 0\n.fbd width=1, height=1\n.rt format=R8, base=0, row_stride=1\n")
                .errors().get(0);
        assertEquals("alignment", d.code().id());
        assertEquals(".align 64", d.suggestions().get(0));
    }

    @Test
    void fbdWithoutRenderTargetsIsOutOfRange() {
        Diagnostic d = Sources.assemble(".buffer fb\n.fbd width=1, height=1\n").errors().get(0);
        assertTrue(d.message().contains("rt_count"), d.message());
    }
}
