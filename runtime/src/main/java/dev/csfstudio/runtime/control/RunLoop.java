package dev.csfstudio.runtime.control;

import dev.csfstudio.isa.InstructionDef;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import dev.csfstudio.runtime.DataWrite;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.HostAccessException;
import dev.csfstudio.runtime.InstructionBreakpoint;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.runtime.device.AsyncOp;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.HazardStop;
import dev.csfstudio.runtime.device.Interpreter;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.device.StepMeter;
import dev.csfstudio.runtime.report.Reports;

/**
 * The scheduling loop, resumable at any point: rounds of the group scheduler, a time slice per resident group,
 * each slice run in pieces of the {@link Interpreter} as a {@link Goal} allows. It owns where the loop stands
 * (the {@link Loop}, the position) and how the run ended; it takes a snapshot for {@link History} when one is
 * due, and {@link #capture}/{@link #restore} are the device's whole state at a position.
 */
public final class RunLoop {

    /** Instructions (with fragment work: steps) a queue runs per time slice, between looks at the limits. */
    static final long SLICE = 1 << 16;

    /** Where the scheduling loop stands (queues by index; {@code round} null before the first round). */
    public record Loop(int[] round, int roundIndex, boolean inSlice, long sliceLeft, boolean progressed, long executed) {
    }

    private final Device device;
    private final Reports reports;

    private Queue[] round;
    private int roundIndex;
    private boolean inSlice;
    private long sliceLeft;
    private boolean progressed;
    /** Instructions executed by every queue, the ring buffers' included: the position, the simulated clock. */
    private long executed;

    /** The stop that ended the run, and the queue it ended in (null while the run can go on). */
    private StopReason terminal;
    private Queue terminalQueue;
    /** Instructions completed when the run ended: one fewer than executed when a limit cut one short. */
    private long terminalPosition;
    /** The run failed inside the simulator; the report says so. */
    private RunReport failure;
    private volatile boolean pauseRequested;
    /** Where snapshots go while history is recorded (null: it is not). */
    History history;

    public RunLoop(Device device, Reports reports) {
        this.device = device;
        this.reports = reports;
    }

    /** Instructions every queue has executed so far, the kernel ring buffers' included. */
    public long position() {
        return executed;
    }

    /** The stop that ended the run (null while it can go on). */
    public StopReason terminal() {
        return terminal;
    }

    public boolean finished() {
        return terminal != null || failure != null;
    }

    /** Asks a running loop, from any thread, to stop at the next time slice. */
    public void requestPause() {
        pauseRequested = true;
    }

    /** Whether a pause was asked for since the last look; the request is taken. */
    public boolean takePause() {
        boolean asked = pauseRequested;
        pauseRequested = false;
        return asked;
    }

    /** The report of the run: empty until it has ended. */
    public Optional<RunReport> report() {
        if (failure != null) {
            return Optional.of(failure);
        }
        return terminal == null ? Optional.empty()
                : Optional.of(reports.report(terminal, terminalQueue, terminalPosition));
    }

    /** Runs toward {@code goal}; the watches a goal set are gone afterwards. A run that has ended answers its end. */
    public StopReason run(Goal goal) {
        if (finished()) {
            return terminal;
        }
        try {
            return loop(goal);
        } catch (OutOfMemoryError e) {
            return failed("the program needs more memory than the simulator has: " + e.getMessage());
        } catch (RuntimeException e) {
            return failed("internal simulator error (please report): " + e);
        } finally {
            for (Queue q : device.queues) {
                q.returnWatch = Integer.MIN_VALUE;
            }
        }
    }

    private StopReason failed(String message) {
        failure = Reports.failedSetup(message, null, device.recorder, device.host);
        terminal = new StopReason.Fault(failure.fault());
        return terminal;
    }

