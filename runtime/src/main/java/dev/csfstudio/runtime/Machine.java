package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import dev.csfstudio.isa.InstructionDef;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A program loaded on a fresh simulated device, run under control: what a debugger and
 * {@link Simulator#run} sit on. It runs until a {@link StopReason}: resume all queues, step one
 * instruction of a queue, step over a CALL, step out of a frame; breakpoints by GPU VA and data
 * breakpoints on VA ranges stop it. While stopped, read and write registers, read the call stacks, queue
 * states and sync objects, read and write memory page by page through a VM's page tables, walk the page
 * tables, see the render targets d40 describes. With {@link #recordHistory} it can go back exactly:
 * {@link #restoreTo} any earlier position, {@link #stepBack}, {@link #reverseResume}.
 *
 * <p>Scheduling is the device's, never the debugger's: stopping and resuming anywhere, stepping any
 * queue, leaves the order in which instructions execute exactly as in a run that never stopped (a step of
 * one queue lets the others take their turns as the scheduler gives them). A position counts the
 * instructions every queue has executed, the kernel ring buffers' included; the state "at position N" is
 * the earliest moment N instructions have executed.
 *
 * <p>Costs: with no breakpoint set the interpreter's loop is the same as without a debugger (a
 * breakpoint is a stamp in the decoded page, see {@link Breakpoints}; a data breakpoint is a flag per
 * physical frame that GPU writes look at, see {@link WriteWatch}). Not thread-safe, except
 * {@link #requestPause}.
 */
public final class Machine {

    /** Instructions (with fragment work: steps) a queue runs per time slice, between looks at the limits. */
    static final long SLICE = 1 << 16;


    /** What {@link #load} makes of a program. */
    public sealed interface LoadResult permits Loaded, Rejected {
    }

    /** The program is on the device, nothing executed yet. */
    public record Loaded(Machine machine) implements LoadResult {
    }

    /** The program cannot be placed on the device; the report says why (a {@code configuration} fault). */
    public record Rejected(RunReport report) implements LoadResult {
    }

    /** Where the scheduling loop stands (queues by index; {@code round} null before the first round). */
    record Loop(int[] round, int roundIndex, boolean inSlice, long sliceLeft, boolean progressed, long executed) {
    }

    private final Device device;
    private final DeviceViews views;
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
    private StopReason lastStop;
    private volatile boolean pauseRequested;
    private History history;

    private Machine(Device device) {
        this.device = device;
        this.views = new DeviceViews(device);
        this.reports = new Reports(device, views);
    }

    public static LoadResult load(Program program, RunOptions options) {
        return load(program, options, () -> false);
    }

    /**
     * Places {@code program} on a fresh device. The wall-clock limit of {@code options} starts now and runs
     * until the first stop; each later resume has the whole limit again. {@code cancelled} is asked between
     * time slices and while fragment jobs write; once it answers true the run ends as cancelled.
     */
    public static LoadResult load(Program program, RunOptions options, BooleanSupplier cancelled) {
        StepMeter meter = new StepMeter(options, cancelled);
        RunRecorder recorder = new RunRecorder(program);
        try {
            return new Loaded(new Machine(new Device(program, options, meter, recorder)));
        } catch (Device.ConfigurationError e) {
            return new Rejected(Reports.failedSetup(e.getMessage(), e.line, recorder, null));
        } catch (OutOfMemoryError e) {
            return new Rejected(Reports.failedSetup("the program needs more memory than the simulator has: "
                    + e.getMessage(), null, recorder, null));
        } catch (RuntimeException e) {
            return new Rejected(Reports.failedSetup("internal simulator error (please report): " + e, null, recorder,
                    null));
        }
    }

    public Program program() {
        return device.program;
    }

    public RunOptions options() {
        return device.options;
    }

    /** Instructions every queue has executed so far, the kernel ring buffers' included. */
    public long position() {
        return executed;
    }

    /** The last stop, or empty before the first resume. */
    public Optional<StopReason> lastStop() {
        return Optional.ofNullable(lastStop);
    }

    /** Whether the run has ended (done, fault, deadlock, timeout or cancelled). */
    public boolean finished() {
        return terminal != null || failure != null;
    }

    // ---------------------------------------------------------------- running

    /** Runs every queue as the scheduler says until a breakpoint, a data breakpoint, a pause or the run's end. */
    public StopReason resume() {
        return control(new Resume());
    }

    /**
     * Runs until {@code queue} has executed one instruction (other queues run as the scheduler gives them
     * turns, and their breakpoints stop the step). A queue blocked in SYNC_WAIT answers {@link
     * StopReason.Waiting} once it has had its turn; a queue with no job left does not move.
     */
    public StopReason step(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new Step(q, false)) : stepped(q);
    }

    /** Like {@link #step}, but a CALL that pushes a frame runs until the queue is back at this depth. */
    public StopReason stepOver(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new Step(q, true)) : stepped(q);
    }

    /**
     * Runs until {@code queue} returns from its current frame (from the ring buffer's frame: until its
     * job ends).
     */
    public StopReason stepOut(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new StepOut(q)) : stepped(q);
    }

    /** Asks a running {@link #resume} or step, from any thread, to stop at the next time slice. */
    public void requestPause() {
        pauseRequested = true;
    }

    /**
     * Whether a step of {@code q} goes to {@link #control}: it has work, or its group was terminated and the run is
     * over (the step answers the run's end, as any step once it ended).
     */
    private boolean moves(Queue q) {
        return q.hasWork() || q.ended != null && finished();
    }

    private StopReason stepped(Queue q) {
        lastStop = new StopReason.Stepped(q.name);
        return lastStop;
    }

    private Queue named(String name) {
        Queue q = device.queuesByName.get(name);
        if (q == null) {
            throw new IllegalArgumentException("no queue named '" + name + "'");
        }
        return q;
    }

    /**
     * Runs toward {@code goal} from where the debugger stands: the queue the last stop was about passes the
     * breakpoint it stands on, and the wall clock starts again (the first run's clock started at load).
     */
    private StopReason control(Goal goal) {
        if (terminal != null || failure != null) {
            return terminal;
        }
        pauseRequested = false;
        for (Queue q : device.queues) {
            q.skipBreakAt = -1;
        }
        if (lastStop != null) {
            if (!(lastStop instanceof StopReason.Paused)) {
                lastStop.focus().map(device.queuesByName::get).ifPresent(q -> q.skipBreakAt = q.pc);
            }
            device.meter.restartClock();
        }
        if (history != null && history.editedAfter(executed)) {
            history.truncateFrom(executed + 1); // the future recorded after an edit is not this run's
        }
        goal.prepare();
        lastStop = run(goal);
        return lastStop;
    }

    /** Runs toward {@code goal}; the watches a goal set are gone afterwards. */
    private StopReason run(Goal goal) {
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

    /**
     * The scheduling loop, resumable at any point: rounds of the group scheduler, a time slice per
     * resident group, each slice run in pieces as the goal allows.
     */
    private StopReason loop(Goal goal) {
        while (true) {
            if (goal.reached()) {
                return goal.arrival();
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
            int outcome;
            try {
                outcome = piece(q, budget, goal.allowance(q));
            } catch (GpuFault f) {
                StopReason stop = faultStop(f, q);
                if (f.kind == FaultKind.TIMEOUT || f.kind == FaultKind.CANCELLED) {
                    end(stop, q);
                    terminalPosition = executed - 1; // the fragment job it stopped did not complete
                    return stop;
                }
                terminate(q, stop);
                if (device.queues.stream().noneMatch(Queue::hasWork)) {
                    return over();
                }
                outcome = Interpreter.IDLE;
            } catch (HazardStop h) {
                terminate(q, new StopReason.Hazard(h.hazard, reports.hazardFault(h.hazard, q)));
                if (device.queues.stream().noneMatch(Queue::hasWork)) {
                    return over();
                }
                outcome = Interpreter.IDLE;
            }
            List<DataWrite> writes = device.watch.pending ? device.watch.take() : null;
            if (outcome == Interpreter.IDLE || outcome == Interpreter.WAITING || sliceLeft <= 0) {
                if (device.meter.remaining() == 0 && q.hasWork()) {
                    piece(q, 0, 0); // what needs no instruction (returns, the job's end) still happens
                    if (q.hasWork()) {
                        return end(reports.limit(StepMeter.Limit.STEPS, q, q.pc), q);
                    }
                }
                inSlice = false;
                roundIndex++;
            }
            if (writes != null && !writes.isEmpty()) {
                StopReason hit = dataHit(q, writes);
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
            any = true;
            try {
                device.interpreter.async.drain(q, executed);
            } catch (GpuFault f) {
                device.interpreter.faultPc = device.interpreter.async.completing;
                device.interpreter.async.completing = -1;
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
    private int piece(Queue q, long budget, long instructions) {
        Interpreter interpreter = device.interpreter;
        interpreter.clock = executed;
        interpreter.async.lastApplied = null;
        try {
            return interpreter.run(q, budget, instructions);
        } finally {
            long ran = interpreter.lastSteps;
            executed += ran;
            device.meter.addInstructions(ran - interpreter.lastKernelSteps);
            sliceLeft -= ran + interpreter.lastWork;
            if (ran > 0) {
                progressed = true;
                q.lastPosition = executed - 1;
            }
        }
    }

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
    private void terminate(Queue q, StopReason stop) {
        q.ended = stop;
        q.endedAt = executed;
    }

    private StopReason end(StopReason stop, Queue q) {
        terminal = stop;
        terminalQueue = q;
        terminalPosition = executed;
        return stop;
    }

    private StopReason faultStop(GpuFault f, Queue q) {
        long pc = device.interpreter.faultPc;
        if (f.kind == FaultKind.TIMEOUT || f.kind == FaultKind.CANCELLED) {
            StepMeter.Limit reached = device.meter.reached();
            return reports.limit(reached == StepMeter.Limit.NONE ? StepMeter.Limit.STEPS : reached, q, pc);
        }
        return new StopReason.Fault(reports.fault(f, q, pc));
    }

    /** The stop after {@code q}'s last instruction wrote into watched ranges. */
    private StopReason dataHit(Queue q, List<DataWrite> writes) {
        AsyncOp completed = device.interpreter.async.lastApplied;
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

    /** The report of the run: empty until it has ended. */
    public Optional<RunReport> report() {
        if (failure != null) {
            return Optional.of(failure);
        }
        return terminal == null ? Optional.empty()
                : Optional.of(reports.report(terminal, terminalQueue, terminalPosition));
    }

    // ---------------------------------------------------------------- state

    /** Every queue, in declaration order. */
    public List<QueueView> queues() {
        return device.queues.stream().map(views::queue).toList();
    }

    public Optional<QueueView> queue(String name) {
        return Optional.ofNullable(device.queuesByName.get(name)).map(views::queue);
    }

    /** A queue's scoreboard: what a debugger's Scoreboard scope and pending registers show. */
    public Optional<ScoreboardView> scoreboard(String queue) {
        return Optional.ofNullable(device.queuesByName.get(queue)).map(q -> q.scoreboard.debugView(q.name));
    }

    public List<String> vms() {
        return List.copyOf(device.vms.keySet());
    }

    /** The sync objects SYNC_* instructions have used so far, with their values now. */
    public List<SyncObject> syncObjects() {
        return views.syncObjects();
    }

    /**
     * Host access to the memory as it is now (page by page through the page tables, bounds-checked);
     * writes through it are not edits history knows of: use {@link #writeMemory}.
     */
    public HostAccess memory() {
        return device.host;
    }

    /** {@code length} bytes at {@code va} as VM {@code vm} sees them: mapped spans and unreadable ones. */
    public Result<MemoryRead> readMemory(String vm, long va, int length) {
        try {
            return Result.ok(device.host.readSpans(vm, va, length));
        } catch (HostAccessException e) {
            return Result.refused(e.getMessage());
        }
    }

    /**
     * Writes {@code data} at {@code va} of VM {@code vm}, through its page tables; refused, writing nothing,
     * when a byte of the range is not mapped. Decoded copies of the pages written are dropped, so patched
     * instructions execute as written.
     */
    public Result<Integer> writeMemory(String vm, long va, byte[] data) {
        try {
            device.host.write(vm, va, data);
        } catch (HostAccessException e) {
            return Result.refused(e.getMessage() + "; nothing written");
        }
        edited();
        return Result.ok(data.length);
    }

    /** Sets register {@code r} of {@code queue} to {@code value} (-2^31..2^32-1); answers the new value, unsigned. */
    public Result<Long> setRegister(String queue, int r, long value) {
        Queue q = device.queuesByName.get(queue);
        if (q == null) {
            return Result.refused("no queue named '" + queue + "'");
        }
        if (r < 0 || r >= q.regs.length) {
            return Result.refused("register r" + r + " does not exist (r0..r" + (q.regs.length - 1) + ")");
        }
        if (value < Integer.MIN_VALUE || value > 0xffff_ffffL) {
            return Result.refused("value " + value + " does not fit a 32-bit register (-2147483648..4294967295)");
        }
        q.regs[r] = (int) value;
        edited();
        return Result.ok(value & 0xffff_ffffL);
    }

    /** Sets register pair {@code dN} (rN low, rN+1 high) of {@code queue}; answers the new value. */
    public Result<Long> setRegister64(String queue, int d, long value) {
        Queue q = device.queuesByName.get(queue);
        if (q == null) {
            return Result.refused("no queue named '" + queue + "'");
        }
        if (d < 0 || d + 1 >= q.regs.length) {
            return Result.refused("register pair d" + d + " does not exist (d0..d" + (q.regs.length - 2) + ")");
        }
        q.setRegister64(d, value);
        edited();
        return Result.ok(value);
    }

    /** How VM {@code vm}'s page tables translate {@code va}, level by level. */
    public Result<PageWalk> pageWalk(String vm, long va) {
        AddressSpace as = device.vms.get(vm);
        if (as == null) {
            return Result.refused("no VM named '" + vm + "'");
        }
        return Result.ok(as.describeWalk(va, device.mmu.slotOf(as)));
    }

    /** The framebuffer descriptor {@code queue}'s d40 points at, and its render targets as they are now. */
    public Result<FramebufferView> framebuffer(String queue) {
        Queue q = device.queuesByName.get(queue);
        return q == null ? Result.refused("no queue named '" + queue + "'") : views.framebuffer(q);
    }

    // ---------------------------------------------------------------- breakpoints

    /** Stops a queue of VM {@code vm} before it executes the instruction at {@code va}. */
    public Result<InstructionBreakpoint> addBreakpoint(String vm, long va) {
        AddressSpace as = device.vms.get(vm);
        if (as == null) {
            return Result.refused("no VM named '" + vm + "'");
        }
        if ((va & 7) != 0) {
            return Result.refused("instructions are 8-byte aligned; GPU VA " + GpuFault.hex(va) + " is not");
        }
        long page = as.walk(va);
        if (page < 0) {
            return Result.refused("GPU VA " + GpuFault.hex(va) + " is not mapped in VM " + vm);
        }
        InstructionBreakpoint bp = new InstructionBreakpoint(vm, va);
        int frame = device.breakpoints.add(bp, page | (va & PhysicalMemory.PAGE_MASK));
        if (frame >= 0) {
            device.interpreter.forget(frame); // decoded again, and stamped, when next executed
        }
        return Result.ok(bp);
    }

    /** Removes a breakpoint; false when it was not set. */
    public boolean removeBreakpoint(InstructionBreakpoint bp) {
        int frame = device.breakpoints.remove(bp);
        if (frame >= 0) {
            device.interpreter.forget(frame);
        }
        return frame >= 0;
    }

    public List<InstructionBreakpoint> breakpoints() {
        return device.breakpoints.all();
    }

    /** Stops the run after a GPU write into the {@code length} bytes at {@code va} of VM {@code vm}. */
    public Result<DataBreakpoint> addDataBreakpoint(String vm, long va, long length) {
        AddressSpace as = device.vms.get(vm);
        if (as == null) {
            return Result.refused("no VM named '" + vm + "'");
        }
        if (length <= 0 || !AddressSpace.validVa(va) || !AddressSpace.validVa(va + length - 1)) {
            return Result.refused("a data breakpoint needs 1 or more bytes inside the 48-bit GPU address space; "
                    + length + " bytes at " + GpuFault.hex(va) + " are not");
        }
        List<WriteWatch.Piece> pieces = new ArrayList<>();
        for (long at = va; at < va + length; at = (at | PhysicalMemory.PAGE_MASK) + 1) {
            long page = as.walk(at);
            if (page < 0) {
                return Result.refused("GPU VA " + GpuFault.hex(at) + " is not mapped in VM " + vm);
            }
            int from = (int) (at & PhysicalMemory.PAGE_MASK);
            int to = (int) Math.min(PhysicalMemory.PAGE_SIZE, from + (va + length - at));
            pieces.add(new WriteWatch.Piece((int) (page >>> PhysicalMemory.PAGE_SHIFT), from, to, at));
        }
        DataBreakpoint bp = new DataBreakpoint(vm, va, length);
        device.watch.add(bp, pieces);
        return Result.ok(bp);
    }

    public boolean removeDataBreakpoint(DataBreakpoint bp) {
        return device.watch.remove(bp);
    }

    public List<DataBreakpoint> dataBreakpoints() {
        return device.watch.all();
    }

    // ---------------------------------------------------------------- goals

    /** What a run is for: how far each queue may go, and when it has arrived. */
    private interface Goal {
        /** Sets what the goal asks of its queue before the run starts. */
        default void prepare() {
        }

        /** Instructions {@code q} may execute in its next piece. */
        default long allowance(Queue q) {
            return Long.MAX_VALUE;
        }

        /** Whether the goal is met before anything else runs. */
        default boolean reached() {
            return false;
        }

        default StopReason arrival() {
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
    }

    private static final class Resume implements Goal {
    }

    /** One instruction of a queue; {@code over}: a CALL it executes runs to its return. */
    private final class Step implements Goal {
        private final Queue target;
        private final boolean over;
        private final int depth;
        private boolean inCall;

        Step(Queue target, boolean over) {
            this.target = target;
            this.over = over;
            this.depth = target.depth;
        }

        @Override
        public void prepare() {
            target.skipBreakAt = target.pc; // a step executes the instruction it stands on
        }

        @Override
        public long allowance(Queue q) {
            return q == target && !inCall ? 1 : Long.MAX_VALUE;
        }

        @Override
        public StopReason after(Queue q, int outcome, long ran) {
            if (q != target) {
                return null;
            }
            if (inCall) {
                return outcome == Interpreter.RETURNED || !q.hasWork() ? stepped(q) : null;
            }
            if (ran == 0) {
                if (outcome == Interpreter.WAITING) {
                    return new StopReason.Waiting(q.name, views.syncWait(q));
                }
                return q.hasWork() ? null : stepped(q);
            }
            if (over && q.state != Queue.State.IDLE && q.depth > depth) {
                inCall = true;
                q.returnWatch = depth;
                return null;
            }
            return stepped(q);
        }
    }

    private final class StepOut implements Goal {
        private final Queue target;

        StepOut(Queue target) {
            this.target = target;
        }

        @Override
        public void prepare() {
            target.skipBreakAt = target.pc;
            target.returnWatch = target.state == Queue.State.IDLE ? -1 : target.depth - 1;
        }

        @Override
        public StopReason after(Queue q, int outcome, long ran) {
            return q == target && (outcome == Interpreter.RETURNED || !q.hasWork()) ? stepped(q) : null;
        }
    }

    /** Re-execution to a position, breakpoints off. */
    private class Reach implements Goal {
        private final long position;

        Reach(long position) {
            this.position = position;
        }

        @Override
        public long allowance(Queue q) {
            return position - executed;
        }

        @Override
        public boolean reached() {
            return executed >= position;
        }

        @Override
        public StopReason arrival() {
            return new StopReason.AtPosition(executed);
        }
    }

    /** Re-execution to a position that notes every breakpoint and data hit before it on the way. */
    private final class Scan extends Reach {
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

    private record Hit(long position, StopReason stop) {
    }

    // ---------------------------------------------------------------- history

    /** What history holds at most unless {@link #recordHistory(long)} says otherwise: 256 MiB. */
    public static final long DEFAULT_HISTORY_BYTES = History.DEFAULT_CAP_BYTES;

    /** Starts keeping history (at most {@link #DEFAULT_HISTORY_BYTES}); the current state is its start. */
    public void recordHistory() {
        recordHistory(DEFAULT_HISTORY_BYTES);
    }

    /**
     * Starts keeping history: a snapshot now, then one every {@link History#INTERVAL} steps, holding at most
     * about {@code capBytes} (see {@link History}). Going back can reach the current state at the oldest.
     */
    public void recordHistory(long capBytes) {
        recordHistory(capBytes, History.INTERVAL);
    }

    /** {@link #recordHistory(long)} with another interval between snapshots (tests make it short). */
    void recordHistory(long capBytes, long intervalSteps) {
        if (history == null) {
            history = new History(capBytes, intervalSteps, device.queues.size());
            history.add(capture(true), device.memory.takeCopies());
        }
    }

    /** What history holds now; empty when none is recorded. */
    public Optional<HistoryStatus> history() {
        return history == null ? Optional.empty() : Optional.of(new HistoryStatus(history.earliest(), history.size(),
                history.bytes(), history.cap(), history.interval()));
    }

    /**
     * Goes to the state at {@code position} (exactly as a fresh run stopped there): earlier ones by
     * restoring a snapshot and re-executing, later ones by running on, breakpoints off. Refused without
     * history (for an earlier position) or before its start. A run that ends on the way answers its end.
     */
    public Result<StopReason> restoreTo(long position) {
        if (position < executed || (position == executed && history != null)) {
            if (history == null) {
                return Result.refused("going back needs history: recordHistory() was not called");
            }
            if (position < history.earliest()) {
                return Result.refused("position " + position + " is before the oldest state history keeps ("
                        + history.earliest() + ")");
            }
        }
        Snapshot from = history == null ? null : history.usable(position);
        if (from != null && (position <= executed || from.position() > executed)) {
            restore(from);
        }
        lastStop = replay(new Reach(position));
        return Result.ok(lastStop);
    }

    /** Goes back to just before {@code queue}'s last instruction executed. */
    public Result<StopReason> stepBack(String queue) {
        Queue q = named(queue);
        if (history == null) {
            return Result.refused("going back needs history: recordHistory() was not called");
        }
        if (q.lastPosition < history.earliest()) {
            return Result.ok(toHistoryStart());
        }
        Result<StopReason> arrived = restoreTo(q.lastPosition);
        if (arrived.toOptional().filter(s -> s instanceof StopReason.AtPosition).isPresent()) {
            lastStop = new StopReason.Stepped(q.name);
        }
        return Result.ok(lastStop);
    }

    /**
     * Runs backwards to the latest breakpoint or data breakpoint hit before the current position (the
     * state as when it stopped there going forward), or to the start of history when there is none; a
     * {@link #requestPause} or the wall-clock limit stops it at the snapshot it has reached ({@code Paused}).
     */
    public Result<StopReason> reverseResume() {
        if (history == null) {
            return Result.refused("going back needs history: recordHistory() was not called");
        }
        long end = executed;
        device.meter.restartClock();
        Snapshot reached = null;
        for (Snapshot from = history.before(end); from != null; from = history.before(end)) {
            // A pause (also one asked for just before) or the wall-clock limit stops the way back at the
            // snapshot it has reached, between two intervals of history.
            if (pauseRequested || device.meter.pastDeadline()) {
                pauseRequested = false;
                if (reached != null) {
                    restore(reached);
                }
                lastStop = new StopReason.Paused(lastStop != null && lastStop.focus().isPresent()
                        ? lastStop.focus().get() : device.queues.get(0).name);
                return Result.ok(lastStop);
            }
            restore(from);
            Scan scan = new Scan(end);
            replayArmed(scan);
            if (!scan.hits.isEmpty()) {
                Hit last = scan.hits.get(scan.hits.size() - 1);
                restoreTo(last.position);
                lastStop = last.stop;
                return Result.ok(lastStop);
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
    StopReason rebuild(RunReport.Replay replay, String queue) {
        RunReport.Replay.Ending ending = replay.ending();
        if (ending != RunReport.Replay.Ending.WALL_CLOCK && ending != RunReport.Replay.Ending.CANCELLED) {
            lastStop = replay(new Resume());
            return lastStop;
        }
        lastStop = replay(new Reach(replay.position()));
        Queue q = device.queuesByName.get(queue);
        if (terminal == null && q != null) {
            lastStop = end(reports.limit(ending == RunReport.Replay.Ending.WALL_CLOCK ? StepMeter.Limit.CLOCK
                    : StepMeter.Limit.CANCELLED, q, q.pc), q);
        }
        return lastStop;
    }

    private StopReason toHistoryStart() {
        restore(history.oldest());
        lastStop = new StopReason.HistoryStart(executed);
        return lastStop;
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
        if (terminal != null || failure != null) {
            return terminal;
        }
        for (Queue q : device.queues) {
            q.skipBreakAt = -1;
        }
        device.meter.replaying = true;
        try {
            return run(goal);
        } finally {
            device.meter.replaying = false;
        }
    }

    Snapshot capture(boolean exact) {
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

    private void restore(Snapshot s) {
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

    /** After the debugger changed the state: the recorded future is not this state's, it starts anew here. */
    private void edited() {
        if (history != null && terminal == null) {
            history.truncateFrom(executed);
            history.add(capture(true), device.memory.takeCopies());
        }
    }
}
