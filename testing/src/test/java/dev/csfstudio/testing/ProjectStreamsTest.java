package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The project's own streams (src/test/csf, examples) are test streams, and every expectation they state holds. */
class ProjectStreamsTest {

    @Test
    void everyCorpusStreamAndExamplePasses() throws IOException {
        Path root = Path.of(System.getProperty("csf.corpus", "../src/test/csf")).resolve("../../..").normalize();
        TestDiscovery.Found found = TestDiscovery.find(List.of(root.resolve("src/test/csf"), root.resolve("examples")),
                null);
        TestRun.Summary s = TestRun.run(found, TestOptions.defaults().withArtifacts(Path.of("target/csf-test")), r -> { });
        String failures = s.results().stream().flatMap(r -> r.failureLines().stream()).collect(Collectors.joining("\n"));
        assertEquals(0, s.failed(), failures);
        assertTrue(s.results().size() >= 22, s::line);
        assertEquals(0, s.skipped(), "every .csf there states what its run must end with");
    }
}