    private StopReason loop(Goal goal) {
        while (true) {
            if (goal.reached(executed)) {
                return goal.arrival(executed);
            }
            if (!inSlice) {
                StopReason stop = startSlice();
                if (stop != null) {
                    return stop;
                }
            }
            Queue q = round[roundIndex];
            long budget = sliceLeft;
            if (history != null) {
                if (history.due(executed, steps())) {
                    history.add(capture(false), device.memory.takeCopies());
                }
                budget = Math.min(budget, Math.max(1, history.stepsToNext(executed, steps()))); // a pause, not a slice end
            }
            long before = executed;
            Interpreter.Ran ran = piece(q, budget, goal.allowance(q, executed));
            int outcome = ran.outcome();
            if (ran.halt() instanceof Interpreter.Halt.Fault f) {
                StopReason stop = faultStop(f, q);
                if (f.fault().kind == FaultKind.TIMEOUT || f.fault().kind == FaultKind.CANCELLED) {
                    end(stop, q);
                    terminalPosition = executed - 1; // the fragment job it stopped did not complete
                    return stop;
                }
                terminate(q, stop);
                if (device.queues.stream().noneMatch(Queue::hasWork)) {
                    return over();
                }
                outcome = Interpreter.IDLE;
            } else if (ran.halt() instanceof Interpreter.Halt.Hazard h) {
                terminate(q, new StopReason.Hazard(h.hazard(), reports.hazardFault(h.hazard(), q)));
                if (device.queues.stream().noneMatch(Queue::hasWork)) {
                    return over();
                }
                outcome = Interpreter.IDLE;
            }
            List<DataWrite> writes = device.watch.pending ? device.watch.take() : null;
            if (outcome == Interpreter.IDLE || outcome == Interpreter.WAITING || sliceLeft <= 0) {
                if (device.meter.remaining() == 0 && q.hasWork()) {
                    unhalted(piece(q, 0, 0)); // what needs no instruction (returns, the job's end) still happens
                    if (q.hasWork()) {
                        return end(reports.limit(StepMeter.Limit.STEPS, q, q.pc), q);
                    }
                }
                inSlice = false;
                roundIndex++;
            }
            if (writes != null && !writes.isEmpty()) {
                StopReason hit = dataHit(q, writes, ran.applied());
                if (!goal.record(hit, executed)) {
                    return hit;
                }
            }
            if (outcome == Interpreter.BREAKPOINT) {
                StopReason hit = new StopReason.Breakpoint(q.name, new InstructionBreakpoint(q.vm, q.pc),
                        device.lineOf(q, q.pc));
                if (!goal.record(hit, executed)) {
                    return hit;
                }
                q.skipBreakAt = q.pc;
            }
            StopReason stop = goal.after(q, outcome, executed - before);
            if (stop != null) {
                return stop;
            }
        }
    }

    /** Starts the next time slice (and the next round when this one is over); a stop when there is none. */
    private StopReason startSlice() {
        if (round == null || roundIndex >= round.length) {
            if (round != null && device.scheduler.stalled(progressed)) {
                StopReason drained = drainStalled();
                if (drained != null) {
                    return drained;
                }
            }
            List<Queue> next = device.scheduler.nextRound();
            if (next.isEmpty()) {
                return over();
            }
            round = next.toArray(new Queue[0]);
            roundIndex = 0;
            progressed = false;
        }
        Queue q = round[roundIndex];
        if (pauseRequested && !device.meter.replaying) {
            pauseRequested = false;
            return new StopReason.Paused(q.name);
        }
        StepMeter.Limit reached = device.meter.reached();
        if (reached != StepMeter.Limit.NONE) {
            return end(reports.limit(reached, q, q.pc), q);
        }
        sliceLeft = Math.min(SLICE, device.meter.remaining());
        inSlice = true;
        return null;
    }

    /**
     * Every queue with work is blocked: the device completes what is still in flight (the latest moment the
     * hardware allows), which may unblock a SYNC_WAIT; with nothing in flight the queues are deadlocked. Null
     * when the run goes on.
     */
    private StopReason drainStalled() {
        boolean any = false;
        for (Queue q : device.queues) {
            if (q.scoreboard.count == 0 || q.ended != null) {
                continue;
            }
            int before = q.scoreboard.count;
            Interpreter.Halt.Fault f = device.interpreter.drain(q, executed);
            any |= q.scoreboard.count < before || f != null; // a tiler job a TILER_OOM holds does not complete
            if (f != null) {
                terminate(q, faultStop(f, q));
            }
        }
        if (any) {
            return null;
        }
        StopReason.Deadlock deadlock = reports.deadlock();
        return end(deadlock, device.queuesByName.get(deadlock.fault().queue()));
    }

    /** Runs a piece of {@code q}'s slice; its instructions count as steps, the ring buffer's do not. */
    private Interpreter.Ran piece(Queue q, long budget, long instructions) {
        if (q.ended != null) { // another queue of its group faulted earlier in this round
            return new Interpreter.Ran(Interpreter.IDLE, 0, 0, 0, null, null);
        }
        Interpreter.Ran ran = device.interpreter.run(q, executed, budget, instructions);
        executed += ran.steps();
        device.meter.addInstructions(ran.steps() - ran.kernelSteps());
        sliceLeft -= ran.steps() + ran.work();
        if (ran.steps() > 0) {
            progressed = true;
            q.lastPosition = executed - 1;
        }
        return ran;
    }

