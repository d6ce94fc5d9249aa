package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.Arch;

import dev.csfstudio.program.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import dev.csfstudio.runtime.ExceptionHandler;
import dev.csfstudio.runtime.RaisedException;
import dev.csfstudio.runtime.StopReason;

/**
 * A command queue (CS {@link #csSlot} of its {@link #group}; a fault terminates its group's queues only): its register file, kept across jobs, its call stack, its kernel ring
 * buffer, and where the scheduler has it: the CSG slot it is resident in and its VM's address-space
 * slot. Submitting a job appends "MOVE48 d92, stream; MOVE32 r94, length; CALL d92, r94" and the job's end
 * (see {@link #RING_ENTRY}) to the ring and advances the insert pointer; the queue runs while insert is ahead of extract, each job's ring entry
 * being the root frame (depth 0) so the user stream runs at depth 1.
 */
public final class Queue {

    /** Call frames, the root frame included (every architecture has {@link Arch#callDepth()} = 8). */
    public static final int MAX_FRAMES = Arch.DEFAULT.callDepth();

    /**
     * Bytes of one ring-buffer entry: eight instructions, one 64-byte cache line (panthor pads each job's
     * instructions to whole cache lines). The first three call the job's stream; the five after the CALL
     * ({@link #RING_CALL} on) are the job's end: the completion sync object's address and increment, WAIT on every
     * scoreboard entry, SYNC_ADD64.propagate_err of the completion sync object, ERROR_BARRIER.
     */
    static final int RING_ENTRY = 64;
    /** Bytes of a ring entry up to and with its CALL: where the job's end begins. */
    static final int RING_CALL = 24;

    /** What a queue is doing: no job in progress; in a job; blocked in a SYNC_WAIT of its job. */
    public enum State { IDLE, RUNNING, WAITING }

    public final String name;
    public final String vm;
    /** The queue's group (its own name unless declared with {@code group=}) and its CS slot in the group. */
    public String group;
    public int csSlot;
    /** Address-space slot of the queue's VM while the group is resident (the last one it had otherwise). */
    public int slot = -1;
    /** CSG slot the group is resident in, or -1 while it is not scheduled. */
    public int csgSlot = -1;
    /** Scheduling round in which the group was last resident (0: never). */
    long lastResident;
    public final int[] regs;
    /** Call frames, the root frame (the ring buffer's) included: {@link Arch#callDepth()}. */
    public final long[] frameStart;
    public final long[] frameEnd;
    public final long[] frameReturn;
    public int depth;
    public long pc;
    public State state = State.IDLE;

    final long ringBase;
    /**
     * The queue's completion sync object (panthor's {@code panthor_syncobj_64b} in the group's sync object
     * buffer, at CS slot × 16): a 64-bit sequence number the ring's SYNC_ADD64 raises by one per job, the
     * status word after it.
     */
    public long completionSync;
    public long insert;
    public long extract;
    final List<Program.Job> jobs = new ArrayList<>();

