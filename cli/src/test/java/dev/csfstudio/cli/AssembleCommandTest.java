package dev.csfstudio.cli;

import dev.csfstudio.program.output.OutputFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AssembleCommandTest {

    private static final String TWO_INSTRUCTIONS = "    MOVE32 r42, #0x0\n    NOP\n";

    @TempDir
    Path dir;

    private Path source(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void binIsTheEntryStreamLittleEndian() throws IOException {
        Path out = dir.resolve("out.bin");
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", TWO_INSTRUCTIONS).toString(), "-o", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertArrayEquals(GoldenVectors.littleEndian(0x022a000000000000L, 0L), Files.readAllBytes(out));
    }

    @Test
    void binIsTheDefaultFormatAndNamedAfterTheSource() throws IOException {
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", TWO_INSTRUCTIONS).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(16, Files.size(dir.resolve("two.bin")));
    }

    @Test
    void hexIsOneSixteenDigitWordPerLine() throws IOException {
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", TWO_INSTRUCTIONS).toString(),
                "--format", "hex", "-o", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("022a000000000000\n0000000000000000\n", r.out());
    }

    @Test
    void cIsAUint64ArrayNamedAfterTheFile() throws IOException {
        CsfInvocation r = CsfInvocation.run("asm", source("clear-red.v2.csf", TWO_INSTRUCTIONS).toString(),
                "--format", "C", "-o", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("uint64_t clear_red[] = {\n    0x022a000000000000ull,\n"
                + "    0x0000000000000000ull,\n};\n"), r.out());
    }

    @Test
    void jsonListsStreamsBuffersAndSymbols() throws IOException {
        String text = ".buffer data, at=0x200000\nvalue:\n    .word 0x11223344\n"
                + ".stream main, at=0x100000\nstart:\n    NOP\n";
        CsfInvocation r = CsfInvocation.run("asm", source("j.csf", text).toString(), "--format", "json", "-o", "-");
        assertEquals(0, r.exitCode(), r.err());
        JsonObject json = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("main", json.get("entry").getAsString());
        JsonObject stream = json.getAsJsonArray("streams").get(0).getAsJsonObject();
        assertEquals("0x100000", stream.get("address").getAsString());
        assertEquals(8, stream.get("size").getAsInt());
        assertEquals("0000000000000000", stream.get("bytes").getAsString());
        JsonObject buffer = json.getAsJsonArray("buffers").get(0).getAsJsonObject();
        assertEquals("data", buffer.get("name").getAsString());
        assertEquals("44332211", buffer.get("bytes").getAsString());
        assertTrue(json.getAsJsonArray("symbols").toString().contains("\"name\":\"value\""), json.toString());
        assertTrue(json.getAsJsonArray("symbols").toString().contains("\"value\":\"0x200000\""), json.toString());
    }

    @Test
    void listingShowsAddressWordAndSource() throws IOException {
        Path listing = dir.resolve("two.lst");
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", ".stream main, at=0x100000\n" + TWO_INSTRUCTIONS)
                .toString(), "--listing", listing.toString());
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(listing);
        assertTrue(text.contains("0000000000100000  022a000000000000  MOVE32 r42, #0x0"), text);
        assertTrue(text.contains("0000000000100008  0000000000000000  NOP"), text);
    }

    @Test
    void errorsArePrintedCompilerStyleWithExitCode1AndNoOutput() throws IOException {
        Path src = source("bad.csf", "    MOVE32 r42, #0x0\n    BRANCHX r0, #1\n");
        CsfInvocation r = CsfInvocation.run("asm", src.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("bad.csf:2:5: error: "), r.err());
        assertTrue(r.err().contains("BRANCH"), "suggestion expected: " + r.err());
        assertFalse(Files.exists(dir.resolve("bad.bin")));
        assertTrue(r.clean(), r.err());
    }

    @Test
    void warningsPassUnlessWerror() throws IOException {
        Path src = source("warn.csf", "unused:\n    NOP\n");
        CsfInvocation ok = CsfInvocation.run("asm", src.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        assertTrue(ok.err().contains("warning: "), ok.err());
        CsfInvocation strict = CsfInvocation.run("asm", "--Werror", src.toString());
        assertEquals(1, strict.exitCode());
    }

    @Test
    void programWithOnlyBuffersHasAnEmptyEntryStream() throws IOException {
        Path src = source("data.csf", ".buffer data\n    .word 1\n");
        Path out = dir.resolve("data.bin");
        CsfInvocation bin = CsfInvocation.run("asm", src.toString(), "-o", out.toString());
        assertEquals(0, bin.exitCode(), bin.err());
        assertEquals(0, Files.size(out));
        CsfInvocation json = CsfInvocation.run("asm", src.toString(), "--format", "json", "-o", "-");
        assertEquals(0, json.exitCode(), json.err());
        assertTrue(json.out().contains("\"name\": \"data\""), json.out());
    }

    @Test
    void missingSourceIsOneLine() {
        CsfInvocation r = CsfInvocation.run("asm", dir.resolve("absent.csf").toString());
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("absent.csf: no such file"), r.err());
    }

    @Test
    void directoryAsSourceIsOneLine() {
        CsfInvocation r = CsfInvocation.run("asm", dir.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("is a directory"), r.err());
    }

    @Test
    void binaryGarbageIsReportedNotThrown() throws IOException {
        byte[] garbage = new byte[256];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = (byte) (i * 37 + 11);
        }
        Path src = Files.write(dir.resolve("garbage.csf"), garbage);
        CsfInvocation r = CsfInvocation.run("asm", src.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.clean(), r.err());
    }

    @Test
    void unknownFormatIsAUsageError() throws IOException {
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", TWO_INSTRUCTIONS).toString(), "--format", "elf");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("unknown format 'elf' (expected bin, hex, c or json)"), r.err());
    }

    @Test
    void binIsNotWrittenToStdout() throws IOException {
        CsfInvocation r = CsfInvocation.run("asm", source("two.csf", TWO_INSTRUCTIONS).toString(), "-o", "-");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("use --format hex"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void unwritableOutputIsOneLine() throws IOException {
        Path src = source("two.csf", TWO_INSTRUCTIONS);
        CsfInvocation r = CsfInvocation.run("asm", src.toString(), "-o", src.resolve("x.bin").toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("csf asm: error: cannot write "), r.err());
        assertTrue(r.clean(), r.err());
    }

    @Test
    void werrorSaysTheWarningsWereTreatedAsErrors() throws IOException {
        Path src = source("warn.csf", "unused:\n    NOP\n");
        CsfInvocation strict = CsfInvocation.run("asm", "--Werror", src.toString());
        assertEquals(1, strict.exitCode());
        assertTrue(strict.err().contains("warn.csf:1:1: warning: label 'unused' is never used"), strict.err());
        assertTrue(strict.err().endsWith("csf asm: error: 1 warning treated as errors (--Werror); nothing written\n"),
                strict.err());
        assertFalse(Files.exists(dir.resolve("warn.bin")));
    }

    @Test
    void listingShowsRawWordsAsNumbersLikeInstructions() throws IOException {
        Path listing = dir.resolve("raw.lst");
        Path src = source("raw.csf", ".stream main, at=0x100000\n    .inst 0x0123456789abcdef\n"
                + "    UNKNOWN_10 0x0000fedcba987654\n.buffer data, at=0x200000\n    .dword 0x0123456789abcdef\n");
        CsfInvocation r = CsfInvocation.run("asm", src.toString(), "--listing", listing.toString());
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(listing);
        assertTrue(text.contains("0000000000100000  0123456789abcdef  .inst 0x0123456789abcdef"), text);
        assertTrue(text.contains("0000000000100008  0a00fedcba987654  UNKNOWN_10 0x0000fedcba987654"), text);
        // data stays in memory order
        assertTrue(text.contains("0000000000200000  efcdab8967452301  .dword 0x0123456789abcdef"), text);
    }

    @Test
    void jsonOfAQuarterGigabyteBufferIsStreamedInBoundedMemory() throws Exception {
        // The whole text (512 MiB of hex) never exists at once: a JVM with a 700 MiB heap writes it.
        Path src = source("zero.csf", ".buffer big\n    .zero 256 * 1024 * 1024\n.stream main\n    NOP\n");
        Process p = new ProcessBuilder(javaCommand(), "-Xmx700m", "-cp", System.getProperty("java.class.path"),
                Csf.class.getName(), "asm", src.toString(), "--format", "json", "-o", "-")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long size = 0;
        byte[] tail = new byte[0];
        try (var in = p.getInputStream()) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                size += n;
                if (n >= 64) {
                    tail = java.util.Arrays.copyOfRange(buffer, n - 64, n);
                }
            }
        }
        assertEquals(0, p.waitFor());
        assertTrue(size > 2L * 256 * 1024 * 1024, "size " + size);
        assertTrue(new String(tail, java.nio.charset.StandardCharsets.US_ASCII).endsWith("\"section\": \"main\"\n    }\n  ]\n}\n"),
                new String(tail, java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Test
    void jsonKeepsItsLayout() throws IOException {
        String text = ".buffer data, at=0x200000\n    .byte 1\n.stream main, at=0x100000\n    NOP\n";
        CsfInvocation r = CsfInvocation.run("asm", source("j.csf", text).toString(), "--format", "json", "-o", "-");
        assertEquals("""
                {
                  "entry": "main",
                  "arch": "v10",
                  "streams": [
                    {
                      "name": "main",
                      "vm": "main",
                      "address": "0x100000",
                      "size": 8,
                      "bytes": "0000000000000000"
                    }
                  ],
                  "buffers": [
                    {
                      "name": "data",
                      "vm": "main",
                      "address": "0x200000",
                      "size": 1,
                      "bytes": "01"
                    }
                  ],
                  "symbols": [
                    {
                      "name": "data",
                      "kind": "buffer",
                      "value": "0x200000",
                      "section": "data"
                    },
                    {
                      "name": "main",
                      "kind": "stream",
                      "value": "0x100000",
                      "section": "main"
                    }
                  ]
                }
                """, r.out());
    }

    @Test
    void everyFormatRendersInMemoryWhatItWritesToAFile() throws IOException {
        Path src = source("two.csf", TWO_INSTRUCTIONS);
        dev.csfstudio.program.Program program = new dev.csfstudio.asm.Assembler().assemble(src).program();
        for (OutputFormat format : OutputFormat.values()) {
            Path out = dir.resolve("two." + format.extension());
            assertEquals(0, CsfInvocation.run("asm", src.toString(), "--format", format.extension(), "-o", out.toString())
                    .exitCode());
            assertArrayEquals(Files.readAllBytes(out), format.render(program, "two.csf"), format.name());
        }
    }

    static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
