package dev.csfstudio.lsp;

import java.util.Optional;
import java.util.function.BooleanSupplier;

import dev.csfstudio.runtime.RunOptions;

/** Runs an assembled document on the simulated device. */
@FunctionalInterface
public interface BackgroundRunner {

    /**
     * @param limits    the run's step budget and wall-clock limit (either ends it as a timeout)
     * @param cancelled polled by the run; when it turns true the run stops and nothing is returned
     * @param images    whether to encode each render target as a PNG (on-demand runs) or not (background runs)
     * @return empty when the document has nothing to run or the run was cancelled
     */
    Optional<RunFeedback> run(DocumentAnalysis analysis, RunOptions limits, BooleanSupplier cancelled, boolean images);
}
