package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sources built to hurt (from a few thousand hostile inputs tried on the assembler): each ends with the
 * diagnostics a person can read, the first 1000 of a kind and a count of the rest, never megabytes of them.
 */
class HostileSourcesTest {

    /** A generous bound on what 1000 diagnostics of a kind print: about 200 bytes each. */
    private static final int PRINTED_BOUND = 1000 * 400;

    @TempDir
    Path dir;

    private CsfInvocation asm(int lines, IntFunction<String> line) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            sb.append(line.apply(i)).append('\n');
        }
        Path src = Files.writeString(dir.resolve("hostile.csf"), sb);
        return CsfInvocation.run("asm", src.toString(), "-o", dir.resolve("hostile.bin").toString());
    }

    private static void countedAfterAThousand(CsfInvocation r, String severity, String kind, int total) {
        long shown = r.err().lines().filter(l -> l.contains("hostile.csf:") && l.contains(": " + severity + ": ")).count();
        assertEquals(1000, shown, kind);
        assertTrue(r.err().contains("note: " + (total - 1000) + " more " + severity + "s of kind '" + kind
                + "' not shown (" + total + " in all; the first 1000 of each kind are)"), r.err().substring(
                Math.max(0, r.err().length() - 400)));
        assertTrue(r.err().length() < PRINTED_BOUND, r.err().length() + " characters on stderr");
        assertTrue(r.clean(), "no exception");
    }

    @Test
    void fortyThousandUnusedLabels() throws IOException {
        CsfInvocation r = asm(40_000, i -> "l" + i + ": NOP");
        assertEquals(0, r.exitCode());
        countedAfterAThousand(r, "warning", "unused-label", 40_000);
    }

    @Test
    void aHundredThousandWarnings() throws IOException {
        CsfInvocation r = asm(100_000, i -> "MOVE48 d41, #" + i);
        assertEquals(0, r.exitCode());
        countedAfterAThousand(r, "warning", "odd-register-pair", 100_000);
    }

    @Test
    void twoHundredThousandMisspeltLines() throws IOException {
        CsfInvocation r = asm(200_000, i -> "MOVE4 r1, #" + i);
        assertEquals(1, r.exitCode());
        countedAfterAThousand(r, "error", "unknown-mnemonic", 200_000);
        assertTrue(r.err().lines().findFirst().orElseThrow().endsWith("hostile.csf:1:1: error: unknown mnemonic 'MOVE4';"
                + " did you mean 'MOVE48'?"), r.err().substring(0, 200));
    }

    @Test
    void aHundredThousandDuplicateLabels() throws IOException {
        CsfInvocation r = asm(100_000, i -> "x: NOP");
        assertEquals(1, r.exitCode());
        countedAfterAThousand(r, "error", "duplicate-symbol", 99_999);
    }

    @Test
    void aHundredThousandDuplicateConstants() throws IOException {
        CsfInvocation r = asm(100_000, i -> ".equ x, " + i);
        assertEquals(1, r.exitCode());
        countedAfterAThousand(r, "error", "duplicate-symbol", 99_999);
    }

    @Test
    void aMegabyteLineOfModifiers() throws IOException {
        CsfInvocation r = asm(1, i -> "NOP" + ".x".repeat(500_000));
        assertEquals(1, r.exitCode());
        countedAfterAThousand(r, "error", "unknown-modifier", 500_000);
    }

    @Test
    void aMegabyteDecimalLiteral() throws IOException {
        CsfInvocation r = asm(1, i -> "MOVE32 r1, #" + "7".repeat(1_000_000));
        assertEquals(1, r.exitCode());
        assertTrue(r.err().lines().findFirst().orElseThrow().endsWith("hostile.csf:1:13: error: number"
                + " 77777777777777777777... does not fit in 64 bits (1000000 digits)"), r.err().substring(0, 200));
        assertTrue(r.err().length() < 1000, r.err().length() + " characters on stderr");
    }

    @Test
    void includesOfADeviceAFifoAndADirectoryAreRefused() throws IOException, InterruptedException {
        Files.createDirectory(dir.resolve("lib"));
        Path fifo = dir.resolve("pipe.csf");
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero"))
                && new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no /dev/zero or mkfifo");
        Path src = Files.writeString(dir.resolve("main.csf"),
                ".include \"/dev/zero\"\n.include \"pipe.csf\"\n.include \"lib\"\nNOP\n");
        CsfInvocation r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(30),
                () -> CsfInvocation.run("asm", src.toString(), "-o", dir.resolve("main.bin").toString()));
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("main.csf:1:10: error: cannot read \"/dev/zero\": not a regular file (a device or"
                + " FIFO); only files can be included"), r.err());
        assertTrue(r.err().contains("main.csf:2:10: error: cannot read \"pipe.csf\": not a regular file"), r.err());
        assertTrue(r.err().contains("main.csf:3:10: error: cannot read \"lib\": a directory"), r.err());
    }

    @Test
    void aDiamondOfIncludesTwentyFiveLevelsDeep() throws IOException {
        for (int n = 0; n < 25; n++) {
            Files.writeString(dir.resolve("d" + n + ".csf"), (".include \"d" + (n + 1) + ".csf\"\n").repeat(2));
        }
        Files.writeString(dir.resolve("d25.csf"), "NOP\n");
        CsfInvocation r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> CsfInvocation.run("asm", dir.resolve("d0.csf").toString(), "-o", dir.resolve("d.bin").toString()));
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("error: more than 10000 .include directives followed in one assembly"), r.err());
        assertTrue(r.err().length() < PRINTED_BOUND, r.err().length() + " characters on stderr");
    }
}
