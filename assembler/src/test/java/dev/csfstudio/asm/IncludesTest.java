package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IncludesTest {

    private static final Path DIR = Sources.MAIN.getParent();

    @Test
    void includedStatementsAssembleInPlace() {
        AssemblyResult r = Sources.assemble("NOP\n.include \"lib/defs.csf\"\nMOVE32 r1, #VALUE\n",
                Map.of("lib/defs.csf", ".equ VALUE, 7\nERROR_BARRIER\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        Section main = r.program().entrySection();
        assertEquals(3, main.instructionCount());
        assertEquals(0x2f00_0000_0000_0000L, main.word(1));
        assertEquals(7, main.word(2) & 0xffff_ffffL);
    }

    @Test
    void includesResolveRelativeToTheIncludingFile() {
        AssemblyResult r = Sources.assemble(".include \"lib/a.csf\"\n",
                Map.of("lib/a.csf", ".include \"b.csf\"\n", "lib/b.csf", "NOP\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(List.of(Sources.MAIN, DIR.resolve("lib/a.csf"), DIR.resolve("lib/b.csf")), r.files());
    }

    @Test
    void symbolsAndDiagnosticsCarryTheirOwnFile() {
        AssemblyResult r = Sources.assemble(".include \"x.csf\"\nBRANCH.ne r0, there\n",
                Map.of("x.csf", "there: NOP\nBOGUS\n"));
        Symbol there = r.symbols().stream().filter(s -> s.name().equals("there")).findFirst().orElseThrow();
        assertEquals(DIR.resolve("x.csf"), there.definition().file());
        assertEquals(DIR.resolve("x.csf"), r.errors().get(0).range().file());
        assertEquals(2, r.errors().get(0).range().line());
    }

    @Test
    void includeCycleIsReportedWithTheChain() {
        AssemblyResult r = Sources.assemble(".include \"a.csf\"\n",
                Map.of("a.csf", ".include \"b.csf\"\n", "b.csf", ".include \"a.csf\"\n"));
        Diagnostic d = r.errors().get(0);
        assertEquals("include-cycle", d.code().id());
        assertEquals("include cycle: a.csf -> b.csf -> a.csf", d.message());
    }

    @Test
    void includingItselfIsACycle() {
        AssemblyResult r = Sources.assemble(".include \"main.csf\"\n");
        assertEquals("include cycle: main.csf -> main.csf", r.errors().get(0).message());
    }

    @Test
    void missingFileIsAnErrorAtTheFileName() {
        Diagnostic d = Sources.assemble(".include \"nowhere.csf\"\n").errors().get(0);
        assertEquals("include", d.code().id());
        assertEquals(new SourceRange(Sources.MAIN, 1, 10, 1, 23), d.range());
    }

    @Test
    void depthLimitComesFromTheOptions() {
        SourceReader chain = file -> {
            String name = file.getFileName().toString();
            int n = Integer.parseInt(name.substring(1, name.indexOf('.')));
            return ".include \"f" + (n + 1) + ".csf\"\n";
        };
        AssemblyResult r = new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), 4))
                .assembleText(DIR.resolve("f0.csf"), ".include \"f1.csf\"\n", chain);
        assertEquals("includes nested deeper than 4 files", r.errors().get(0).message());
    }

    @Test
    void includeOutsideTheRootsIsAnError() {
        SourceReader reader = file -> "NOP\n";
        AssemblyResult r = new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(DIR), 32))
                .assembleText(Sources.MAIN, ".include \"../../etc/passwd\"\n", reader);
        assertTrue(r.errors().get(0).message().contains("outside the include roots"), r.errors().toString());
    }

    @Test
    void eachFileIsReadOnceHoweverOftenItIsIncluded() {
        Map<Path, Integer> reads = new java.util.HashMap<>();
        SourceReader counting = file -> {
            reads.merge(file, 1, Integer::sum);
            return "NOP\n";
        };
        AssemblyResult r = new Assembler().assembleText(Sources.MAIN,
                ".include \"nop.csf\"\n.include \"nop.csf\"\n.include \"nop.csf\"\n", counting);
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(3, r.program().entrySection().instructionCount());
        assertEquals(Map.of(DIR.resolve("nop.csf"), 1), reads);
        assertEquals(List.of(Sources.MAIN, DIR.resolve("nop.csf")), r.files());
    }

    @Test
    void aDiamondOfIncludesStopsAtTheIncludeLimitWithEachFileReadOnce() {
        // f0 includes f1 twice, f1 includes f2 twice, ... : 2^25 inclusions if nothing stopped them
        Map<Path, Integer> reads = new java.util.HashMap<>();
        SourceReader diamond = file -> {
            reads.merge(file, 1, Integer::sum);
            String name = file.getFileName().toString();
            int n = Integer.parseInt(name.substring(1, name.indexOf('.')));
            return n == 25 ? "NOP\n" : (".include \"f" + (n + 1) + ".csf\"\n").repeat(2);
        };
        AssemblyResult r = new Assembler().assembleText(DIR.resolve("f0.csf"), ".include \"f1.csf\"\n".repeat(2), diamond);
        assertTrue(r.hasErrors());
        assertEquals("more than 10000 .include directives followed in one assembly (the limit; is a file included"
                + " over and over?)", r.errors().get(0).message());
        assertTrue(reads.values().stream().allMatch(n -> n == 1), reads::toString);
        assertEquals(25, reads.size());
    }

    @Test
    void everyInclusionCountsTowardsTheSourceByteLimit() {
        SourceReader reader = file -> "NOP ; " + "x".repeat(594) + "\n"; // 601 characters
        AssemblerOptions small = new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), 32, 1300, 100);
        String main = ".include \"a.csf\"\n.include \"a.csf\"\n.include \"a.csf\"\n";
        AssemblyResult r = new Assembler(small).assembleText(Sources.MAIN, main, reader);
        assertEquals(1, r.errors().size(), r.errors()::toString);
        Diagnostic d = r.errors().get(0);
        assertEquals(3, d.range().line());
        assertEquals("cannot include \"a.csf\": this assembly would read more than 1300 bytes of source (the"
                + " limit; every inclusion counts)", d.message());
    }

    @Test
    void aMainFileBeyondTheSourceByteLimitIsOneError(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path big = java.nio.file.Files.writeString(dir.resolve("big.csf"), "NOP\n".repeat(1000));
        AssemblyResult r = new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), 32, 1024, 100))
                .assemble(big);
        assertEquals(List.of("cannot read " + big + ": more than 1024 bytes of source (the limit of one assembly)"),
                r.errors().stream().map(Diagnostic::message).toList());
    }

    @Test
    void aDirectoryIsNotIncluded(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.createDirectory(dir.resolve("lib"));
        Diagnostic d = includeFrom(dir, "lib");
        assertEquals("cannot read \"lib\": a directory; only files can be included", d.message());
    }

    @Test
    void aDeviceIsNotIncluded() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(Path.of("/dev/zero")));
        Diagnostic d = includeFrom(Path.of("/dev"), "zero");
        assertEquals("cannot read \"zero\": not a regular file (a device or FIFO); only files can be included",
                d.message());
    }

    @Test
    void aDeviceAsTheMainFileIsRefusedUnread() {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(Path.of("/dev/zero")));
        List<Diagnostic> ds = new Assembler().assemble(Path.of("/dev/zero")).diagnostics();
        assertEquals(1, ds.size(), ds.toString());
        assertEquals("cannot read /dev/zero: a character device, not a file (a device is never read as input)",
                ds.get(0).message());
    }

    @Test
    void aFifoIsNotIncludedAndNothingWaitsForAWriter(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe.csf");
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo(fifo), "mkfifo is not available");
        Diagnostic d = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                () -> includeFrom(dir, "pipe.csf"));
        assertEquals("cannot read \"pipe.csf\": not a regular file (a device or FIFO); only files can be included",
                d.message());
    }

    /** The one error of a file in {@code dir} that includes {@code name}, read from the file system. */
    private static Diagnostic includeFrom(Path dir, String name) {
        AssemblyResult r = new Assembler().assembleText(dir.resolve("main.csf"), ".include \"" + name + "\"\n",
                SourceReader.fileSystem());
        assertEquals(1, r.errors().size(), r.errors()::toString);
        return r.errors().get(0);
    }

    static boolean mkfifo(Path path) {
        try {
            return new ProcessBuilder("mkfifo", path.toString()).start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
