package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No command writes over its inputs, and every output name must name a place of its own. */
class OutputSafetyTest {

    private static final String TWO_INSTRUCTIONS = "    MOVE32 r42, #0x0\n    NOP\n";

    @TempDir
    Path dir;

    private Path source(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static void refused(CsfInvocation r, String message) {
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.err().contains(message), r.err());
        assertTrue(r.clean(), r.err());
    }

    @Test
    void asmOutputOverTheSourceIsRefusedAndTheSourceKept() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("asm", src.toString(), "-o", src.toString()),
                "csf asm: error: -o " + src + " would overwrite the input a.csf: refusing; choose another output file");
        assertEquals(TWO_INSTRUCTIONS, Files.readString(src));
    }

    @Test
    void aListingOverTheSourceIsRefused() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("asm", src.toString(), "--listing", src.toString()),
                "--listing " + src + " would overwrite the input a.csf");
        assertEquals(TWO_INSTRUCTIONS, Files.readString(src));
        assertFalse(Files.exists(dir.resolve("a.bin")), "nothing is written when one output is refused");
    }

    @Test
    void anOutputReachingTheSourceThroughALinkIsRefused() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        Path link = Files.createSymbolicLink(dir.resolve("out.bin"), src);
        refused(CsfInvocation.run("asm", src.toString(), "-o", link.toString()), "would overwrite the input a.csf");
        Path hard = Files.createLink(dir.resolve("hard.bin"), src);
        refused(CsfInvocation.run("asm", src.toString(), "-o", hard.toString()), "would overwrite the input a.csf");
        assertEquals(TWO_INSTRUCTIONS, Files.readString(src));
    }

    @Test
    void anOutputOverAnIncludedFileIsRefused() throws IOException {
        Path lib = source("lib.csf", "NOP\n");
        Path src = source("main.csf", ".include \"lib.csf\"\n");
        refused(CsfInvocation.run("asm", src.toString(), "-o", lib.toString()),
                "would overwrite the included input lib.csf");
        assertEquals("NOP\n", Files.readString(lib));
    }

    @Test
    void theDefaultOutputOfASourceNamedLikeItIsRefusedToo() throws IOException {
        Path src = source("stream.bin", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("asm", src.toString()), "the output " + src + " would overwrite the input");
    }

    @Test
    void outputAndListingMayNotBeOneFile() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        Path out = dir.resolve("a.out");
        refused(CsfInvocation.run("asm", src.toString(), "-o", out.toString(), "--listing", out.toString()),
                "--listing " + out + " is the output file too");
    }

    @Test
    void emptyOrDirectoryOutputNamesAreRefused() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("asm", src.toString(), "-o", ""), "-o '' names no file");
        refused(CsfInvocation.run("asm", src.toString(), "-o", dir.toString()), "-o " + dir + " is a directory");
        refused(CsfInvocation.run("asm", src.toString(), "--listing", ""), "--listing '' names no file");
    }

    @Test
    void disasmOutputOverItsInputIsRefused() throws IOException {
        Path bin = Files.write(dir.resolve("s.bin"), GoldenVectors.littleEndian(0L));
        refused(CsfInvocation.run("disasm", bin.toString(), "-o", bin.toString()), "would overwrite the input s.bin");
        assertEquals(8, Files.size(bin));
    }

    @Test
    void runOutputsOverTheSourceAreRefused() throws IOException {
        // a source named like a file the run writes, with the run's directory where it lives
        Path src = source("report.json", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("run", src.toString(), "--out", dir.toString()), "would overwrite the input report.json");
        assertEquals(TWO_INSTRUCTIONS, Files.readString(src));
    }

    @Test
    void runOutEmptyOrTheRootIsRefused() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        refused(CsfInvocation.run("run", src.toString(), "--out", ""), "csf run: error: --out '' names no directory");
        refused(CsfInvocation.run("run", src.toString(), "--out", "/"),
                "csf run: error: --out / is the root of the file system: refusing to write the run's outputs there");
        refused(CsfInvocation.run("run", src.toString(), "--out", src.toString()), "--out " + src + " is a file, not a directory");
    }

    @Test
    void writingLeavesNoTemporaryFilesBehind() throws IOException {
        Path src = source("a.csf", TWO_INSTRUCTIONS);
        assertEquals(0, CsfInvocation.run("asm", src.toString(), "--listing", dir.resolve("a.lst").toString()).exitCode());
        assertEquals(0, CsfInvocation.run("asm", src.toString()).exitCode()); // replaces a.bin
        try (var files = Files.list(dir)) {
            assertEquals(java.util.List.of("a.bin", "a.csf", "a.lst"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
