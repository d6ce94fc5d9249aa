package dev.csfstudio.runtime.control;

import java.util.ArrayList;
import java.util.List;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.runtime.device.Interpreter;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.report.DeviceViews;

/**
 * What a run of the {@link RunLoop} is for (run control): how far each queue may go, and when it has arrived.
 * A goal answers from what the loop tells it (the queue that ran, its outcome, the position); it changes
 * nothing but the queue fields a step sets ({@link Queue#skipBreakAt}, {@link Queue#returnWatch}).
 */
public sealed interface Goal permits Goal.Resume, Goal.Step, Goal.StepOut, Goal.Reach {

    /** Sets what the goal asks of its queue before the run starts. */
    default void prepare() {
    }

    /** Instructions {@code q} may execute in its next piece, at {@code position}. */
    default long allowance(Queue q, long position) {
        return Long.MAX_VALUE;
    }

    /** Whether the goal is met at {@code position} before anything else runs. */
    default boolean reached(long position) {
        return false;
    }

    /** The stop where {@link #reached} said the goal is met. */
    default StopReason arrival(long position) {
        throw new IllegalStateException("not a positional goal");
    }

    /** For a breakpoint or data hit: true when the goal notes it and goes on instead of stopping. */
    default boolean record(StopReason hit, long position) {
        return false;
    }

    /** The stop after {@code q}'s piece, which executed {@code ran} instructions; null to go on. */
    default StopReason after(Queue q, int outcome, long ran) {
        return null;
    }

    /** Every queue runs until something stops the run. */
    final class Resume implements Goal {
    }

    /**
     * One instruction of a queue; {@code over}: a CALL it executes runs to its return. {@code views} says what
     * a queue blocked in SYNC_WAIT waits on.
     */
    final class Step implements Goal {
        private final Queue target;
        private final boolean over;
        private final DeviceViews views;
        private final int depth;
        private boolean inCall;

        public Step(Queue target, boolean over, DeviceViews views) {
            this.target = target;
            this.over = over;
            this.views = views;
            this.depth = target.depth;
        }

        @Override
        public void prepare() {
            target.skipBreakAt = target.pc; // a step executes the instruction it stands on
        }

        @Override
        public long allowance(Queue q, long position) {
            return q == target && !inCall ? 1 : Long.MAX_VALUE;
        }

        @Override
        public StopReason after(Queue q, int outcome, long ran) {
            if (q != target) {
                return null;
            }
            if (inCall) {
                return outcome == Interpreter.RETURNED || !q.hasWork() ? new StopReason.Stepped(q.name) : null;
            }
            if (ran == 0) {
                if (outcome == Interpreter.WAITING) {
                    return new StopReason.Waiting(q.name, views.syncWait(q));
                }
                return q.hasWork() ? null : new StopReason.Stepped(q.name);
            }
            if (over && q.state != Queue.State.IDLE && q.depth > depth) {
                inCall = true;
                q.returnWatch = depth;
                return null;
            }
            return new StopReason.Stepped(q.name);
        }
    }

    /** Until a queue returns from its current frame (from the ring buffer's frame: until its job ends). */
    final class StepOut implements Goal {
        private final Queue target;

        public StepOut(Queue target) {
            this.target = target;
        }

        @Override
        public void prepare() {
            target.skipBreakAt = target.pc;
            target.returnWatch = target.state == Queue.State.IDLE ? -1 : target.depth - 1;
        }

        @Override
        public StopReason after(Queue q, int outcome, long ran) {
            return q == target && (outcome == Interpreter.RETURNED || !q.hasWork()) ? new StopReason.Stepped(q.name)
                    : null;
        }
    }

    /** Re-execution to a position (time travel runs it with breakpoints off). */
    sealed class Reach implements Goal permits Scan {
        private final long position;

        Reach(long position) {
            this.position = position;
        }

        @Override
        public long allowance(Queue q, long at) {
            return position - at;
        }

        @Override
        public boolean reached(long at) {
            return at >= position;
        }

        @Override
        public StopReason arrival(long at) {
            return new StopReason.AtPosition(at);
        }
    }

    /** Re-execution to a position that notes every breakpoint and data hit before it on the way. */
    final class Scan extends Reach {
        private final long end;
        final List<Hit> hits = new ArrayList<>();

        Scan(long end) {
            super(end);
            this.end = end;
        }

        @Override
        public boolean record(StopReason hit, long position) {
            if (position < end) {
                hits.add(new Hit(position, hit));
            }
            return true;
        }
    }

    /** A breakpoint or data hit a {@link Scan} noted, at the position it stopped the run going forward. */
    record Hit(long position, StopReason stop) {
    }
}
