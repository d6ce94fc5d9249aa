package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A simulated Mali-G610 command stream frontend run to the end: {@link #run} loads the program on a
 * fresh {@link Machine} (sections in scattered physical frames mapped by per-VM page tables, each job in
 * its queue's kernel ring buffer, every doorbell rung) and resumes it until all queues are idle, one
 * faults, every queue with work waits (deadlock), the step budget or the wall-clock limit runs out or the
 * caller cancels.
 */
public final class Simulator {

    private final RunOptions options;

    public Simulator(RunOptions options) {
        this.options = options;
    }

    public Simulator() {
        this(RunOptions.defaults());
    }

    /** A run nobody cancels: a class, not a lambda, whose link would be on every small run's start-up path. */
    private static final BooleanSupplier NEVER_CANCELLED = new BooleanSupplier() {
        @Override
        public boolean getAsBoolean() {
            return false;
        }
    };

    public RunReport run(Program program) {
        return run(program, NEVER_CANCELLED);
    }

    /** Runs {@code program}; never throws: every problem is a status and a fault in the report. */
    public RunReport run(Program program, BooleanSupplier cancelled) {
        Machine.LoadResult loaded = Machine.load(program, options, cancelled);
        if (loaded instanceof Machine.Rejected rejected) {
            return rejected.report();
        }
        Machine machine = ((Machine.Loaded) loaded).machine();
        StopReason stop = machine.resume();
        Optional<RunReport> report = machine.report();
        if (report.isEmpty()) {
            throw new IllegalStateException("a run without breakpoints stopped: " + stop);
        }
        return report.get();
    }
}
