package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The shared end-to-end sources written for the assembler (src/test/csf/asm-*.csf) assemble cleanly. */
class CorpusTest {

    static Path corpus() {
        String property = System.getProperty("csf.corpus");
        Path dir = property != null ? Path.of(property) : Path.of("../src/test/csf");
        return Files.isDirectory(dir) ? dir : Path.of("../src/test/csf");
    }

    static Stream<Path> sources() throws IOException {
        try (Stream<Path> files = Files.list(corpus())) {
            return files.filter(p -> p.getFileName().toString().matches("asm-.*\\.csf")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void assemblesWithoutErrorsOrWarnings(Path file) {
        AssemblyResult r = new Assembler().assemble(file);
        assertFalse(r.hasErrors(), () -> DiagnosticFormatter.formatAll(r.diagnostics(), SourceReader.fileSystem()));
        assertTrue(r.warnings().isEmpty(), () -> DiagnosticFormatter.formatAll(r.diagnostics(), SourceReader.fileSystem()));
    }
}