    /** Addresses of the last 64 instructions executed, oldest overwritten first. */
    public final long[] history = new long[64];
    public long executed;
    /** Instructions run by the kernel ring buffer (not counted as the user's). */
    public long kernelExecuted;
    /**
     * The CS's error state: set when a SYNC_WAIT.inherit finds its sync object's status non-zero, written by a
     * SYNC_ADD/SYNC_SET.error_propagate into the status word, read by STORE_STATE.error_status, cleared by
     * ERROR_BARRIER.
     */
    boolean error;
    /** The exception handlers SET_EXCEPTION_HANDLER installed, by exception type. */
    public Map<Integer, ExceptionHandler> handlers = new TreeMap<>();
    /** The tiler jobs whose out-of-memory the program injected ({@code .inject tiler_oom, job=N}), by number. */
    Map<Long, Program.Injection> injected = Map.of();
    /** Tiler jobs (RUN_TILING, RUN_IDVS, RUN_IDVS2) the queue has issued, counted only while some are injected. */
    long tilerJobs;
    /** Bit N: call frame N runs the tiler_oom exception handler the firmware entered. */
    public int handlerFrames;
    /** An injected tiler out-of-memory waits for a handler; {@link #oomEntry}: the entry its tiler job signals. */
    boolean oomPending;
    int oomEntry;
    /**
     * The queue of the group running the tiler_oom handler for this queue's exception (null: none): the firmware
     * delivered it to the CS that installed the handler. Until that handler returns the tiler job stays incomplete.
     */
    Queue oomHandledOn;
    /** The tiler job the exception holds, while it is in flight (null: none, or it completed when issued). */
    AsyncOp oomJob;
    /** The queue waits (state WAITING) in a WAIT, or at its job's end, for the tiler job the exception holds. */
    boolean oomHeld;
    /** Per call frame: the queue whose exception the handler frame serves, when another queue raised it. */
    final Queue[] handlerRaisedBy;
    /**
     * Bit N: handler frame N interrupted the frame below before its next instruction (which it returns to, to run
     * it, a SYNC_WAIT again), not after one that raised or installed.
     */
    public int handlerInterrupts;
    /** The injected exceptions the queue raised, in order. */
    public List<RaisedException> raised = List.of();
    /** Set when the last fault happened fetching an instruction (the faulting address is not an instruction). */
    boolean faultFetch;
    /** What a waiting queue waits for: the SYNC_WAIT word, the sync object address and the values. */
    public long waitWord, waitAddress, waitExpected, waitCurrent;
    /** The waiting SYNC_WAIT's condition field and whether it compares 64-bit values. */
    public int waitCond;
    public boolean waitWide;
    /** Where a waiting SYNC_WAIT first tried (a position), -1 while none waits: the start of its timeline span. */
    long waitSince = -1;
    /** The queue's scoreboard: entries selected and asynchronous operations in flight. */
    public final Scoreboard scoreboard;
    /** Position (instructions executed by every queue before it) of the queue's last instruction, or -1. */
    public long lastPosition = -1;
    /**
     * The fault or hazard stop that terminated the queue's group (null while it may run): the queue runs no
     * more, the other groups run on. {@link #endedAt} is the position it happened at.
     */
    public StopReason ended;
    public long endedAt = -1;

    // Not state: what the machine asks of the next run and what saves work.
    /** The sync object address last noted for this queue ({@link SyncObjects}). */
    long lastSync = -1;
    /** A breakpoint here does not stop the queue's next run: the one a debugger resumes from. */
    public long skipBreakAt = -1;
    /** The next run stops once the call stack is back to this depth (-1: the job's end); MIN_VALUE: never. */
    public int returnWatch = Integer.MIN_VALUE;

    Queue(String name, String vm, Arch arch, long ringBase) {
        this.name = name;
        this.vm = vm;
        this.regs = new int[arch.registerCount()];
        this.frameStart = new long[arch.callDepth()];
        this.frameEnd = new long[arch.callDepth()];
        this.frameReturn = new long[arch.callDepth()];
        this.handlerRaisedBy = new Queue[arch.callDepth()];
        this.ringBase = ringBase;
        this.scoreboard = new Scoreboard(arch.scoreboardEntries(), arch.registerCount(), 0);
    }

    public String name() {
        return name;
    }

    public String vm() {
        return vm;
    }

    /** Whether the tiler job an injected TILER_OOM holds still waits for a handler to run, or to return. */
    boolean oomUnresolved() {
        return oomPending || oomHandledOn != null;
    }

    /** The tiler_oom handler runs on {@code q} for this queue's exception: the queue whose handler frame is at {@code frame}. */
    public String handlerRaisedBy(int frame) {
        Queue by = handlerRaisedBy[frame];
        return by == null ? null : by.name;
    }

    public boolean hasWork() {
        return ended == null && (state != State.IDLE || insert > extract);
    }

    /**
     * Starts the job at the extract pointer: its ring entry becomes the root frame, which ends after the CALL; the
     * entry's instructions after it are the job's end, which {@link Interpreter} runs when the frame is done.
     */
    void startNextJob() {
        long entry = ringBase + extract * RING_ENTRY;
        depth = 0;
        frameStart[0] = entry;
        frameEnd[0] = entry + RING_CALL;
        pc = entry;
        state = State.RUNNING;
    }

