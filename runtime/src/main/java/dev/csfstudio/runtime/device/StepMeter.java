package dev.csfstudio.runtime.device;

import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.RunOptions;

/**
 * What one run has spent of its limits: steps of the budget (the user's instructions, settled after each
 * time slice, and fragment work, charged as it is written), wall-clock time and the caller's patience. A
 * fragment job asks while it writes, so even one RUN_FRAGMENT of a huge frame stops in time. The clock runs
 * from the meter's creation until the run first stops; each resume after a stop gets the whole time
 * again ({@link #restartClock}). While history re-executes ({@link #replaying}) only the budget counts:
 * the same steps always end the same way.
 */
public final class StepMeter {

    /** Bytes a fragment job writes per step: about the time the interpreter takes for one instruction. */
    public static final int BYTES_PER_STEP = 64;
    /** Fragment work looks at the limits at least this often (in bytes written). */
    private static final long CHECK_BYTES = 1 << 20;

    /** Which limit a run reached. */
    public enum Limit { NONE, STEPS, CLOCK, CANCELLED }

    private final long budget;
    private final Duration timeout;
    private long deadline;
    /** Set while history re-executes instructions: neither the clock nor the caller can stop it. */
    public boolean replaying;
    private final BooleanSupplier cancelled;
    private long instructions;
    private long bytes;
    private long uncheckedBytes;

    public StepMeter(RunOptions options, BooleanSupplier cancelled) {
        this.budget = options.stepBudget();
        this.timeout = options.timeout();
        long nanos = timeout.toNanos();
        this.deadline = System.nanoTime() + nanos;
        this.cancelled = cancelled;
    }

    public void restartClock() {
        deadline = System.nanoTime() + timeout.toNanos();
    }

    /** The counts, to be put back by {@link #restore}. */
    public long[] save() {
        return new long[] {instructions, bytes, uncheckedBytes};
    }

    public void restore(long[] saved) {
        instructions = saved[0];
        bytes = saved[1];
        uncheckedBytes = saved[2];
    }

    public long budget() {
        return budget;
    }

    public void addInstructions(long n) {
        instructions += n;
    }

    public long workSteps() {
        return (bytes + BYTES_PER_STEP - 1) / BYTES_PER_STEP;
    }

    /** Steps left of the budget (never negative). */
    public long remaining() {
        return Math.max(0, budget - instructions - workSteps());
    }

    /** Whether the wall-clock limit has run out since the clock last started. */
    public boolean pastDeadline() {
        return System.nanoTime() - deadline >= 0;
    }

    /** The limit reached first, checked in the order a caller would want to hear it. */
    public Limit reached() {
        if (replaying) {
            return instructions + workSteps() > budget ? Limit.STEPS : Limit.NONE;
        }
        if (cancelled.getAsBoolean()) {
            return Limit.CANCELLED;
        }
        if (pastDeadline()) {
            return Limit.CLOCK;
        }
        return instructions + workSteps() > budget ? Limit.STEPS : Limit.NONE;
    }

    /**
     * Charges {@code n} bytes a fragment job wrote at {@code va}; every {@link #CHECK_BYTES} it stops the
     * job once a limit is reached (see {@link #check}).
     */
    void chargeBytes(long n, long va) {
        bytes += n;
        uncheckedBytes += n;
        if (uncheckedBytes >= CHECK_BYTES) {
            check(va);
        }
    }

    /**
     * Ends a fragment job that reached a limit: a {@code TIMEOUT} (or {@code CANCELLED}) fault, turned
     * into that status by the simulator. Called while it writes and when it is done.
     */
    void check(long va) {
        uncheckedBytes = 0;
        Limit limit = reached();
        if (limit != Limit.NONE) {
            throw new GpuFault(limit == Limit.CANCELLED ? FaultKind.CANCELLED : FaultKind.TIMEOUT, va, limit.name());
        }
    }

    /** Why the run stopped, for the report: which limit, and what was counted against it. */
    public String describe(Limit limit, long userInstructions) {
        String counted = String.format(Locale.ROOT, "%,d user instruction%s", userInstructions,
                userInstructions == 1 ? "" : "s");
        boolean work = workSteps() > 0;
        if (work) {
            counted += String.format(Locale.ROOT, " and %,d steps of fragment work", workSteps());
        }
        return switch (limit) {
            case CLOCK -> "wall-clock limit of " + format(timeout) + " reached after " + counted;
            case CANCELLED -> "run cancelled after " + counted;
            default -> String.format(Locale.ROOT, "step budget of %,d exhausted after ", budget) + counted + " ("
                    + (work ? "a step is an instruction of the program's streams or " + BYTES_PER_STEP
                            + " bytes a fragment job writes; " : "")
                    + "the kernel ring buffer's instructions around each job are not counted)"
                    + (work ? "" : "; endless loop?");
        };
    }

    /** "wall-clock limit of 30 s": the limit, for a message saying it stopped something. */
    public String clockLimit() {
        return "wall-clock limit of " + format(timeout);
    }

    static String format(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
