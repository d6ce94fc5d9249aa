package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import dev.csfstudio.runtime.control.Goal;
import dev.csfstudio.runtime.control.History;
import dev.csfstudio.runtime.control.RunLoop;
import dev.csfstudio.runtime.control.Snapshot;
import dev.csfstudio.runtime.control.TimeTravel;
import dev.csfstudio.runtime.device.AddressSpace;
import dev.csfstudio.runtime.device.Breakpoints;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.GpuFault;
import dev.csfstudio.runtime.device.PhysicalMemory;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.device.StepMeter;
import dev.csfstudio.runtime.device.WriteWatch;
import dev.csfstudio.runtime.report.DeviceViews;
import dev.csfstudio.runtime.report.Reports;
import dev.csfstudio.runtime.report.RunRecorder;

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
 * <p>The parts: the {@link RunLoop} schedules and runs the device toward a {@link Goal} (run control); {@link
 * TimeTravel} goes back through {@link History}; {@link DeviceViews} and {@link Reports} say what the device holds.
 * This class is the API over them: it validates requests and remembers the last stop.
 *
 * <p>Costs: with no breakpoint set the interpreter's loop is the same as without a debugger (a
 * breakpoint is a stamp in the decoded page, see {@link Breakpoints}; a data breakpoint is a flag per
 * physical frame that GPU writes look at, see {@link WriteWatch}). Not thread-safe, except
 * {@link #requestPause}.
 */
public final class Machine {

    /** What {@link #load} makes of a program. */
    public sealed interface LoadResult permits Loaded, Rejected {
    }

    /** The program is on the device, nothing executed yet. */
    public record Loaded(Machine machine) implements LoadResult {
    }

    /** The program cannot be placed on the device; the report says why (a {@code configuration} fault). */
    public record Rejected(RunReport report) implements LoadResult {
    }

    private final Device device;
    private final DeviceViews views;
    private final RunLoop loop;
    private final TimeTravel travel;
    private StopReason lastStop;

    private Machine(Device device) {
        this.device = device;
        this.views = new DeviceViews(device);
        this.loop = new RunLoop(device, new Reports(device, views));
        this.travel = new TimeTravel(device, loop);
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
        return loop.position();
    }

    /** The last stop, or empty before the first resume. */
    public Optional<StopReason> lastStop() {
        return Optional.ofNullable(lastStop);
    }

    /** Whether the run has ended (done, fault, deadlock, timeout or cancelled). */
    public boolean finished() {
        return loop.finished();
    }

    // ---------------------------------------------------------------- running

    /** Runs every queue as the scheduler says until a breakpoint, a data breakpoint, a pause or the run's end. */
    public StopReason resume() {
        return control(new Goal.Resume());
    }

    /**
     * Runs until {@code queue} has executed one instruction (other queues run as the scheduler gives them
     * turns, and their breakpoints stop the step). A queue blocked in SYNC_WAIT answers {@link
     * StopReason.Waiting} once it has had its turn; a queue with no job left does not move.
     */
    public StopReason step(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new Goal.Step(q, false, views)) : stepped(q);
    }

    /** Like {@link #step}, but a CALL that pushes a frame runs until the queue is back at this depth. */
    public StopReason stepOver(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new Goal.Step(q, true, views)) : stepped(q);
    }

    /**
     * Runs until {@code queue} returns from its current frame (from the ring buffer's frame: until its
     * job ends).
     */
    public StopReason stepOut(String queue) {
        Queue q = named(queue);
        return moves(q) ? control(new Goal.StepOut(q)) : stepped(q);
    }

    /** Asks a running {@link #resume} or step, from any thread, to stop at the next time slice. */
    public void requestPause() {
        loop.requestPause();
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
        if (finished()) {
            return loop.terminal();
        }
        loop.takePause();
        for (Queue q : device.queues) {
            q.skipBreakAt = -1;
        }
        if (lastStop != null) {
            if (!(lastStop instanceof StopReason.Paused)) {
                lastStop.focus().map(device.queuesByName::get).ifPresent(q -> q.skipBreakAt = q.pc);
            }
            device.meter.restartClock();
        }
        travel.beforeRun();
        goal.prepare();
        lastStop = loop.run(goal);
        return lastStop;
    }

    /** The report of the run: empty until it has ended. */
    public Optional<RunReport> report() {
        return loop.report();
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
        travel.record(capBytes, intervalSteps);
    }

    /**
     * Drops every snapshot and records no more: what a session does after an OutOfMemoryError, whose heap the
     * snapshots most likely filled, so that it can go on answering. Going back is no longer possible.
     */
    public void forgetHistory() {
        travel.forget();
    }

    /** What history holds now; empty when none is recorded. */
    public Optional<HistoryStatus> history() {
        return travel.status();
    }

    /**
     * Goes to the state at {@code position} (exactly as a fresh run stopped there): earlier ones by
     * restoring a snapshot and re-executing, later ones by running on, breakpoints off. Refused without
     * history (for an earlier position) or before its start. A run that ends on the way answers its end.
     */
    public Result<StopReason> restoreTo(long position) {
        return arrived(travel.restoreTo(position));
    }

    /** Goes back to just before {@code queue}'s last instruction executed. */
    public Result<StopReason> stepBack(String queue) {
        return arrived(travel.stepBack(named(queue)));
    }

    /**
     * Runs backwards to the latest breakpoint or data breakpoint hit before the current position (the
     * state as when it stopped there going forward), or to the start of history when there is none; a
     * {@link #requestPause} or the wall-clock limit stops it at the snapshot it has reached ({@code Paused}).
     */
    public Result<StopReason> reverseResume() {
        return arrived(travel.reverseResume(lastStop != null && lastStop.focus().isPresent() ? lastStop.focus().get()
                : device.queues.get(0).name));
    }

    /** Runs again to where a dumped run ended ({@link PostMortem}); see {@link TimeTravel#rebuild}. */
    StopReason rebuild(RunReport.Replay replay, String queue) {
        lastStop = travel.rebuild(replay, queue);
        return lastStop;
    }

    private Result<StopReason> arrived(Result<StopReason> result) {
        result.toOptional().ifPresent(stop -> lastStop = stop);
        return result;
    }

    /** The device's whole state now (tests compare machines with it). */
    Snapshot capture(boolean exact) {
        return loop.capture(exact);
    }

    private void edited() {
        travel.edited();
    }
}
