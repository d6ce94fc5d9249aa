package dev.csfstudio.runtime;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.isa.ClearColor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.UInterleave;

class FragmentClearTest {

    static final long STREAM = 0x10000, FB = 0x20000, COLOR = 0x30000;
    static final int RED = 0xff0000ff; // R | G<<8 | B<<16 | A<<24 of (255, 0, 0, 255)

    static long[] clearJob(long fbPointer, int minX, int minY, int maxX, int maxY) {
        return new long[] {
                insn("MOVE48", "dst", 40, "imm", fbPointer),
                insn("MOVE32", "dst", 42, "imm", minX | minY << 16),
                insn("MOVE32", "dst", 43, "imm", maxX | maxY << 16),
                insn("RUN_FRAGMENT"),
                insn("WAIT", "wait_mask", 1)};
    }

    @Test
    void glClearOf16x16Rgba8LinearMakesEveryPixelOpaqueRed() {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(16, 16, false)
                .rt("format", 19, "layout", 2, "base", COLOR, "row_stride", 64, "clear0", 0xff0000ffL);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 0, 0, 15, 15));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[16 * 16 * 4]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(1, r.renderTargets().size());
        RenderTarget rt = r.renderTargets().get(0);
        assertEquals("color", rt.buffer());
        for (int px : rt.pixels()) {
            assertEquals(RED, px);
        }
    }

    @Test
    void tiledClearFillsOnlyTheBoundingBox() {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(64, 64, false)
                .rt("format", 19, "layout", 1, "base", COLOR, "row_stride", 4 * 256 * 4, "clear0", 0xff00ff00L);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 8, 4, 40, 50));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[64 * 64 * 4]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        int[] px = r.renderTargets().get(0).pixels();
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                boolean inside = x >= 8 && x <= 40 && y >= 4 && y <= 50;
                assertEquals(inside ? 0xff00ff00 : 0, px[y * 64 + x], "pixel " + x + "," + y);
            }
        }
        assertEquals(new RunReport.Region(8, 4, 40, 50), r.renderTargets().get(0).region());
    }

    @Test
    void tiledPixelLandsAtTheUInterleavedAddress() throws Exception {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(32, 32, false)
                .rt("format", 16, "layout", 1, "base", COLOR, "row_stride", 2 * 256, "clear0", 0xaa);
        ProgramFixture p = new ProgramFixture();
        // One pixel: (17, 3) = tile (1, 0), in-tile (1, 3).
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 17, 3, 17, 3));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[32 * 32]);

        RunReport r = new Simulator().run(p.build());

        byte[] mem = r.memory().readBuffer("color");
        int expected = 256 + UInterleave.index(1, 3);
        for (int i = 0; i < mem.length; i++) {
            assertEquals(i == expected ? (byte) 0xaa : 0, mem[i], "byte " + i);
        }
    }

    @Test
    void twoRenderTargetsInDifferentFormatsAreBothCleared() throws Exception {
        long color2 = 0x40000;
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(8, 8, true)
                .rt("format", 19, "base", COLOR, "row_stride", 32, "clear0", 0xff0000ffL)
                .rt("format", 21, "base", color2, "row_stride", 16, "clear0", 0x07e0); // R5G6B5 green
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 0, 0, 7, 7));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[8 * 8 * 4])
                .buffer("color2", color2, new byte[8 * 8 * 2]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(2, r.renderTargets().size());
        assertEquals(RED, r.renderTargets().get(0).pixels()[63]);
        assertEquals(0xff00ff00, r.renderTargets().get(1).pixels()[0]);
        byte[] raw = r.memory().readBuffer("color2", 0, 2);
        assertEquals((byte) 0xe0, raw[0]);
        assertEquals((byte) 0x07, raw[1]);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("ZS/CRC")));
    }

    @Test
    void renderTargetWithoutWriteEnableIsLeftAlone() throws Exception {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(4, 4, false)
                .rt("format", 19, "base", COLOR, "row_stride", 16, "clear0", 0xffffffffL, "write_enable", 0);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 0, 0, 3, 3));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[64]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(0, r.renderTargets().size());
        assertEquals(0, r.memory().readBuffer("color")[0]);
    }

    @Test
    void afbcRenderTargetIsNotedAsUnsupported() {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(4, 4, false)
                .rt("format", 19, "layout", 12, "base", COLOR, "row_stride", 16, "clear0", 1);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 0, 0, 3, 3));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[64]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(RunStatus.OK, r.status());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("afbc")), r.notes()::toString);
    }

    @Test
    void untaggedFramebufferPointerIsADescriptorFault() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", STREAM, clearJob(FB, 0, 0, 3, 3));
        p.buffer("fb", FB, new byte[256]);

        RunReport r = new Simulator().run(p.build());

        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.INVALID_DESCRIPTOR, r.fault().kind());
        assertEquals(first + 3, r.fault().line().line());
    }

    @Test
    void linearClearHonoursRowStrideAndTheBoundingBox() throws Exception {
        // 8x4 R8 target, rows 16 bytes apart; clear x 2..5, y 1..2.
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(8, 4, false)
                .rt("format", 16, "base", COLOR, "row_stride", 16, "clear0", 0x7f);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 2, 1, 5, 2));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[64]);

        byte[] mem = new Simulator().run(p.build()).memory().readBuffer("color");

        for (int i = 0; i < mem.length; i++) {
            int x = i % 16, y = i / 16;
            boolean inside = x >= 2 && x <= 5 && y >= 1 && y <= 2;
            assertEquals(inside ? 0x7f : 0, mem[i], "byte " + i);
        }
    }

    @Test
    void threeBytePixelsStayInPhaseAcrossPageBoundaries() throws Exception {
        // 1000x3 R8G8B8: 9000 contiguous bytes span three scattered frames.
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(1000, 3, false)
                .rt("format", 18, "base", COLOR, "row_stride", 3000, "clear0", 0x00332211L);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, clearJob(fbd.pointer(FB), 0, 0, 999, 2));
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[9000]);

        byte[] mem = new Simulator().run(p.build()).memory().readBuffer("color");

        for (int i = 0; i < mem.length; i++) {
            assertEquals(0x11 * (i % 3 + 1), mem[i], "byte " + i);
        }
    }

    private static RunReport runSource(String source) {
        AssemblyResult result = new Assembler().assembleText(Path.of("clear.csf"), source, null);
        assertTrue(result.errors().isEmpty(), () -> result.errors().toString());
        return new Simulator().run(result.program());
    }

    private static String clearOf(String rt) {
        return """
                .buffer color, size=4 * 4 * 4
                .buffer fb, align=64
                fbd:    .fbd width=4, height=4
                        .rt base=color, row_stride=16, %s
                .stream main
                        MOVE48 d40, fbd(fbd)
                        MOVE32 r42, #0
                        MOVE32 r43, 3 | 3 << 16
                        RUN_FRAGMENT
                """.formatted(rt);
    }

    @Test
    void ditheredR5G6B5ClearWritesTheTileBufferColourRoundedToTheFormat() {
        RunReport r = runSource(clearOf("format=R5G6B5, dithered_clear=1, clear_rgba=(0.718, 0.18, 1.0, 2.0)"));
        int px = r.renderTargets().get(0).pixels()[0];
        assertEquals(181, px & 0xff);
        assertEquals(45, (px >>> 8) & 0xff);
        assertEquals(255, (px >>> 16) & 0xff);
        assertEquals(255, px >>> 24);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("dither pattern is not known")), r.notes()::toString);
    }

    @Test
    void reportShowsTheDecodedClearColour() {
        RenderTarget rt = runSource(clearOf("format=R4G4B4A4, clear_rgba=(1.0, 0.0, 0.0, 0.5)")).renderTargets().get(0);
        ClearColor.Decoded clear = rt.clear().orElseThrow();
        assertEquals("R4G4B4A4", clear.internal().name());
        assertEquals("RGBA (1, 0, 0, 0.5333) as R4G4B4A4 r4.4,g4.4,b4.4,a4.4", clear.describe());
    }

    @Test
    void renderTargetCountComesFromTheFbdAndADifferingPointerIsNoted() {
        // The pointer claims two render targets; the FBD (one .rt) says one: only one is read.
        String source = clearOf("format=R8G8B8A8, clear=0xff0000ff").replace("MOVE48 d40, fbd(fbd)",
                "MOVE48 d40, fbd(fbd) | 1 << 2");
        RunReport r = runSource(source);
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(1, r.renderTargets().size());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("says 2 render target(s), the FBD's render target count"
                + " says 1")), r.notes()::toString);
    }

    @Test
    void zsCrcPresenceComesFromTheFbdFlag() {
        // zs_crc=1 without the tag bit: the render target still sits after the extension.
        String source = clearOf("format=R8G8B8A8, clear=0xff0000ff").replace(".fbd width=4, height=4",
                ".fbd width=4, height=4, zs_crc=1").replace("MOVE48 d40, fbd(fbd)", "MOVE48 d40, fbd(fbd) & ~2");
        RunReport r = runSource(source);
        assertEquals(RED, r.renderTargets().get(0).pixels()[0]);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("Has ZS CRC Extension says present")), r.notes()::toString);
    }

    @Test
    void v12ClearWritesTheImageTheSameClearWritesOnV10() {
        String clear = clearOf("format=R8G8B8A8, clear=0xff0000ff");
        RunReport v10 = runSource(clear);
        RunReport v12 = runSource(".arch v12\n" + clear);

        assertEquals(RunStatus.OK, v12.status(), () -> String.valueOf(v12.fault()));
        assertEquals(1, v12.renderTargets().size(), () -> "recorded instead of run: " + v12.recorded());
        assertEquals(java.util.Arrays.toString(v10.renderTargets().get(0).pixels()),
                java.util.Arrays.toString(v12.renderTargets().get(0).pixels()));
        assertEquals(RED, v12.renderTargets().get(0).pixels()[15]);
    }

    @Test
    void v12RowStrideIsItsTwentySevenBitsNotTheSurfaceStrideBitsAboveThem() {
        // On v12 bits 31:27 of the row-stride word are the surface stride's bits 36:32; read as v10's 32-bit
        // row stride they would put row 1 of the 4x4 target 2^27 bytes further on.
        RunReport r = runSource(".arch v12\n" + clearOf("format=R8G8B8A8, clear=0xff0000ff, surface_stride_hi=1"));

        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(16, r.renderTargets().get(0).rowStride());
        for (int px : r.renderTargets().get(0).pixels()) {
            assertEquals(RED, px);
        }
    }
}
