package dev.csfstudio.runtime.control;

import java.util.Optional;
import dev.csfstudio.runtime.HistoryStatus;
import dev.csfstudio.runtime.PostMortem;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.StopReason;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.device.StepMeter;

/**
 * Going back: keeps {@link History} for a {@link RunLoop} and reaches any earlier position by restoring a
 * snapshot and re-executing (exact, because the device is deterministic). Each method answers the stop it
 * arrived at; the machine remembers it as its last stop.
 */
public final class TimeTravel {

    static final String NO_HISTORY = "going back needs history: recordHistory() was not called";

    private final Device device;
    private final RunLoop loop;
    private History history;

    public TimeTravel(Device device, RunLoop loop) {
        this.device = device;
        this.loop = loop;
    }

    /** Drops every snapshot and records no more (after an OutOfMemoryError the snapshots most likely caused). */
    public void forget() {
        history = null;
        loop.history = null;
    }

    /** Starts keeping history (a snapshot now, then one every {@code intervalSteps} steps); no-op when it is kept. */
    public void record(long capBytes, long intervalSteps) {
        if (history == null) {
            history = new History(capBytes, intervalSteps, device.queues.size());
            history.add(loop.capture(true), device.memory.takeCopies());
            loop.history = history;
        }
    }

    public Optional<HistoryStatus> status() {
        return history == null ? Optional.empty() : Optional.of(new HistoryStatus(history.earliest(), history.size(),
                history.bytes(), history.cap(), history.interval()));
    }

    /** Before a run forward: the future recorded after an edit is not this run's. */
    public void beforeRun() {
        if (history != null && history.editedAfter(loop.position())) {
            history.truncateFrom(loop.position() + 1);
        }
    }

    /** After the debugger changed the state: the recorded future is not this state's, it starts anew here. */
    public void edited() {
        if (history != null && loop.terminal() == null) {
            history.truncateFrom(loop.position());
            history.add(loop.capture(true), device.memory.takeCopies());
        }
    }

    /**
     * Goes to the state at {@code position}: an earlier one by restoring the latest usable snapshot before it and
     * re-executing, a later one by running on, breakpoints off. Refused without history (for an earlier position)
     * or before its start.
     */
    public Result<StopReason> restoreTo(long position) {
        long executed = loop.position();
        if (position < executed || (position == executed && history != null)) {
            if (history == null) {
                return Result.refused(NO_HISTORY);
            }
            if (position < history.earliest()) {
                return Result.refused("position " + position + " is before the oldest state history keeps ("
                        + history.earliest() + ")");
            }
        }
        Snapshot from = history == null ? null : history.usable(position);
        if (from != null && (position <= executed || from.position() > executed)) {
            loop.restore(from);
        }
        return Result.ok(replay(new Goal.Reach(position)));
    }

    /** Goes back to just before {@code q}'s last instruction executed (to the start of history, at the most). */
    public Result<StopReason> stepBack(Queue q) {
        if (history == null) {
            return Result.refused(NO_HISTORY);
        }
        if (q.lastPosition < history.earliest()) {
            return Result.ok(toHistoryStart());
        }
        Result<StopReason> arrived = restoreTo(q.lastPosition);
        return arrived.toOptional().filter(s -> s instanceof StopReason.AtPosition).isPresent()
                ? Result.ok(new StopReason.Stepped(q.name)) : arrived;
    }

    /**
     * Runs backwards to the latest breakpoint or data breakpoint hit before the current position, or to the start
     * of history; a pause or the wall-clock limit stops it at the snapshot it has reached, a pause about
     * {@code focus}.
     */
    public Result<StopReason> reverseResume(String focus) {
        if (history == null) {
            return Result.refused(NO_HISTORY);
        }
        long end = loop.position();
        device.meter.restartClock();
        Snapshot reached = null;
        for (Snapshot from = history.before(end); from != null; from = history.before(end)) {
            // A pause (also one asked for just before) or the wall-clock limit stops the way back at the
            // snapshot it has reached, between two intervals of history.
            boolean paused = loop.takePause();
            if (paused || device.meter.pastDeadline()) {
                if (reached != null) {
                    loop.restore(reached);
                }
                return Result.ok(new StopReason.Paused(focus, paused ? null : "going back reached the "
                        + device.meter.clockLimit() + " at instruction " + loop.position()
                        + ": reverse continue again to go further back"));
            }
            loop.restore(from);
            Goal.Scan scan = new Goal.Scan(end);
            replayArmed(scan);
            if (!scan.hits.isEmpty()) {
                Goal.Hit last = scan.hits.get(scan.hits.size() - 1);
                restoreTo(last.position());
                return Result.ok(last.stop());
            }
            end = from.position();
            reached = from;
        }
        return Result.ok(toHistoryStart());
    }

    /**
     * Runs again to where a dumped run ended ({@link PostMortem}): to its end, which comes again by itself
     * for a fault, deadlock or spent budget; for the wall clock or a cancellation, to the dump's position,
     * where the same limit ends it on the instruction {@code queue} had next.
     */
    public StopReason rebuild(RunReport.Replay replay, String queue) {
        RunReport.Replay.Ending ending = replay.ending();
        if (ending != RunReport.Replay.Ending.WALL_CLOCK && ending != RunReport.Replay.Ending.CANCELLED) {
            return replay(new Goal.Resume());
        }
        StopReason stop = replay(new Goal.Reach(replay.position()));
        Queue q = device.queuesByName.get(queue);
        if (loop.terminal() == null && q != null) {
            stop = loop.endAt(ending == RunReport.Replay.Ending.WALL_CLOCK ? StepMeter.Limit.CLOCK
                    : StepMeter.Limit.CANCELLED, q);
        }
        return stop;
    }

    private StopReason toHistoryStart() {
        loop.restore(history.oldest());
        return new StopReason.HistoryStart(loop.position());
    }

    /** Re-executes toward {@code goal} with breakpoints, data breakpoints, the clock and pauses off. */
    private StopReason replay(Goal goal) {
        device.breakpoints.armed = false;
        device.watch.armed = false;
        try {
            return replayArmed(goal);
        } finally {
            device.breakpoints.armed = true;
            device.watch.armed = true;
        }
    }

    /** Re-executes toward {@code goal}, the clock and pauses off; a run that ends on the way stays ended. */
    private StopReason replayArmed(Goal goal) {
        if (loop.finished()) {
            return loop.terminal();
        }
        for (Queue q : device.queues) {
            q.skipBreakAt = -1;
        }
        device.meter.replaying = true;
        try {
            return loop.run(goal);
        } finally {
            device.meter.replaying = false;
        }
    }
}
