package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

import java.util.List;
import java.util.Optional;

/**
 * Why a {@link Machine} stopped. The first kinds leave it ready to go on; {@link Done}, {@link Fault},
 * {@link Deadlock}, {@link Hazard}, {@link Timeout} and {@link Cancelled} end the run ({@link #outcome} says how) and
 * every later resume or step answers the same stop, though history can still go back from it.
 */
public sealed interface StopReason {

    /**
     * {@code cases}' method for this kind of stop. Java 17 has no pattern switch: this is the exhaustive one.
     * A new kind of stop implements {@code match} with a new method of {@link Cases}, so every mapping of
     * stops (the debugger's events, ...) stops compiling until it says what that stop means.
     */
    <R> R match(Cases<R> cases);

    /** One method per kind of stop: what a caller makes of each. */
    interface Cases<R> {
        R stepped(Stepped stop);

        R breakpoint(Breakpoint stop);

        R dataBreakpointHit(DataBreakpointHit stop);

        R waiting(Waiting stop);

        R paused(Paused stop);

        R atPosition(AtPosition stop);

        R historyStart(HistoryStart stop);

        R done(Done stop);

        R fault(Fault stop);

        R deadlock(Deadlock stop);

        R timeout(Timeout stop);

        R hazard(Hazard stop);

        R cancelled(Cancelled stop);
    }

    /** The run's status when this stop ends it; empty when the machine can go on. */
    default Optional<RunStatus> outcome() {
        return Optional.empty();
    }

    /** The queue the stop is about (the DAP thread to show), if any. */
    default Optional<String> focus() {
        return Optional.empty();
    }

    /** The queue asked to step executed its instruction (or, for a step over or out, returned). */
    record Stepped(String queue) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.stepped(this);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(queue);
        }
    }

    /** {@code queue} is about to execute the instruction {@code breakpoint} is on. */
    record Breakpoint(String queue, InstructionBreakpoint breakpoint, SourceRange line) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.breakpoint(this);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(queue);
        }
    }

    /**
     * The instruction at {@code instruction} of {@code queue} (source {@code line}) wrote into watched
     * ranges; {@code writer} names what wrote: the instruction's mnemonic, or "fragment clear" for the
     * clear executor a RUN_FRAGMENT ran.
     */
    record DataBreakpointHit(String queue, long instruction, SourceRange line, String writer, List<DataWrite> writes)
            implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.dataBreakpointHit(this);
        }

        public DataBreakpointHit {
            writes = List.copyOf(writes);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(queue);
        }
    }

    /** The queue asked to step is blocked in a SYNC_WAIT; the others have had their turn. */
    record Waiting(String queue, SyncWait on) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.waiting(this);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(queue);
        }
    }

    /**
     * {@link Machine#requestPause} was honoured between two time slices; queue {@code next} runs next. {@code why}
     * is null for a pause asked for, else what stopped the machine instead (going back reached the wall-clock limit).
     */
    record Paused(String next, String why) implements StopReason {
        public Paused(String next) {
            this(next, null);
        }

        @Override
        public <R> R match(Cases<R> cases) {
            return cases.paused(this);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(next);
        }
    }

    /** {@link Machine#restoreTo} arrived: {@code position} instructions have executed. */
    record AtPosition(long position) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.atPosition(this);
        }

    }

    /** Going back reached the oldest state history keeps, at {@code position}, without a breakpoint. */
    record HistoryStart(long position) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.historyStart(this);
        }

    }

    /** Every queue has finished its jobs. */
    record Done() implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.done(this);
        }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.OK);
        }
    }

    /** A queue faulted: translation fault, bad branch, invalid descriptor, ... (VA, VM, slot, why, line). */
    record Fault(RunReport.Fault fault) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.fault(this);
        }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.FAULT);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(fault.queue());
        }
    }

    /** Every queue with work left waits on a sync object nobody will write; {@code waits} says on what. */
    record Deadlock(RunReport.Fault fault, List<SyncWait> waits) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.deadlock(this);
        }

        public Deadlock {
            waits = List.copyOf(waits);
        }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.DEADLOCK);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(fault.queue());
        }
    }

    /** A limit of {@link RunOptions} ran out: the step budget or the wall clock. */
    record Timeout(Limit limit, RunReport.Fault fault) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.timeout(this);
        }

        public enum Limit { STEPS, CLOCK }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.TIMEOUT);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(fault.queue());
        }
    }

    /**
     * An instruction raced an asynchronous operation still in flight ({@code hazard} says which); the queue
     * stands on the racing instruction, not executed. {@code fault} is its place and message.
     */
    record Hazard(RunReport.Hazard hazard, RunReport.Fault fault) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.hazard(this);
        }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.HAZARD);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(hazard.queue());
        }
    }

    /** The caller's cancellation ended the run. */
    record Cancelled(RunReport.Fault fault) implements StopReason {
        @Override
        public <R> R match(Cases<R> cases) {
            return cases.cancelled(this);
        }

        @Override
        public Optional<RunStatus> outcome() {
            return Optional.of(RunStatus.CANCELLED);
        }

        @Override
        public Optional<String> focus() {
            return Optional.of(fault.queue());
        }
    }
}