    public long register64(int r) {
        return (regs[r] & 0xffff_ffffL) | ((long) regs[r + 1] << 32);
    }

    public void setRegister64(int r, long v) {
        regs[r] = (int) v;
        regs[r + 1] = (int) (v >>> 32);
    }

    /** The last executed instruction addresses, oldest first (at most 64). */
    public long[] recentInstructions() {
        int n = (int) Math.min(executed, history.length);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = history[(int) ((executed - n + i) & (history.length - 1))];
        }
        return out;
    }

    /** The queue's state, to be put back by {@link #restore}. */
    public record Saved(int slot, int csgSlot, long lastResident, int[] regs, long[] frameStart, long[] frameEnd,
                 long[] frameReturn, int depth, long pc, State state, long extract, long[] history, long executed,
                 long kernelExecuted, boolean error, boolean faultFetch, long waitWord, long waitAddress,
                 long waitExpected, long waitCurrent, int waitCond, boolean waitWide, long lastPosition,
                 Scoreboard.Saved scoreboard, StopReason ended, long endedAt, Map<Integer, ExceptionHandler> handlers,
                 long tilerJobs, int handlerFrames, boolean oomPending, int oomEntry, List<RaisedException> raised,
                 Queue oomHandledOn, AsyncOp oomJob, boolean oomHeld, Queue[] handlerRaisedBy, int handlerInterrupts) {
    }

    public Saved save() {
        return new Saved(slot, csgSlot, lastResident, regs.clone(), frameStart.clone(), frameEnd.clone(),
                frameReturn.clone(), depth, pc, state, extract, history.clone(), executed, kernelExecuted, error,
                faultFetch, waitWord, waitAddress, waitExpected, waitCurrent, waitCond, waitWide, lastPosition,
                scoreboard.save(), ended, endedAt, Map.copyOf(handlers), tilerJobs, handlerFrames, oomPending, oomEntry,
                raised, oomHandledOn, oomJob, oomHeld, handlerRaisedBy.clone(), handlerInterrupts);
    }

    public void restore(Saved s) {
        slot = s.slot;
        csgSlot = s.csgSlot;
        lastResident = s.lastResident;
        System.arraycopy(s.regs, 0, regs, 0, regs.length);
        System.arraycopy(s.frameStart, 0, frameStart, 0, frameStart.length);
        System.arraycopy(s.frameEnd, 0, frameEnd, 0, frameStart.length);
        System.arraycopy(s.frameReturn, 0, frameReturn, 0, frameStart.length);
        depth = s.depth;
        pc = s.pc;
        state = s.state;
        extract = s.extract;
        System.arraycopy(s.history, 0, history, 0, history.length);
        executed = s.executed;
        kernelExecuted = s.kernelExecuted;
        error = s.error;
        faultFetch = s.faultFetch;
        waitWord = s.waitWord;
        waitAddress = s.waitAddress;
        waitExpected = s.waitExpected;
        waitCurrent = s.waitCurrent;
        waitCond = s.waitCond;
        waitWide = s.waitWide;
        lastPosition = s.lastPosition;
        scoreboard.restore(s.scoreboard);
        ended = s.ended;
        endedAt = s.endedAt;
        handlers = new TreeMap<>(s.handlers);
        tilerJobs = s.tilerJobs;
        handlerFrames = s.handlerFrames;
        oomPending = s.oomPending;
        oomEntry = s.oomEntry;
        raised = s.raised;
        oomHandledOn = s.oomHandledOn;
        oomJob = s.oomJob;
        oomHeld = s.oomHeld;
        System.arraycopy(s.handlerRaisedBy, 0, handlerRaisedBy, 0, handlerRaisedBy.length);
        handlerInterrupts = s.handlerInterrupts;
        waitSince = -1;
        lastSync = -1;
        skipBreakAt = -1;
        returnWatch = Integer.MIN_VALUE;
    }

    public long[] unsignedRegisters() {
        long[] out = new long[regs.length];
        for (int i = 0; i < regs.length; i++) {
            out[i] = regs[i] & 0xffff_ffffL;
        }
        return out;
    }
}
