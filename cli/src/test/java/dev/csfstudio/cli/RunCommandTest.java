package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    /** A 16x16 RGBA8 linear clear to opaque red (the examples/ stream in miniature). */
    private static final String CLEAR = """
            .buffer color, size=16 * 16 * 4
            .buffer fb, align=64
            fbd:
                .fbd width=16, height=16
                .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16 * 4, clear=0xff0000ff
            .stream main
                MOVE48 d40, fbd(fbd)
                MOVE32 r42, #0
                MOVE32 r43, #0xf000f
                RUN_FRAGMENT.tile_order=zorder
                WAIT #0x1
            """;

    @TempDir
    Path dir;

    private Path source(String text) throws IOException {
        return Files.writeString(dir.resolve("test.csf"), text);
    }

    @Test
    void finishedRunExitsZeroAndWritesTheReport() throws IOException {
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("ok: "), r.out());
        assertTrue(Files.exists(out.resolve("report.json")));
    }

    @Test
    void dumpedBufferHoldsTheClearedPixels() throws IOException {
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", out.toString(),
                "--dump-buffer", "color");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        byte[] pixels = Files.readAllBytes(out.resolve("color.bin"));
        assertEquals(16 * 16 * 4, pixels.length);
        assertArrayEquals(new byte[] {(byte) 0xff, 0, 0, (byte) 0xff}, java.util.Arrays.copyOfRange(pixels, 0, 4));
    }

    @Test
    void faultExitsWithCode2AndSaysWhere() throws IOException {
        Path src = source(".stream main\n    MOVE48 d0, #0x0\n    LOAD_MULTIPLE r4:r5, [d0]\n");
        CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("fault: "), r.out());
        assertTrue(r.out().contains("test.csf:3:"), r.out());
    }

    @Test
    void faultPrintsThePanthorStyleLinesForTheFaultingQueue() throws IOException {
        Path src = source(".stream main\n    .inst 0x1300000000000000\n");
        CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("\nqueue main, as panthor reports it:\n  CSG slot 0 CS slot: 0\n"
                + "  CS_FATAL.EXCEPTION_TYPE: 0x49 (CS_INSTR_INVALID)\n  CS_FATAL.EXCEPTION_DATA: 0x0\n"
                + "  CS_FATAL_INFO.EXCEPTION_DATA: 0x"), r.out());
    }

    @Test
    void endlessLoopTimesOutWithCode2() throws IOException {
        Path src = source(".stream main\nloop:\n    BRANCH.always r0, loop\n");
        CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString(),
                "--steps", "100");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("timeout: "), r.out());
    }

    @Test
    void wallClockTimeoutEndsAnEndlessLoopWhateverTheStepBudget() throws IOException {
        Path src = source(".stream main\nloop:\n    BRANCH.always r0, loop\n");
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", out.toString(),
                "--steps", "1000000000000000", "--timeout", "200ms");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("timeout: "), r.out());
        assertTrue(r.out().contains("wall-clock limit of 200 ms"), r.out());
        assertTrue(Files.exists(out.resolve("core.json")));
    }

    @Test
    void stepsCountTheProgramsInstructionsOnly() throws IOException {
        Path src = source(".stream main\n    MOVE32 r1, #1\n    MOVE32 r2, #2\n    MOVE32 r3, #3\n");
        CsfInvocation r = CsfInvocation.run("run", src.toString(), "--out", dir.resolve("out").toString(),
                "--steps", "3");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("ok: 3 instructions"), r.out());
    }

    @Test
    void unreadableTimeoutIsAnErrorThatShowsTheForm() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", dir.resolve("o").toString(),
                "--timeout", "soon");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("'soon' is not a duration: write it as 30s, 500ms or 2m"), r.err());
    }

    @Test
    void assemblyErrorsExitWithCode1BeforeRunning() throws IOException {
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source("    NOOP\n").toString(), "--out", out.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("test.csf:1:5: error: "), r.err());
        assertTrue(Files.notExists(out));
    }

    @Test
    void unknownDumpBufferIsAnError() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", dir.resolve("o").toString(),
                "--dump-buffer", "colour");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("--dump-buffer colour: no buffer or stream of that name"), r.err());
    }

    @Test
    void withoutOutTheOutputsGoToOutSlashTheSourceName() throws IOException {
        Path expected = Path.of("out", "test");
        try {
            CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString());
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("outputs in " + expected), r.out());
            assertTrue(Files.isRegularFile(expected.resolve("report.json")));
            assertTrue(Files.isRegularFile(expected.resolve("color.png")));
        } finally {
            try (var files = Files.walk(Path.of("out"))) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aLaterOkRunLeavesNoCoreDumpOfAnEarlierRun() throws IOException {
        Path out = dir.resolve("out");
        Path faulting = Files.writeString(dir.resolve("fault.csf"), ".stream main\n    MOVE48 d0, #0x0\n"
                + "    LOAD_MULTIPLE r4:r5, [d0]\n");
        assertEquals(2, CsfInvocation.run("run", faulting.toString(), "--out", out.toString()).exitCode());
        assertTrue(Files.exists(out.resolve("core.json")));
        CsfInvocation ok = CsfInvocation.run("run", source(CLEAR).toString(), "--out", out.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        assertTrue(Files.notExists(out.resolve("core.json")), "core.json of the faulted run is still there");
        assertTrue(Files.readString(out.resolve("report.json")).contains("\"status\": \"ok\""));
    }

    @Test
    void aRenderTargetTooLargeForAPngIsSaidToBeSkippedAndWhy() throws IOException {
        // R8 keeps the buffer at 64 MiB while the target has more pixels than a PNG is written for
        String big = """
                .buffer color, size=8193 * 8193
                .buffer fb, align=64
                fbd:
                    .fbd width=8193, height=8193
                    .rt  format=R8, layout=linear, base=color, row_stride=8193, clear=0xff
                .stream main
                    MOVE48 d40, fbd(fbd)
                    MOVE32 r42, #0
                    MOVE32 r43, 8192 | 8192 << 16
                    RUN_FRAGMENT.tile_order=zorder
                """;
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", source(big).toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        String reason = "no PNG: 67125249 pixels is more than the 67108864 (8192x8192) a PNG is written for"
                + " (--dump-buffer color writes its bytes)";
        String line = r.out().lines().filter(l -> l.startsWith("render target color: ")).findFirst().orElseThrow();
        assertTrue(line.startsWith("render target color: 8193x8193 R8 linear, cleared (0,0)-(8192,8192)"), line);
        assertTrue(line.endsWith("; " + reason), line);
        assertTrue(!r.out().contains("->"), r.out());
        assertTrue(Files.notExists(out.resolve("color.png")));
        String report = Files.readString(out.resolve("report.json"));
        assertTrue(report.contains("\"png\": null") && report.contains("render target color: " + reason), report);
    }

    @Test
    void userFacingTextCitesNoInternalNotes() throws IOException {
        CsfInvocation r = CsfInvocation.run("run", source(CLEAR).toString(), "--out", dir.resolve("out").toString());
        String report = Files.readString(dir.resolve("out").resolve("report.json"));
        assertTrue(!java.util.regex.Pattern.compile("\\bnote \\d+").matcher(report + r.out()).find(), report);
    }
}
