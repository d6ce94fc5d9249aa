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
 * @param completion  when asynchronous operations complete ({@link Completion.Latest} unless asked)
 * @param hazards     whether a hazard stops the run or is listed while the run goes on with the stale value
 * @param timeline    whether the report carries the run's timeline (asynchronous operations, waits, sync values)
 */
public record RunOptions(long stepBudget, Duration timeout, List<String> dumpBuffers, Completion completion,
                         HazardMode hazards, boolean timeline) {

    /** What a hazard does to the run: it ends as {@code hazard} at once, or at its end with every hazard listed. */
    public enum HazardMode {
        STOP, IGNORE;

        /** {@code stop} or {@code ignore} as the command line spells them. */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

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
        java.util.Objects.requireNonNull(completion, "completion");
        java.util.Objects.requireNonNull(hazards, "hazards");
    }

    /** The default completion ({@code latest}), hazards stopping the run, no timeline. */
    public RunOptions(long stepBudget, Duration timeout, List<String> dumpBuffers) {
        this(stepBudget, timeout, dumpBuffers, new Completion.Latest(), HazardMode.STOP, false);
    }

    public static RunOptions defaults() {
        return new RunOptions(DEFAULT_STEP_BUDGET, DEFAULT_TIMEOUT, List.of());
    }

    public RunOptions withStepBudget(long steps) {
        return new RunOptions(steps, timeout, dumpBuffers, completion, hazards, timeline);
    }

    public RunOptions withTimeout(Duration limit) {
        return new RunOptions(stepBudget, limit, dumpBuffers, completion, hazards, timeline);
    }

    public RunOptions withDumpBuffers(List<String> names) {
        return new RunOptions(stepBudget, timeout, names, completion, hazards, timeline);
    }

    public RunOptions withCompletion(Completion policy) {
        return new RunOptions(stepBudget, timeout, dumpBuffers, policy, hazards, timeline);
    }

    public RunOptions withHazards(HazardMode mode) {
        return new RunOptions(stepBudget, timeout, dumpBuffers, completion, mode, timeline);
    }

    public RunOptions withTimeline(boolean on) {
        return new RunOptions(stepBudget, timeout, dumpBuffers, completion, hazards, on);
    }
}
