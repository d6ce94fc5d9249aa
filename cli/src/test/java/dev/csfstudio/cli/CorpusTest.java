package dev.csfstudio.cli;

import dev.csfstudio.program.output.OutputFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every shared end-to-end sample goes through the CLI: all output formats, and disasm back to the same bytes. */
class CorpusTest {

    @TempDir
    Path dir;

    static List<Path> samples() throws IOException {
        String property = System.getProperty("csf.corpus");
        Path corpus = property != null ? Path.of(property) : Path.of("..", "src", "test", "csf");
        try (Stream<Path> files = Files.list(corpus)) {
            List<Path> csf = files.filter(p -> p.toString().endsWith(".csf")).sorted().toList();
            assertFalse(csf.isEmpty(), "no samples in " + corpus.toAbsolutePath());
            return csf;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void assemblesInEveryFormat(Path sample) {
        for (OutputFormat format : OutputFormat.values()) {
            Path out = dir.resolve("out." + format.extension());
            CsfInvocation r = CsfInvocation.run("asm", sample.toString(), "--format", format.extension(),
                    "-o", out.toString());
            assertEquals(0, r.exitCode(), format + ": " + r.err());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void entryStreamDisassemblesToSourceThatReassemblesToIt(Path sample) throws IOException {
        Path bin = dir.resolve("entry.bin");
        assertEquals(0, CsfInvocation.run("asm", sample.toString(), "-o", bin.toString()).exitCode());
        Path text = dir.resolve("entry.csf");
        CsfInvocation disasm = CsfInvocation.run("disasm", bin.toString(), "-o", text.toString());
        assertEquals(0, disasm.exitCode(), disasm.err());
        AssemblyResult again = new Assembler().assemble(text);
        assertEquals(List.of(), again.errors(), Files.readString(text));
        assertArrayEquals(Files.readAllBytes(bin), again.program().entrySection().bytes());
    }
}
