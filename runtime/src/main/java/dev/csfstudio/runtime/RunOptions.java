package dev.csfstudio.runtime;

import java.time.Duration;
import java.util.List;

/**
 * Settings of one run. A run ends as {@code timeout} when either limit is reached, whichever comes first.
 *
 * @param stepBudget  steps every queue together may take: one per instruction of the user's streams (the
 *                    kernel ring buffer's CALL sequence is not counted) plus one per 64 bytes a fragment job
 *                    writes, so a step costs about the same time whatever the stream does
 * @param timeout     wall-clock time the run may take, device setup included
 * @param dumpBuffers buffers whose final bytes the report carries (written as {@code NAME.bin})
 */
public record RunOptions(long stepBudget, Duration timeout, List<String> dumpBuffers) {

    public static final long DEFAULT_STEP_BUDGET = 10_000_000L;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    public RunOptions {
        if (stepBudget <= 0) {
            throw new IllegalArgumentException("step budget must be at least 1, got " + stepBudget);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        dumpBuffers = List.copyOf(dumpBuffers);
    }

    public static RunOptions defaults() {
        return new RunOptions(DEFAULT_STEP_BUDGET, DEFAULT_TIMEOUT, List.of());
    }

    public RunOptions withStepBudget(long steps) {
        return new RunOptions(steps, timeout, dumpBuffers);
    }

    public RunOptions withTimeout(Duration limit) {
        return new RunOptions(stepBudget, limit, dumpBuffers);
    }

    public RunOptions withDumpBuffers(List<String> names) {
        return new RunOptions(stepBudget, timeout, names);
    }
}
