package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The README sends newcomers to examples/: each one must run cleanly and show a render target. */
class ExamplesTest {

    @TempDir
    Path out;

    static List<Path> examples() throws IOException {
        Path corpus = Path.of(System.getProperty("csf.corpus", "../src/test/csf"));
        Path examples = corpus.toAbsolutePath().normalize().getParent().getParent().getParent().resolve("examples");
        try (Stream<Path> files = Files.list(examples)) {
            List<Path> csf = files.filter(p -> p.toString().endsWith(".csf")).sorted().toList();
            assertFalse(csf.isEmpty(), "no examples in " + examples);
            return csf;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void runsWithoutWarningsAndWritesAPng(Path example) throws IOException {
        CsfInvocation r = CsfInvocation.run("run", example.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertFalse(r.err().contains("warning"), r.err());
        try (Stream<Path> files = Files.list(out)) {
            assertTrue(files.anyMatch(p -> p.toString().endsWith(".png")), "no PNG for " + example);
        }
    }
}
