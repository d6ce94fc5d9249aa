package dev.csfstudio.lsp;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/** Runs an assembled document on the simulated device. */
@FunctionalInterface
public interface BackgroundRunner {

    /**
     * @param stepBudget most instructions to execute before the run ends as a timeout
     * @param cancelled  polled by the run; when it turns true the run stops and nothing is returned
     * @param images     whether to encode each render target as a PNG (on-demand runs) or not (background runs)
     * @return empty when the document has nothing to run or the run was cancelled
     */
    Optional<RunFeedback> run(DocumentAnalysis analysis, long stepBudget, BooleanSupplier cancelled, boolean images);
}
