package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PandecodeTraceTest {

    private static final PandecodeTrace TRACE = new PandecodeTrace(dev.csfstudio.isa.Arch.V10);

    private static final long MOVE32_R10_3 = 0x020a000000000003L;
    private static final long ADD_R10_MINUS1 = 0x100a0a00ffffffffL;
    private static final long BRANCH_NE_R10_BACK2 = 0x16000a003000fffeL;
    private static final long CALL_D80_R82 = 0x2000505200000000L;
    private static final long JUMP_D80_R82 = 0x2100505200000000L;
    private static final long NOP = 0L;
    private static final long WAIT_1 = 0x0300000000010000L;

    @TempDir
    Path dir;

    private static Path sample() throws URISyntaxException {
        return Path.of(PandecodeTraceTest.class.getResource("trace-call-loop.txt").toURI());
    }

    /** A line as pandecode prints it: the eight bytes, then two spaces per call depth (plus one). */
    private static String line(long word, int depth, String text) {
        StringBuilder sb = new StringBuilder(" ");
        for (int b = 0; b < 8; b++) {
            sb.append(String.format(" %02x", (word >>> (8 * b)) & 0xff));
        }
        return sb.append("  ".repeat(1 + depth)).append(text).toString();
    }

    private static List<PandecodeTrace.RecoveredStream> recover(String... lines) {
        return TRACE.recover(TRACE.parse(List.of(lines)));
    }

    @Test
    void readsTheEightLittleEndianBytesOfEachInstructionLine() {
        List<PandecodeTrace.TraceLine> trace = TRACE.parse(List.of(line(WAIT_1, 0, "WAIT #1")));
        assertEquals(1, trace.size());
        assertEquals(WAIT_1, trace.get(0).word());
    }

    @Test
    void readsWordsPrintedAsSixteenHexDigits() {
        List<PandecodeTrace.TraceLine> trace =
                TRACE.parse(List.of("0x0300000000010000    WAIT #1"));
        assertEquals(WAIT_1, trace.get(0).word());
    }

    @Test
    void skipsDescriptorDumpsAndHexdumps() {
        List<PandecodeTrace.TraceLine> trace = TRACE.parse(List.of(
                "    Framebuffer @10000c0:", "      Width: 16",
                "      00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", ""));
        assertTrue(trace.isEmpty());
    }

    @Test
    void calledBufferBecomesItsOwnStreamAndExecutionReturnsAfterTheCall() {
        List<PandecodeTrace.RecoveredStream> streams = recover(
                line(CALL_D80_R82, 0, "CALL d80, r82"),
                line(NOP, 1, "NOP"),
                line(WAIT_1, 0, "WAIT #1"));
        assertEquals(2, streams.size());
        assertArrayEquals(new long[] {CALL_D80_R82, WAIT_1}, streams.get(0).words());
        assertArrayEquals(new long[] {NOP}, streams.get(1).words());
    }

    @Test
    void loopIterationsFoldBackOntoTheLoopBody() {
        List<PandecodeTrace.RecoveredStream> streams = recover(
                line(MOVE32_R10_3, 0, "MOVE32 r10, #0x3"),
                line(ADD_R10_MINUS1, 0, "ADD_IMMEDIATE32 r10, r10, #-1"),
                line(BRANCH_NE_R10_BACK2, 0, "BRANCH.ne r10, #-2"),
                line(ADD_R10_MINUS1, 0, "ADD_IMMEDIATE32 r10, r10, #-1"),
                line(BRANCH_NE_R10_BACK2, 0, "BRANCH.ne r10, #-2"),
                line(WAIT_1, 0, "WAIT #1"));
        assertEquals(1, streams.size());
        assertArrayEquals(new long[] {MOVE32_R10_3, ADD_R10_MINUS1, BRANCH_NE_R10_BACK2, WAIT_1},
                streams.get(0).words());
    }

    @Test
    void jumpContinuesInANewStream() {
        List<PandecodeTrace.RecoveredStream> streams = recover(
                line(JUMP_D80_R82, 1, "JUMP d80, r82"),
                line(WAIT_1, 1, "WAIT #1"));
        assertEquals(2, streams.size());
        assertArrayEquals(new long[] {WAIT_1}, streams.get(1).words());
    }

    @Test
    void aBufferCalledTwiceIsPrintedOnce() {
        List<PandecodeTrace.RecoveredStream> streams = recover(
                line(CALL_D80_R82, 0, "CALL d80, r82"),
                line(NOP, 1, "NOP"),
                line(CALL_D80_R82, 0, "CALL d80, r82"),
                line(NOP, 1, "NOP"));
        assertEquals(2, streams.size());
        assertArrayEquals(new long[] {CALL_D80_R82, CALL_D80_R82}, streams.get(0).words());
    }

    @Test
    void traceFilePrintsAsSourceWithOneStreamPerBufferAndLabels() throws Exception {
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", sample().toString());
        assertEquals(0, r.exitCode(), r.err());
        String expected = """
                .stream main
                    MOVE48 d40, #0x10000c1
                    MOVE32 r42, #0x0
                    MOVE32 r43, #0xf000f
                    MOVE48 d80, #0x10040000
                    MOVE32 r82, #0x18
                    CALL d80, r82
                    RUN_FRAGMENT.tile_order=zorder
                    WAIT #0x1

                .stream cs1, at=0x10040000
                    MOVE32 r10, #0x3
                cs1_L1:
                    ADD_IMMEDIATE32 r10, r10, #-1
                    BRANCH.ne r10, cs1_L1
                """;
        assertEquals(expected, r.out().substring(r.out().indexOf(".stream")));
        assertTrue(r.out().startsWith("// Recovered from trace-call-loop.txt: 15 executed instructions"), r.out());
    }

    @Test
    void fileWithoutInstructionLinesIsRejected() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\nworld\n");
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", text.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("no command-stream instruction lines"), r.err());
    }

    @Test
    void binaryFileIsRejectedAsTrace() throws IOException {
        Path bin = Files.write(dir.resolve("x.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, (byte) 0xc3});
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", bin.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.clean(), r.err());
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(PandecodeTraceTest.class.getResource(name).toURI());
    }

    @Test
    void importedTraceWithACalledStreamRunsToOk() throws Exception {
        Path source = dir.resolve("imported.csf");
        CsfInvocation d = CsfInvocation.run("disasm", "--pandecode", resource("trace-call.txt").toString(), "-o",
                source.toString());
        assertEquals(0, d.exitCode(), d.err());
        assertTrue(Files.readString(source).contains(".stream cs1, at=0x10040000"), Files.readString(source));
        CsfInvocation r = CsfInvocation.run("run", source.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(Files.readString(dir.resolve("out").resolve("report.json")).contains("\"status\": \"ok\""));
    }

    @Test
    void anImportedComputeDispatchAndDrawDecodeTheDescriptorsTheDumpPrinted() throws Exception {
        Path source = dir.resolve("imported.csf");
        CsfInvocation d = CsfInvocation.run("disasm", "--pandecode", resource("trace-compute-idvs.txt").toString(),
                "-o", source.toString());
        assertEquals(0, d.exitCode(), d.err());
        dev.csfstudio.asm.AssemblyResult a = new dev.csfstudio.asm.Assembler().assemble(source);
        assertTrue(a.errors().isEmpty(), a.errors() + "\n" + Files.readString(source));
        dev.csfstudio.runtime.RunReport r = new dev.csfstudio.runtime.Simulator().run(a.program());
        assertEquals(2, r.jobs().size(), r.jobs()::toString);
        dev.csfstudio.runtime.JobInputs.Job compute = r.jobs().get(0);
        assertEquals("RUN_COMPUTE", compute.mnemonic());
        assertEquals(1, compute.value("spd.stage").orElseThrow());
        assertEquals(0x7f0040, compute.value("spd.binary").orElseThrow());
        assertEquals(1L << 31, compute.value("tsd.wls_instances").orElseThrow());
        assertEquals(64, compute.value("wg_size.workgroup_size_x").orElseThrow());
        dev.csfstudio.runtime.JobInputs.Job draw = r.jobs().get(1);
        assertEquals("RUN_IDVS", draw.mnemonic());
        assertEquals(3, draw.value("position_spd.stage").orElseThrow());
        assertEquals(0x7f0100, draw.value("position_spd.binary").orElseThrow());
        assertEquals(0x7f0200, draw.value("fragment_spd.binary").orElseThrow());
        assertEquals(36, draw.value("index_count").orElseThrow());
    }

    @Test
    void traceWithoutBytesIsReadFromPandecodesText() throws Exception {
        List<String> withBytes = Files.readAllLines(resource("trace-call.txt"));
        List<String> textOnly = withBytes.stream().map(l -> l.replaceFirst("^  (?:[0-9a-f]{2} ){7}[0-9a-f]{2}", "")).toList();
        Path text = Files.write(dir.resolve("text-only.txt"), textOnly);
        CsfInvocation a = CsfInvocation.run("disasm", "--pandecode", resource("trace-call.txt").toString());
        CsfInvocation b = CsfInvocation.run("disasm", "--pandecode", text.toString());
        assertEquals(0, b.exitCode(), b.err());
        assertEquals(a.out().substring(a.out().indexOf(".stream")), b.out().substring(b.out().indexOf(".stream")));
    }

    @Test
    void csBinaryListingGivesEachStreamAtItsAddress() throws Exception {
        Path listing = Files.writeString(dir.resolve("listing.txt"), """
                main_cs@10000000{
                  MOVE48 d80, #0x10040000
                  MOVE32 r82, #0x10
                  CALL d80, r82 // cs@10040000
                } // main_cs@10000000

                cs@10040000{
                  RUN_TILING.srt0.spd0.tsd0.fau0
                label_10040008:
                  WAIT #10
                } // cs@10040000
                """);
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", listing.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains(".stream main, at=0x10000000\n    MOVE48 d80, #0x10040000\n"), r.out());
        assertTrue(r.out().contains(".stream cs_10040000, at=0x10040000\n    RUN_TILING.srt0.spd0.tsd0.fau0 #0x0\n"
                + "    WAIT #0x10\n"), r.out());
        assertTrue(r.out().contains("// trace line 8: pandecode does not print RUN_TILING's flags [31:0]: assumed 0"),
                r.out());
    }

    @Test
    void disassemblyInPandecodeSyntaxPrintsPandecodesTextAndAssemblesBack() throws Exception {
        long[] words = {0x0300000000100000L, 0x2600000200010000L, 0x2700343210000000L, 0x0000000000001234L};
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * words.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (long w : words) {
            b.putLong(w);
        }
        Path bin = Files.write(dir.resolve("w.bin"), b.array());
        Path out = dir.resolve("w.csf");
        CsfInvocation d = CsfInvocation.run("disasm", "--syntax", "pandecode", bin.toString(), "-o", out.toString());
        assertEquals(0, d.exitCode(), d.err());
        String text = Files.readString(out);
        assertTrue(text.contains(".syntax pandecode\n    WAIT #10\n    SYNC_SET32..system [d0], r2, #1, #0\n"
                + "    SYNC_WAIT32gt.inherit d52, r50\n    NOP // 0x1234\n"), text);
        Path again = dir.resolve("again.bin");
        CsfInvocation a = CsfInvocation.run("asm", out.toString(), "-o", again.toString());
        assertEquals(0, a.exitCode(), a.out() + a.err());
        assertArrayEquals(b.array(), Files.readAllBytes(again));
    }

    @Test
    void aBlockAddressPastFortyEightBitsIsAnErrorAtItsDigits() throws Exception {
        Path listing = Files.writeString(dir.resolve("listing.txt"), "main_cs@1234567890123456789{\n    NOP\n}\n");
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", listing.toString());
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.err().startsWith(listing + ":1:9: error: block address 0x1234567890123456789 is past the 48-bit GPU"
                + " address space"), r.err());
    }

    @Test
    void aBlockWhoseInstructionsEndPastFortyEightBitsIsAnError() throws Exception {
        Path listing = Files.writeString(dir.resolve("listing.txt"), "main_cs@fffffffffff8{\n    NOP\n    NOP\n}\n");
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", listing.toString());
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.err().startsWith(listing + ":1:9: error: block at 0xfffffffffff8: its 2 instructions end past"), r.err());
    }

    @Test
    void aCallPastFortyEightBitsIsAProblemAtTheCall() {
        long move32R81 = 0x0251000000010000L; // MOVE32 r81, #0x10000: d80 is 0x1_0000_0000_0000
        long move32R80 = 0x0250000000000000L;
        PandecodeTrace.Recovery r = TRACE.read(List.of(
                line(move32R80, 0, "MOVE32 r80, #0x0"),
                line(move32R81, 0, "MOVE32 r81, #0x10000"),
                line(CALL_D80_R82, 0, "CALL d80, r82"),
                line(NOP, 1, "NOP"),
                line(WAIT_1, 0, "WAIT #1")));
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertEquals(3, r.problems().get(0).line());
        assertTrue(r.problems().get(0).message().contains("goes to 0x1000000000000"), r.problems().get(0).message());
    }

    @Test
    void aDisassemblyForV12SaysSoAndAssemblesBackWithoutArch() throws Exception {
        Path bin = Files.write(dir.resolve("w.bin"), GoldenVectors.littleEndian(0x0300000000100000L, 0L));
        Path out = dir.resolve("w.csf");
        CsfInvocation d = CsfInvocation.run("disasm", "--arch", "v12", bin.toString(), "-o", out.toString());
        assertEquals(0, d.exitCode(), d.err());
        String text = Files.readString(out);
        assertTrue(text.lines().anyMatch(".arch v12"::equals), text);
        dev.csfstudio.asm.AssemblyResult a = new dev.csfstudio.asm.Assembler().assemble(out);
        assertTrue(a.errors().isEmpty(), a.errors().toString());
        assertEquals(dev.csfstudio.isa.Arch.V12, a.program().arch());
    }

    /** A dump's trace and its memory as pandecode_dump_mappings prints it: u_hexdump rows, '*' for a run of zeros. */
    private Path traceWithMemory() throws IOException {
        return Files.writeString(dir.resolve("trace.txt"), String.join("\n",
                line(WAIT_1, 0, "WAIT #1"),
                "Buffer: framebuffer gpu 200000",
                "",
                "000000  41 42 43 44 00 00 00 00 00 00 00 00 00 00 00 00 ",
                "000010  *",
                "000040  01 02 ",
                "",
                "Buffer: scratch gpu 300000",
                "",
                "000000  FF 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ",
                "000010  *",
                "",
                ""));
    }

    @Test
    void buffersTheTracePrintsAreRecoveredAtTheirAddressesWithTheirBytes() throws Exception {
        Path out = dir.resolve("trace.csf");
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", traceWithMemory().toString(), "-o", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        dev.csfstudio.asm.AssemblyResult a = new dev.csfstudio.asm.Assembler().assemble(out);
        assertTrue(a.errors().isEmpty(), a.errors() + "\n" + Files.readString(out));
        byte[] expected = new byte[0x42];
        expected[0] = 0x41;
        expected[1] = 0x42;
        expected[2] = 0x43;
        expected[3] = 0x44;
        expected[0x40] = 1;
        expected[0x41] = 2;
        dev.csfstudio.program.Section fb = a.program().section("framebuffer").orElseThrow();
        assertEquals(0x200000L, fb.address());
        assertArrayEquals(expected, fb.bytes());
    }

    @Test
    void aBufferEndingInUncountedZerosGetsThirtyTwoOfThemAndANote() throws Exception {
        CsfInvocation r = CsfInvocation.run("disasm", "--pandecode", traceWithMemory().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("// trace line 8: buffer scratch ends in zeros the dump does not count: 32 assumed"),
                r.out());
        assertTrue(r.out().contains(".buffer scratch, at=0x300000\n    .byte 0xff, 0x00"), r.out());
        assertTrue(r.out().contains("    .zero 32\n"), r.out());
    }
}
