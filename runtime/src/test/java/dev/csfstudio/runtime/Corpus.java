package dev.csfstudio.runtime;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The shared end-to-end streams in {@code src/test/csf}, assembled by the real assembler. */
final class Corpus {

    private Corpus() {
    }

    static Path dir() {
        String property = System.getProperty("csf.corpus");
        Path dir = property != null ? Path.of(property) : Path.of("..", "src", "test", "csf");
        assertTrue(Files.isDirectory(dir), "corpus folder " + dir.toAbsolutePath() + " missing");
        return dir;
    }

    static Path file(String name) {
        return dir().resolve(name);
    }

    static Program assemble(String name) {
        AssemblyResult result = new Assembler().assemble(file(name));
        if (result.hasErrors() || result.program() == null) {
            fail(name + " does not assemble:\n" + result.errors().stream().map(Diagnostic::headline)
                    .collect(Collectors.joining("\n")));
        }
        return result.program();
    }

    static RunReport run(String name) {
        return new Simulator().run(assemble(name));
    }

    static RunReport run(String name, RunOptions options) {
        return new Simulator(options).run(assemble(name));
    }
}