    /** A piece that must not halt its queue; one that does is the simulator's failure, as any exception. */
    private static void unhalted(Interpreter.Ran ran) {
        if (ran.halt() instanceof Interpreter.Halt.Fault f) {
            throw f.fault();
        } else if (ran.halt() instanceof Interpreter.Halt.Hazard h) {
            throw new HazardStop(h.hazard());
        }
    }

    /** The position plus fragment work steps: what the interval between snapshots is measured in. */
    private long steps() {
        return executed + device.meter.workSteps();
    }

    /** No group has work left: the run ends as the first group terminated, or done when none was. */
    private StopReason over() {
        List<Queue> terminated = reports.terminated();
        return terminated.isEmpty() ? end(new StopReason.Done(), null) : end(terminated.get(0).ended, terminated.get(0));
    }

    /**
     * A fault or hazard stop in {@code q} terminates its group only (panthor's group termination): the queue runs
     * no more, its in-flight operations are dropped unfinished, and the other groups run on to their end.
     */
    /** Terminates {@code q}'s group: every queue of it runs no more (panthor's group termination). */
    private void terminate(Queue q, StopReason stop) {
        for (Queue member : device.queues) {
            if (member.group.equals(q.group) && member.ended == null) {
                member.ended = stop;
                member.endedAt = executed;
                device.terminated(member);
            }
        }
    }

    private StopReason end(StopReason stop, Queue q) {
        terminal = stop;
        terminalQueue = q;
        terminalPosition = executed;
        return stop;
    }

    /** Ends the run here as {@code limit} ends it, on the instruction {@code q} has next. */
    StopReason endAt(StepMeter.Limit limit, Queue q) {
        return end(reports.limit(limit, q, q.pc), q);
    }

    private StopReason faultStop(Interpreter.Halt.Fault f, Queue q) {
        if (f.fault().kind == FaultKind.TIMEOUT || f.fault().kind == FaultKind.CANCELLED) {
            StepMeter.Limit reached = device.meter.reached();
            return reports.limit(reached == StepMeter.Limit.NONE ? StepMeter.Limit.STEPS : reached, q, f.pc());
        }
        return new StopReason.Fault(reports.fault(f.fault(), q, f.pc()));
    }

    /**
     * The stop after {@code q}'s last instruction, or {@code completed} (the asynchronous operation the piece
     * completed last), wrote into watched ranges.
     */
    private StopReason dataHit(Queue q, List<DataWrite> writes, AsyncOp completed) {
        long pc = completed != null ? completed.va() : q.history[(int) (q.executed - 1) & (q.history.length - 1)];
        String writer;
        try {
            long word = ByteBuffer.wrap(device.host.read(q.vm, pc, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
            writer = device.arch.instructionSet().byWord(word).map(InstructionDef::mnemonic).orElse("?");
        } catch (HostAccessException e) {
            writer = "?";
        }
        if (writer.equals("RUN_FRAGMENT")) {
            writer = "fragment clear";
        }
        return new StopReason.DataBreakpointHit(q.name, pc, device.lineOf(q, pc), writer, writes);
    }

    /** The device's whole state now; {@code exact}: the state a debugger was shown (see {@link Snapshot}). */
    public Snapshot capture(boolean exact) {
        List<Queue.Saved> queues = new ArrayList<>(device.queues.size());
        for (Queue q : device.queues) {
            queues.add(q.save());
        }
        int[] roundIndexes = null;
        if (round != null) {
            roundIndexes = new int[round.length];
            for (int i = 0; i < round.length; i++) {
                roundIndexes[i] = device.queues.indexOf(round[i]);
            }
        }
        return new Snapshot(executed, steps(), exact, device.memory.image(), queues, device.scheduler.save(),
                device.meter.save(), device.recorder.save(), device.syncs.save(),
                new Loop(roundIndexes, roundIndex, inSlice, sliceLeft, progressed, executed));
    }

    /** Puts the device back as {@code s} holds it; the run can go on from there even if it had ended. */
    void restore(Snapshot s) {
        device.memory.restore(s.memory());
        for (int i = 0; i < device.queues.size(); i++) {
            device.queues.get(i).restore(s.queues().get(i));
        }
        device.scheduler.restore(s.scheduler());
        device.meter.restore(s.meter());
        device.recorder.restore(s.recorder());
        device.syncs.restore(s.syncs());
        Loop loop = s.loop();
        round = null;
        if (loop.round() != null) {
            round = new Queue[loop.round().length];
            for (int i = 0; i < round.length; i++) {
                round[i] = device.queues.get(loop.round()[i]);
            }
        }
        roundIndex = loop.roundIndex();
        inSlice = loop.inSlice();
        sliceLeft = loop.sliceLeft();
        progressed = loop.progressed();
        executed = loop.executed();
        device.watch.discard();
        terminal = null;
        terminalQueue = null;
    }
}
