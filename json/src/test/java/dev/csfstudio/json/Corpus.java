package dev.csfstudio.json;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared end-to-end streams in {@code src/test/csf}, assembled by the real assembler. */
final class Corpus {

    private Corpus() {
    }

    static Program assemble(String name) {
        String property = System.getProperty("csf.corpus");
        Path dir = property != null ? Path.of(property) : Path.of("..", "src", "test", "csf");
        AssemblyResult result = new Assembler().assemble(dir.resolve(name));
        assertTrue(!result.hasErrors() && result.program() != null, () -> name + " does not assemble: "
                + result.errors());
        return result.program();
    }

    static Program assembleText(String source) {
        AssemblyResult result = new Assembler().assembleText(Path.of("fault.csf"), source, null);
        assertTrue(result.errors().isEmpty(), () -> result.errors().toString());
        return result.program();
    }
}
