package dev.csfstudio.runtime;

import java.util.List;

/**
 * Settings of one run.
 *
 * @param stepBudget  instructions every queue together may execute before the run ends as {@code timeout}
 * @param dumpBuffers buffers whose final bytes the report carries (written as {@code NAME.bin})
 */
public record RunOptions(long stepBudget, List<String> dumpBuffers) {

    public static final long DEFAULT_STEP_BUDGET = 10_000_000L;

    public RunOptions {
        if (stepBudget <= 0) {
            throw new IllegalArgumentException("step budget must be at least 1, got " + stepBudget);
        }
        dumpBuffers = List.copyOf(dumpBuffers);
    }

    public static RunOptions defaults() {
        return new RunOptions(DEFAULT_STEP_BUDGET, List.of());
    }

    public RunOptions withStepBudget(long steps) {
        return new RunOptions(steps, dumpBuffers);
    }

    public RunOptions withDumpBuffers(List<String> names) {
        return new RunOptions(stepBudget, names);
    }
}
