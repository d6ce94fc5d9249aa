package dev.csfstudio.runtime;

/**
 * When the simulated device completes an asynchronous operation (a load, a store, a job, a deferred sync)
 * within the window the hardware allows it: from its issue until something waits for its scoreboard entry,
 * the job ends (the kernel's ring waits on every entry) or nothing else can run.
 */
public sealed interface Completion {

    /** At the latest moment: only when waited for, at the job's end, or when every queue is blocked. */
    record Latest() implements Completion {
    }

    /** At issue, as if every asynchronous operation were synchronous: no hazard can show. */
    record Eager() implements Completion {
    }

    /**
     * At a point drawn from {@code seed} within the window (at most {@link #WINDOW} of the queue's later
     * instructions), the same points for the same seed and program.
     */
    record Random(long seed) implements Completion {
        /** Instructions of its queue an operation may stay in flight for before it completes by itself. */
        public static final int WINDOW = 32;
    }

    /** {@code latest}, {@code eager} or {@code random} as the command line spells them. */
    default String spelling() {
        return this instanceof Latest ? "latest" : this instanceof Eager ? "eager" : "random";
    }
}
