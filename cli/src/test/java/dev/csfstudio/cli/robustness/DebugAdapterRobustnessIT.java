package dev.csfstudio.cli.robustness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code csf debug} over stdio, fed what a broken or hostile client sends (the scripts in {@code robustness/dap}):
 * every request is answered with a sentence, the session answers afterwards, in a 256 MiB heap.
 */
class DebugAdapterRobustnessIT {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"history-out-of-memory.dap", "history-default-bound.dap", "framing.dap", "arguments.dap", "launch-targets.dap", "conditions.dap", "history.dap",
            "running.dap", "render-targets.dap", "every-request.dap"})
    void answersEveryRequestAndStillAnswersAfterwards(String script) throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Forked.JAR), "the fat jar is built by package");
        Path dir = Files.createTempDirectory("csf-robustness");
        try {
            Path in = CliRobustnessIT.inputs(dir);
            Forked.copyResources("dap", in);
            Path work = Files.createDirectories(dir.resolve("work"));
            System.out.println("robustness dap: " + Session.run(Session.DEBUG_ADAPTER, "dap/" + script, in, work));
        } finally {
            CliRobustnessIT.delete(dir);
        }
    }
}
