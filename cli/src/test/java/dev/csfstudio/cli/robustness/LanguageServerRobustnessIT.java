package dev.csfstudio.cli.robustness;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code csf lsp} over stdio, fed what a broken or hostile editor sends (the scripts in {@code robustness/lsp}):
 * every request is answered with a sentence, the server answers afterwards, in a 256 MiB heap.
 */
class LanguageServerRobustnessIT {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"framing.lsp", "option-runTimeoutMs.lsp", "option-backgroundRun.lsp",
            "option-backgroundSteps.lsp", "option-runDelayMs.lsp", "documents.lsp", "every-request.lsp"})
    void answersEveryRequestAndStillAnswersAfterwards(String script) throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Forked.JAR), "the fat jar is built by package");
        Path dir = Files.createTempDirectory("csf-robustness");
        try {
            Path in = CliRobustnessIT.inputs(dir);
            Path work = Files.createDirectories(dir.resolve("work"));
            System.out.println("robustness lsp: " + Session.run(Session.LANGUAGE_SERVER, "lsp/" + script, in, work));
        } finally {
            CliRobustnessIT.delete(dir);
        }
    }
}
