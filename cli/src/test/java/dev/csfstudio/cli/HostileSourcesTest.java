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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    /** A source of {@code lines} lines made by {@code line}, and the kind of diagnostic each draws, {@code total} in all. */
    record Flood(String name, int lines, IntFunction<String> line, int exitCode, String severity, String kind,
                 int total) {
        @Override
        public String toString() {
            return name;
        }
    }

    static java.util.List<Flood> floods() {
        return java.util.List.of(
                new Flood("40,000 unused labels", 40_000, i -> "l" + i + ": NOP", 0, "warning", "unused-label", 40_000),
                new Flood("100,000 warnings", 100_000, i -> "MOVE48 d41, #" + i, 0, "warning", "odd-register-pair",
                        100_000),
                new Flood("200,000 misspelt lines", 200_000, i -> "MOVE4 r1, #" + i, 1, "error", "unknown-mnemonic",
                        200_000),
                new Flood("100,000 duplicate labels", 100_000, i -> "x: NOP", 1, "error", "duplicate-symbol", 99_999),
                new Flood("100,000 duplicate .equs", 100_000, i -> ".equ x, " + i, 1, "error", "duplicate-symbol", 99_999),
                new Flood("a 1 MB line of modifiers", 1, i -> "NOP" + ".x".repeat(500_000), 1, "error",
                        "unknown-modifier", 500_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("floods")
    void aFloodOfDiagnosticsPrintsAThousandOfItsKindAndCountsTheRest(Flood flood) throws IOException {
        CsfInvocation r = asm(flood.lines(), flood.line());
        assertEquals(flood.exitCode(), r.exitCode());
        long shown = r.err().lines().filter(l -> l.contains("hostile.csf:") && l.contains(": " + flood.severity() + ": "))
                .count();
        assertEquals(1000, shown);
        assertTrue(r.err().contains("note: " + (flood.total() - 1000) + " more " + flood.severity() + "s of kind '"
                + flood.kind() + "' not shown (" + flood.total() + " in all; the first 1000 of each kind are)"),
                r.err().substring(Math.max(0, r.err().length() - 400)));
        assertTrue(r.err().length() < PRINTED_BOUND, r.err().length() + " characters on stderr");
        assertTrue(r.clean(), "no exception");
    }

    @Test
    void misspeltLinesStillGetTheirSuggestion() throws IOException {
        CsfInvocation r = asm(3, i -> "MOVE4 r1, #" + i);
        assertTrue(r.err().lines().findFirst().orElseThrow().endsWith("hostile.csf:1:1: error: unknown mnemonic 'MOVE4';"
                + " did you mean 'MOVE48'?"), r.err());
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
