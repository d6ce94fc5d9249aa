package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DisassembleCommandTest {

    @TempDir
    Path dir;

    private Path bin(long... words) throws IOException {
        return Files.write(dir.resolve("stream.bin"), GoldenVectors.littleEndian(words));
    }

    static List<String> instructionLines(String source) {
        return source.lines().filter(l -> l.startsWith("    ")).map(String::strip).toList();
    }

    @Test
    void printsTheCanonicalTextOfEveryWord() throws IOException {
        // MOVE32 r42, #0x0 ; NOP
        CsfInvocation r = CsfInvocation.run("disasm", bin(0x022a000000000000L, 0L).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("MOVE32 r42, #0x0", "NOP"), instructionLines(r.out()));
    }

    /** A binary is read twice when it is a file; a pipe, which reads once, is read whole. */
    @Test
    void aBinaryFromAPipeIsDisassembledToo() throws Exception {
        Path fifo = dir.resolve("stream.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Thread writer = new Thread(() -> {
            try {
                Files.write(fifo, GoldenVectors.littleEndian(0x022a000000000000L, 0L));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        CsfInvocation r = CsfInvocation.run("disasm", fifo.toString());
        writer.join(10_000);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("MOVE32 r42, #0x0", "NOP"), instructionLines(r.out()));
    }

    @Test
    void goldenVectorsWithoutBranchesPrintTheirGoldenText() throws IOException {
        List<GoldenVectors> vectors = GoldenVectors.all().stream().filter(v -> !v.text().startsWith("BRANCH")).toList();
        CsfInvocation r = CsfInvocation.run("disasm",
                bin(vectors.stream().mapToLong(GoldenVectors::word).toArray()).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(vectors.stream().map(GoldenVectors::text).toList(), instructionLines(r.out()));
    }

    @Test
    void backwardBranchTargetGetsALabelNamedByAddress() throws IOException {
        // loop: ADD_IMMEDIATE32 r4, r4, #-1 ; BRANCH.ne r4, loop (offset -2)
        long add = 0x100404_00ffffffffL;
        long branch = 0x1600_0400_3000_fffeL;
        CsfInvocation r = CsfInvocation.run("disasm", "--base", "0x10000", bin(add, branch).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(".stream main, at=0x10000\nL_10000:\n    ADD_IMMEDIATE32 r4, r4, #-1\n    BRANCH.ne r4, L_10000\n",
                r.out().substring(r.out().indexOf('\n') + 1));
    }

    @Test
    void branchToTheEndOfTheStreamLabelsTheEnd() throws IOException {
        long branch = 0x1600_0000_6000_0001L; // BRANCH.always r0, +1 over the NOP
        CsfInvocation r = CsfInvocation.run("disasm", bin(branch, 0L).toString());
        assertTrue(r.out().endsWith("    BRANCH.always r0, L_10\n    NOP\nL_10:\n"), r.out());
    }

    @Test
    void branchOutsideTheStreamKeepsItsNumericOffset() throws IOException {
        long branch = 0x1600_0000_6000_0100L;
        CsfInvocation r = CsfInvocation.run("disasm", bin(branch).toString());
        assertEquals(List.of("BRANCH.always r0, #256"), instructionLines(r.out()));
    }

    @Test
    void wordWithoutCanonicalTextPrintsAsInst() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", bin(0xff00_0000_0000_1234L).toString());
        assertEquals(List.of(".inst 0xff00000000001234"), instructionLines(r.out()));
    }

    @Test
    void fileThatIsNotWholeInstructionsIsRejected() throws IOException {
        Path odd = Files.write(dir.resolve("odd.bin"), new byte[12]);
        CsfInvocation r = CsfInvocation.run("disasm", odd.toString());
        assertEquals(1, r.exitCode());
        assertEquals("csf disasm: error: " + odd + ": 12 bytes is not a whole number of 8-byte instructions\n",
                r.err().replace("\r\n", "\n"));
    }

    @Test
    void missingFileIsOneLine() {
        CsfInvocation r = CsfInvocation.run("disasm", dir.resolve("nope.bin").toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("nope.bin: no such file"), r.err());
        assertEquals(1, r.err().lines().count());
    }

    @Test
    void badBaseAddressIsAUsageError() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", "--base", "banana", bin(0L).toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("'banana' is not an address"), r.err());
        assertTrue(r.clean());
    }

    @Test
    void writesToTheOutputFileWhenAsked() throws IOException {
        Path out = dir.resolve("out/stream.csf");
        CsfInvocation r = CsfInvocation.run("disasm", bin(0L).toString(), "-o", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(out).contains("    NOP\n"));
    }

    @Test
    void aBaseWhereTheStreamEndsExactlyAtTheTopOfTheAddressSpaceAssemblesBack() throws IOException {
        long branch = 0x1600_0000_6000_0000L; // BRANCH.always r0, #0: to the end
        Path bin = bin(0L, branch);
        Path text = dir.resolve("top.csf");
        CsfInvocation r = CsfInvocation.run("disasm", "--base", "0xfffffffffff0", bin.toString(), "-o", text.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(text).endsWith("    BRANCH.always r0, L_1000000000000\nL_1000000000000:\n"),
                Files.readString(text));
        dev.csfstudio.asm.AssemblyResult again = new dev.csfstudio.asm.Assembler().assemble(text);
        assertEquals(List.of(), again.errors());
        assertEquals(0xfffffffffff0L, again.program().entrySection().address());
        org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(bin), again.program().entrySection().bytes());
    }

    @Test
    void aBaseFromWhichTheStreamWouldLeaveTheAddressSpaceIsRefusedWithTheLastThatFits() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", "--base", "0xfffffffffff8", bin(0L, 0L).toString());
        assertEquals(1, r.exitCode());
        assertEquals("csf disasm: error: --base 0xfffffffffff8: 2 instructions from there end at 0x1000000000008, past"
                + " the 48-bit GPU address space (the last base that fits is 0xfffffffffff0)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void sixtyFourMebibytesOfRandomWordsAreStreamedInBoundedMemory() throws Exception {
        byte[] random = new byte[64 << 20];
        new java.util.Random(9).nextBytes(random);
        Path bin = Files.write(dir.resolve("random.bin"), random);
        Process p = new ProcessBuilder(AssembleCommandTest.javaCommand(), "-Xmx400m", "-cp",
                System.getProperty("java.class.path"), Csf.class.getName(), "disasm", bin.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long instructions = 0;
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                if (line.startsWith("    ")) {
                    instructions++;
                }
            }
        }
        assertEquals(0, p.waitFor());
        assertEquals(random.length / 8, instructions);
    }

    @Test
    void randomWordsDisassembleToSourceThatAssemblesBackWithItsWarningsCounted() throws IOException {
        byte[] random = new byte[1 << 20];
        new java.util.Random(7).nextBytes(random);
        java.nio.ByteBuffer words = java.nio.ByteBuffer.wrap(random).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3000; i++) {
            words.putLong(8 * 41 * i, 0x0129_0000_0000_1234L); // MOVE48 d41, #0x1234: an odd-pair warning each
        }
        Path bin = Files.write(dir.resolve("random.bin"), random);
        Path text = dir.resolve("random.csf");
        assertEquals(0, CsfInvocation.run("disasm", bin.toString(), "-o", text.toString()).exitCode());
        Path again = dir.resolve("again.bin");
        CsfInvocation asm = CsfInvocation.run("asm", text.toString(), "-o", again.toString());
        assertEquals(0, asm.exitCode(), asm.err().substring(0, Math.min(2000, asm.err().length())));
        org.junit.jupiter.api.Assertions.assertArrayEquals(random, Files.readAllBytes(again));
        long odd = asm.err().lines().filter(l -> l.contains(": warning: d") && l.contains(" is odd")).count();
        assertEquals(dev.csfstudio.asm.DiagnosticPrinter.PER_KIND, odd);
        assertTrue(asm.err().contains("more warnings of kind 'odd-register-pair' not shown"), asm.err().substring(
                asm.err().length() - 500));
    }
}
