package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.ScoreboardMessages;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.runtime.ExceptionHandler;
import dev.csfstudio.runtime.RaisedException;
import dev.csfstudio.program.Program;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import dev.csfstudio.isa.Async;
import dev.csfstudio.isa.Condition;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.Execution;

import static dev.csfstudio.runtime.device.DecodedPage.*;
import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * Executes a queue's instructions. Fetch goes through the MMU (a TLB lookup whenever execution enters
 * another page) into a cache of decoded pages keyed by physical frame; a write to a cached frame drops
 * its decoded copy. The loop keeps its state in locals and allocates nothing per instruction. It stops
 * at a breakpoint stamped into a decoded page ({@link Breakpoints}), after an instruction that wrote a
 * watched range ({@link WriteWatch}) and when a queue returns from the frame a step waits on
 * ({@link Queue#returnWatch}); none of these costs a check per instruction. Whenever it stops, the
 * returns and job ends that need no instruction are done, so a stopped queue is never left at the end of
 * a buffer.
 */
public final class Interpreter {

    static final String STORE_STATE_NOTE = "STORE_STATE writes deterministic counters: system_timestamp = "
            + "instructions executed by all queues so far, cycle_count = instructions executed by the queue, "
            + "disjoint_count = 0, error_state = 1 after a SYNC_WAIT inherited an error";

    /**
     * Outcomes of {@link #run}: no job left; blocked in SYNC_WAIT; the budget or instruction count used; at a
     * breakpoint (not executed); after an instruction that wrote a watched range; back from a watched frame.
     */
    public static final int IDLE = 0, WAITING = 1, SLICE_USED = 2, BREAKPOINT = 3, DATA_WRITTEN = 4, RETURNED = 5;
    /** What {@link #resolve} answers for a stamped slot whose breakpoint stops the run. */
    private static final int STOP = -1;

    private final PhysicalMemory memory;
    private final Mmu mmu;
    private final FragmentClear fragment;
    private final RunRecorder recorder;
    private final Breakpoints breakpoints;
    private final WriteWatch watch;
    private final SyncObjects syncs;
    private final DecodedPage[] decoded;
    private final ActionTable table;
    /** Asynchronous operations: issued, completed as the policy says, and the hazards they meet. */
    final AsyncUnit async;
    /** The device's queues: a tiler out-of-memory reaches the handler another queue of its group installed. */
    List<Queue> queues = List.of();
    /** The one address at which a stamped breakpoint does not stop the current {@link #run} (-1: none). */
    private long skipBreakAt = -1;

    /**
     * What one {@link #run} did: its outcome, the instructions it executed (the kernel ring buffer's included),
     * how many of those the ring buffer ran, the steps of fragment work it charged to its budget, the last
     * completed asynchronous operation that wrote memory (null: none) and what stopped the queue for good (null:
     * nothing did).
     */
    public record Ran(int outcome, long steps, long kernelSteps, long work, AsyncOp applied, Halt halt) {
    }

    /** What stops a queue for good: a fault of an instruction, or a hazard. */
    public sealed interface Halt {
        /** {@code pc}: the instruction that faulted (for a fetch fault, the one that led there). */
        record Fault(GpuFault fault, long pc) implements Halt {
        }

        record Hazard(RunReport.Hazard hazard) implements Halt {
        }
    }

    Interpreter(ActionTable table, PhysicalMemory memory, Mmu mmu, FragmentClear fragment, RunRecorder recorder,
                Breakpoints breakpoints, WriteWatch watch, SyncObjects syncs, RunOptions options) {
        this.table = table;
        this.memory = memory;
        this.mmu = mmu;
        this.fragment = fragment;
        this.recorder = recorder;
        this.breakpoints = breakpoints;
        this.watch = watch;
        this.syncs = syncs;
        this.decoded = new DecodedPage[memory.frameCount()];
        this.async = new AsyncUnit(this, fragment, recorder, options, table.registers);
        memory.setWriteObserver(this::forget);
    }

    ActionTable table() {
        return table;
    }

    Arch arch() {
        return table.arch;
    }

    private DecodedPage page(int frame) {
        DecodedPage p = decoded[frame];
        if (p == null) {
            p = decoded[frame] = DecodedPage.of(frame, memory, table);
            breakpoints.stampInto(frame, p);
            memory.observe(frame);
        }
        return p;
    }

    /** Drops the decoded copy of {@code frame}: its words or its breakpoints changed. */
    public void forget(int frame) {
        decoded[frame] = null;
    }

    /**
     * The entry an asynchronous operation signals by its own fields: its signal slot, or in v12's indirect mode
     * (and for SHARED_SB_INC, which has no slot) the entry SET_STATE.sb_sel_deferred selected.
     */
    private static int signalled(Queue q, Async op, long w) {
        int slot = op.signalSlotOf(w);
        return op.indirect(w) || slot < 0 ? q.scoreboard.deferred : slot;
    }

    /** The entries an asynchronous operation waits for: its wait mask, or in indirect mode SET_STATE.sb_mask_wait. */
    private static int waitedFor(Queue q, Async op, long w) {
        return op.indirect(w) ? q.scoreboard.waitMask : op.waitMaskOf(w);
    }

    /** SET_STATE(_IMM32): a selection (an entry of this architecture) or a mask (of its entries). */
    private void setState(Queue q, long pc, int state, int value) {
        Scoreboard sb = q.scoreboard;
        if (!ScoreboardMessages.isSelection(state) && !ScoreboardMessages.isMask(state)) {
            throw new GpuFault(FaultKind.INVALID_INSTRUCTION, pc, "SET_STATE state " + state + " is not defined"
                    + " (sb_sel_endpoint = 0, sb_sel_other = 1, sb_sel_deferred = 2, sb_mask_stream = 8, sb_mask_wait = 9)");
        }
        Optional<String> past = ScoreboardMessages.stateRange(state, value & 0xffff_ffffL, table.arch.spelling(),
                sb.entries);
        if (past.isPresent()) {
            throw new GpuFault(FaultKind.INVALID_INSTRUCTION, pc, past.get());
        }
        switch (state) {
            case 0 -> sb.endpoint = value;
            case 1 -> sb.other = value;
            case 2 -> sb.deferred = value;
            case 8 -> sb.streamMask = value;
            default -> sb.waitMask = value;
        }
    }

    /**
     * NEXT_SB_ENTRY: the entry after the type's current selection (cyclically) among those of SET_STATE.sb_mask_stream
     * (all entries while it is 0), once nothing is in flight on it; it becomes the selection. The value is its
     * index, or with {@code mask} its bit. Type no_change (0) answers the endpoint selection and changes nothing.
     */
    private int nextEntry(Queue q, int type, boolean mask, long now) {
        Scoreboard sb = q.scoreboard;
        int current = switch (type) {
            case 2 -> sb.other;
            case 3 -> sb.deferred;
            default -> sb.endpoint;
        };
        int next = current;
        if (type != 0) {
            int allowed = sb.streamMask == 0 ? (1 << sb.entries) - 1 : sb.streamMask;
            for (int k = 1; k <= sb.entries; k++) {
                int e = (current + k) % sb.entries;
                if ((allowed & (1 << e)) != 0) {
                    next = e;
                    break;
                }
            }
            async.free(q, next, now);
            switch (type) {
                case 2 -> sb.other = next;
                case 3 -> sb.deferred = next;
                default -> sb.endpoint = next;
            }
        }
        return mask ? 1 << next : next;
    }

    /**
     * The action of slot {@code i}, decoding it on first use; for a stamped slot, {@link #STOP} when its
     * breakpoint stops the run. Only slots the loop's array load cannot run directly come here.
     */
    private int resolve(DecodedPage page, int i, Queue q, long pc) {
        int action = page.op[i];
        if (action < 0) {
            if (pc == skipBreakAt) {
                skipBreakAt = -1;
            } else if (breakpoints.armed && breakpoints.contains(q.vm, pc)) {
                return STOP;
            }
            action &= ~DecodedPage.STAMP;
        }
        return action == UNDECODED ? page.decodeSlot(i) : action;
    }

    /**
     * Runs {@code q} for at most {@code budget} steps (instructions plus the fragment work they charge) and
     * at most {@code instructions} instructions, until it has no job left, waits or stops (see the
     * outcomes). With 0 it only finishes returns and job ends that need no instruction. A breakpoint at
     * {@link Queue#skipBreakAt} (the one a debugger resumes from) does not stop it, nor one on the SYNC_WAIT
     * a waiting queue tries again.
     *
     * A fault or hazard is the result's {@link Ran#halt}.
     *
     * @param clock instructions executed by every queue before this run: the simulated clock
     */
    public Ran run(Queue q, long clock, long budget, long instructions) {
        async.lastApplied = null;
        skipBreakAt = q.state == Queue.State.WAITING ? q.pc : q.skipBreakAt;
        q.skipBreakAt = -1;
        if (q.state == Queue.State.IDLE) {
            if (q.insert <= q.extract) {
                return new Ran(IDLE, 0, 0, 0, null, null);
            }
            q.startNextJob();
        }
        q.state = Queue.State.RUNNING;
        final int slot = q.slot;
        final int[] regs = q.regs;
        final long[] hist = q.history;
        int depth = q.depth;
        long pc = q.pc;
        long start = q.frameStart[depth];
        long end = q.frameEnd[depth];
        DecodedPage page = null;
        int[] ops = null;
        // pc is in the current decoded page and before the buffer end iff (pc - fastLo) < fastLen, unsigned.
        long fastLo = 0;
        long fastLen = 0;
        final long first = q.executed;
        // Fragment work shortens the slice: it is charged against the same budget.
        final long budgetEnd = first + budget;
        long work = 0;
        long limit = first + Math.min(budget, instructions);
        long executed = first;
        long kernel = 0;
        long depth0Since = executed;
        boolean fetching = false;
        boolean returned = false;
        final int watchDepth = q.returnWatch;
        int outcome = SLICE_USED;
        Halt halt = null;
        try {
            while (true) {
                if (Long.compareUnsigned(pc - fastLo, fastLen) >= 0) {
                    if (pc >= end) {
                        fastLen = 0;
                        if (depth == 0) {
                            if (q.oomPending || q.oomHandledOn != null || q.oomHeld) {
                                if (oomBlocks(q, -1, 0, end, clock + executed - first)) {
                                    outcome = WAITING; // the ring's WAIT on every entry waits for the held tiler job
                                    break;
                                }
                            }
                            // The job's CALL is done: the ring entry's job end runs as one step of the device,
                            // then the job has ended (depth -1, for a step out of it).
                            jobEnd(q, end, clock + executed - first);
                            work += takeWork();
                            limit = Math.min(limit, budgetEnd - work);
                            q.extract++;
                            returned |= watchDepth >= -1;
                            if (q.insert > q.extract) {
                                q.startNextJob();
                                pc = q.pc;
                                start = q.frameStart[0];
                                end = q.frameEnd[0];
                                continue;
                            }
                            q.state = Queue.State.IDLE;
                            outcome = IDLE;
                            break;
                        }
                        if ((q.handlerFrames & 1 << depth) != 0) {
                            handlerReturned(q, depth); // a handler's frame returns: the interrupted stream resumes
                        }
                        depth--;
                        if (depth == 0) {
                            depth0Since = executed;
                        }
                        returned |= depth <= watchDepth;
                        pc = q.frameReturn[depth];
                        start = q.frameStart[depth];
                        end = q.frameEnd[depth];
                        continue;
                    }
                    // Returns and job ends are done; the next instruction waits for the next run.
                    if (watch.pending) {
                        outcome = DATA_WRITTEN;
                        break;
                    }
                    if (returned) {
                        outcome = RETURNED;
                        break;
                    }
                    if (executed >= limit) {
                        break;
                    }
                    fetching = true;
                    long pa = mmu.translate(slot, pc, Access.EXECUTE);
                    fetching = false;
                    page = page((int) (pa >>> PhysicalMemory.PAGE_SHIFT));
                    ops = page.op;
                    fastLo = pc & ~PhysicalMemory.PAGE_MASK;
                    fastLen = Math.min(end, fastLo + PhysicalMemory.PAGE_SIZE) - fastLo;
                }
                if (q.scoreboard.count == 0) {
                    pc = straightLine(pc, regs, hist, page, fastLo, fastLen, start, end, executed, limit);
                    executed = straightExecuted;
                    if (Long.compareUnsigned(pc - fastLo, fastLen) >= 0) {
                        continue; // left the page or the buffer: returns are done above before the limit is looked at
                    }
                }
                if (executed >= limit) {
                    break;
                }
                final int i = (int) (pc & PhysicalMemory.PAGE_MASK) >>> 3;
                int action = ops[i];
                if (action <= UNDECODED) {
                    action = resolve(page, i, q, pc);
                    if (action == STOP) {
                        outcome = BREAKPOINT;
                        break;
                    }
                }
                if (q.scoreboard.count != 0) {
                    async.before(q, page, i, action, pc, clock + executed - first, executed);
                    work += takeWork();
                    limit = Math.min(limit, budgetEnd - work);
                }
                hist[(int) executed & 63] = pc;
                executed++;
                switch (action) {
                    case ADD32 -> {
                        regs[page.a[i]] = regs[page.b[i]] + (int) page.imm[i];
                        pc += 8;
                    }
                    case BRANCH_NE -> pc = regs[page.a[i]] != 0 ? branchTarget(pc, page.imm[i], start, end) : pc + 8;
                    case BRANCH_EQ -> pc = regs[page.a[i]] == 0 ? branchTarget(pc, page.imm[i], start, end) : pc + 8;
                    case BRANCH_ALWAYS -> pc = branchTarget(pc, page.imm[i], start, end);
                    case BRANCH -> pc = branchTaken(page.b[i], regs[page.a[i]]) ? branchTarget(pc, page.imm[i], start, end)
                            : pc + 8;
                    case MOVE48 -> {
                        long v = page.imm[i];
                        regs[page.a[i]] = (int) v;
                        regs[page.a[i] + 1] = (int) (v >>> 32);
                        pc += 8;
                    }
                    case MOVE32 -> {
                        regs[page.a[i]] = (int) page.imm[i];
                        pc += 8;
                    }
                    case NOP -> pc += 8;
                    case ADD64 -> {
                        q.setRegister64(page.a[i], q.register64(page.b[i]) + page.imm[i]);
                        pc += 8;
                    }
                    case LOGIC32 -> {
                        regs[page.a[i]] = Execution.logicOp((int) page.imm[i] & 0xf, regs[page.b[i]],
                                page.imm[i] >>> 32 != 0 ? 1 << (regs[page.c[i]] & 31) : regs[page.c[i]]);
                        pc += 8;
                    }
                    case ARITH -> {
                        page.arith[i].apply(regs, page.a[i], page.b[i], page.c[i], page.imm[i]);
                        pc += 8;
                    }
                    case UMIN32 -> {
                        int x = regs[page.b[i]];
                        int y = regs[page.c[i]];
                        regs[page.a[i]] = Integer.compareUnsigned(x, y) <= 0 ? x : y;
                        pc += 8;
                    }
                    case LOAD_MULTIPLE -> {
                        long addr = q.register64(page.b[i]) + page.imm[i];
                        int mask = page.c[i];
                        // Read now; the registers take the values when the load completes.
                        int[] values = new int[16];
                        for (int bit = 0; bit < 16; bit++) {
                            if ((mask & (1 << bit)) != 0) {
                                values[bit] = load32(slot, addr + 4L * bit);
                            }
                        }
                        async.issue(q, pc, "LOAD_MULTIPLE", q.scoreboard.other, 0,
                                new AsyncOp.Load(page.a[i], mask, values), clock + executed - first, executed);
                        pc += 8;
                    }
                    case STORE_MULTIPLE -> {
                        long addr = q.register64(page.b[i]) + page.imm[i];
                        int base = page.a[i];
                        int mask = page.c[i];
                        int[] values = new int[16];
                        for (int bit = 0; bit < 16; bit++) {
                            if ((mask & (1 << bit)) != 0) {
                                values[bit] = regs[base + bit];
                            }
                        }
                        async.issue(q, pc, "STORE_MULTIPLE", q.scoreboard.other, 0,
                                new AsyncOp.Store(addr, base, mask, values), clock + executed - first, executed);
                        fastLen = 0;
                        pc += 8;
                    }
                    case CALL -> {
                        long target = q.register64(page.a[i]);
                        long length = regs[page.b[i]] & 0xffff_ffffL;
                        checkCallTarget("CALL", slot, target, length);
                        if (length == 0) {
                            pc += 8;
                        } else {
                            if (depth + 1 >= q.frameStart.length) {
                                throw new GpuFault(FaultKind.CALL_STACK_OVERFLOW, target, "call stack overflow: CALL "
                                        + GpuFault.hex(target) + " would need frame " + (depth + 2) + " of "
                                        + q.frameStart.length + " (the root frame counts as one)");
                            }
                            q.frameReturn[depth] = pc + 8;
                            if (depth == 0) {
                                kernel += executed - depth0Since;
                            }
                            depth++;
                            fastLen = 0;
                            start = q.frameStart[depth] = target;
                            end = q.frameEnd[depth] = target + length;
                            pc = target;
                        }
                    }
                    case JUMP -> {
                        long target = q.register64(page.a[i]);
                        long length = regs[page.b[i]] & 0xffff_ffffL;
                        checkCallTarget("JUMP", slot, target, length);
                        start = q.frameStart[depth] = target;
                        end = q.frameEnd[depth] = target + length;
                        fastLen = 0;
                        pc = target;
                    }
                    case SYNC_ADD32, SYNC_SET32, SYNC_ADD64, SYNC_SET64 -> {
                        boolean wide = action == SYNC_ADD64 || action == SYNC_SET64;
                        long addr = q.register64(page.a[i]);
                        long value = wide ? q.register64(page.b[i]) : regs[page.b[i]];
                        long w = page.word[i];
                        Async deferred = table.async(table.key(w));
                        if (deferred != null && deferred.asynchronous(w)) {
                            async.issue(q, pc, table.def(table.key(w)).mnemonic(), signalled(q, deferred, w),
                                    waitedFor(q, deferred, w), new AsyncOp.Sync(action, addr, value, page.c[i] != 0, q.error),
                                    clock + executed - first, executed);
                        } else {
                            syncUpdate(q, action, addr, value, page.c[i] != 0, q.error, clock + executed - first);
                        }
                        fastLen = 0;
                        pc += 8;
                    }
                    case SYNC_WAIT32, SYNC_WAIT64 -> {
                        boolean wide = action == SYNC_WAIT64;
                        long addr = q.register64(page.a[i]);
                        long expected = wide ? q.register64(page.b[i]) : regs[page.b[i]] & 0xffff_ffffL;
                        long current = wide ? load64(slot, addr) : load32(slot, addr) & 0xffff_ffffL;
                        syncs.used(q, addr, wide);
                        if (!syncSatisfied(page.c[i], current, expected)) {
                            // Not there yet: yield without consuming the instruction.
                            if (q.waitSince < 0) {
                                q.waitSince = clock + executed - 1 - first;
                            }
                            executed--;
                            q.waitAddress = addr;
                            q.waitExpected = expected;
                            q.waitCurrent = current;
                            q.waitWord = page.word[i];
                            q.waitCond = page.c[i];
                            q.waitWide = wide;
                            q.state = Queue.State.WAITING;
                            outcome = WAITING;
                            break;
                        }
                        long now = clock + executed - 1 - first;
                        async.syncWaited(q, pc, q.waitSince < 0 ? now : q.waitSince, now, "sync object at "
                                + GpuFault.hex(addr) + " " + Condition.ofOrdinal(page.c[i]).name().toLowerCase(java.util.Locale.ROOT)
                                + " " + expected);
                        q.waitSince = -1;
                        long status = wide ? load64(slot, addr + 8) : load32(slot, addr + 4);
                        if (status != 0) {
                            if (page.imm[i] != 0) {
                                throw new GpuFault(FaultKind.SYNC_ERROR, addr, "sync object at " + GpuFault.hex(addr)
                                        + " signalled an error (status word " + status + ") and the wait rejects errors");
                            }
                            q.error = true;
                        }
                        pc += 8;
                    }
                    case STORE_STATE -> {
                        long addr = q.register64(page.a[i]) + page.imm[i];
                        long value = switch (page.b[i]) {
                            case 0 -> clock + executed - first;            // system timestamp: the simulated clock
                            case 1 -> executed;                   // cycle count: this queue's instructions
                            case 2 -> 0;                          // disjoint count: the clock never jumps
                            default -> q.error ? 1 : 0;           // error state
                        };
                        long w = page.word[i];
                        Async deferred = table.async(table.key(w));
                        if (deferred != null && deferred.asynchronous(w)) {
                            async.issue(q, pc, "STORE_STATE", signalled(q, deferred, w), waitedFor(q, deferred, w),
                                    new AsyncOp.StoreState(addr, value), clock + executed - first, executed);
                        } else {
                            store64(slot, addr, value);
                        }
                        recorder.note(STORE_STATE_NOTE);
                        fastLen = 0;
                        pc += 8;
                    }
                    case RUN_FRAGMENT -> {
                        recorder.job(q, pc, page.word[i]);
                        FragmentClear.Plan plan = fragment.plan(q, pc, page.word[i]);
                        async.issue(q, pc, "RUN_FRAGMENT", q.scoreboard.endpoint, 0, new AsyncOp.Fragment(plan),
                                clock + executed - first, executed);
                        work += takeWork();
                        limit = Math.min(limit, budgetEnd - work);
                        fastLen = 0;
                        pc += 8;
                    }
                    case RECORDED -> {
                        long w = page.word[i];
                        recorder.record(q, pc, w);
                        Async op = table.async(table.key(w));
                        int entry = -1;
                        if (op != null && op.asynchronous(w)) {
                            entry = switch (op.kind()) {
                                case ENDPOINT -> q.scoreboard.endpoint;
                                case OTHER -> q.scoreboard.other;
                                case SIGNAL, DEFERRED -> signalled(q, op, w);
                            };
                            async.issue(q, pc, table.def(table.key(w)).mnemonic(), entry, waitedFor(q, op, w),
                                    new AsyncOp.Nothing(), clock + executed - first, executed);
                        }
                        pc += 8;
                        if (!q.injected.isEmpty() && TILER_JOBS.contains(table.def(table.key(w)).mnemonic())) {
                            q.tilerJobs++;
                            ExceptionHandler h = tilerOom(q, pc - 8, entry, clock + executed - first);
                            if (h != null) {
                                // The firmware runs the handler on the CS's own registers, in a frame of its own
                                // that returns, like a CALLed stream, to the instruction after the tiler job.
                                depth = enterHandler(q, slot, h, depth, pc, null);
                                fastLen = 0;
                                start = q.frameStart[depth];
                                end = q.frameEnd[depth];
                                pc = h.address();
                            }
                        }
                    }
                    case WAIT -> {
                        if (q.oomPending || q.oomHandledOn != null || q.oomHeld) {
                            int mask = table.scoreboard(table.key(page.word[i])).waitMask(page.word[i]);
                            if (oomBlocks(q, mask == dev.csfstudio.isa.Scoreboard.INDIRECT ? q.scoreboard.waitMask
                                    : mask, page.word[i], pc, clock + executed - 1 - first)) {
                                executed--; // not consumed: it runs again once the handler has returned
                                outcome = WAITING;
                                break;
                            }
                        }
                        if (q.scoreboard.count != 0) {
                            // v12's WAIT.indirect waits for the mask SET_STATE.sb_mask_wait set
                            long w = page.word[i];
                            int mask = table.scoreboard(table.key(w)).waitMask(w);
                            async.waitFor(q, mask == dev.csfstudio.isa.Scoreboard.INDIRECT ? q.scoreboard.waitMask : mask,
                                    pc, clock + executed - first);
                            work += takeWork();
                            limit = Math.min(limit, budgetEnd - work);
                            fastLen = 0;
                        } else if (recorder.keepsWait(q, pc)) {
                            long w = page.word[i];
                            int mask = table.scoreboard(table.key(w)).waitMask(w);
                            recorder.waited(q, pc, mask == dev.csfstudio.isa.Scoreboard.INDIRECT
                                    ? q.scoreboard.waitMask : mask, java.util.List.of());
                        }
                        pc += 8;
                    }
                    case SET_SB_ENTRY -> {
                        int entries = q.scoreboard.entries;
                        if (page.a[i] >= entries || page.b[i] >= entries) {
                            // The words of the assembler's scoreboard-entry-range warning at the same line.
                            int past = (page.a[i] >= entries ? 1 << Math.min(page.a[i], 31) : 0)
                                    | (page.b[i] >= entries ? 1 << Math.min(page.b[i], 31) : 0);
                            throw new GpuFault(FaultKind.INVALID_INSTRUCTION, pc, dev.csfstudio.isa.ScoreboardMessages
                                    .entryRange("SET_SB_ENTRY", past, table.arch.spelling(), entries));
                        }
                        q.scoreboard.endpoint = page.a[i];
                        q.scoreboard.other = page.b[i];
                        pc += 8;
                    }
                    case SET_STATE, SET_STATE_IMM -> {
                        setState(q, pc, page.b[i], action == SET_STATE ? regs[page.a[i]] : (int) page.imm[i]);
                        pc += 8;
                    }
                    case NEXT_SB_ENTRY -> {
                        regs[page.a[i]] = nextEntry(q, page.b[i], page.c[i] == 1, clock + executed - first);
                        work += takeWork();
                        limit = Math.min(limit, budgetEnd - work);
                        fastLen = 0;
                        pc += 8;
                    }
                    case SHARED_SB_INC -> {
                        long w = page.word[i];
                        Async op = table.async(table.key(w));
                        int shared = page.a[i];
                        if (op.asynchronous(w)) {
                            async.issue(q, pc, "SHARED_SB_INC", signalled(q, op, w), waitedFor(q, op, w),
                                    new AsyncOp.SharedIncrement(shared), clock + executed - first, executed);
                        } else {
                            q.scoreboard.shared[shared]++;
                        }
                        pc += 8;
                    }
                    case SHARED_SB_DEC -> {
                        int shared = page.a[i];
                        if (q.scoreboard.shared[shared] == 0
                                && !async.raiseShared(q, shared, clock + executed - first)) {
                            throw new GpuFault(FaultKind.DEADLOCK, pc, "SHARED_SB_DEC #" + shared + ": shared"
                                    + " scoreboard entry " + shared + " is 0 and no SHARED_SB_INC on it is in flight;"
                                    + " the model keeps shared entries per queue, so no other queue can raise it: the"
                                    + " queue would wait forever");
                        }
                        work += takeWork();
                        limit = Math.min(limit, budgetEnd - work);
                        q.scoreboard.shared[shared]--;
                        fastLen = 0;
                        pc += 8;
                    }
                    case ERROR_BARRIER -> {
                        q.error = false;
                        pc += 8;
                    }
                    case SET_EXCEPTION_HANDLER -> {
                        Delivery d = installHandler(q, pc, (int) page.imm[i], q.register64(page.a[i]),
                                regs[page.b[i]] & 0xffff_ffffL);
                        pc += 8;
                        if (d != null) {
                            // A pending tiler out-of-memory (of this queue or another of its group) reaches the
                            // handler just installed.
                            depth = enterHandler(q, slot, d.handler(), depth, pc, d.raising());
                            fastLen = 0;
                            start = q.frameStart[depth];
                            end = q.frameEnd[depth];
                            pc = d.handler().address();
                        }
                    }
                    case UNKNOWN -> throw new GpuFault(FaultKind.UNKNOWN_OPCODE, pc, "unknown opcode "
                            + (page.word[i] >>> 56) + " (" + Disassembler.unknownText(page.word[i]) + ")");
                    default -> throw new GpuFault(FaultKind.INVALID_INSTRUCTION, pc, page.invalidReason(i));
                }
                if (outcome == WAITING) {
                    break;
                }
            }
        } catch (GpuFault f) {
            halt = new Halt.Fault(f, async.completing >= 0 ? async.completing
                    : fetching && executed > 0 ? hist[(int) (executed - 1) & 63] : pc);
            async.completing = -1;
            q.faultFetch = fetching;
        } catch (HazardStop h) {
            halt = new Halt.Hazard(h.hazard);
        } finally {
            if (depth == 0) {
                kernel += executed - depth0Since;
            }
            q.pc = pc;
            q.depth = depth;
            q.executed = executed;
            q.kernelExecuted += kernel;
        }
        return new Ran(outcome, executed - first, kernel, work, async.lastApplied, halt);
    }

    /**
     * Completes everything in flight on {@code q} (every queue with work is blocked: the latest moment the
     * hardware allows); the fault of the operation that failed, or null.
     */
    public Halt.Fault drain(Queue q, long now) {
        try {
            async.drain(q, now);
            return null;
        } catch (GpuFault f) {
            Halt.Fault fault = new Halt.Fault(f, async.completing);
            async.completing = -1;
            return fault;
        }
    }

    /**
     * The job's end: the ring entry's instructions after the job's CALL, from {@code from} to the entry's end, as
     * panthor's {@code prepare_job_instrs} writes them (MOVE48 of the completion sync object's address and of the
     * increment 1, WAIT on every scoreboard entry, SYNC_ADD64.propagate_err, ERROR_BARRIER). They run as one
     * indivisible step when the job's CALL returns: they take no position, no step of the budget and no
     * instruction of a step, a breakpoint on them does not stop, and no stop is ever between them, so the user's
     * stream is left as before the model had them (a step out of it lands where the job ends). The words run are
     * those in the ring buffer's memory.
     */
    private void jobEnd(Queue q, long from, long now) {
        long to = q.frameStart[0] + Queue.RING_ENTRY;
        for (long pc = from; pc < to; pc += 8) {
            DecodedPage page = page((int) (mmu.translate(q.slot, pc, Access.EXECUTE) >>> PhysicalMemory.PAGE_SHIFT));
            int i = (int) (pc & PhysicalMemory.PAGE_MASK) >>> 3;
            int action = page.op[i];
            if (action < 0) {
                action &= ~DecodedPage.STAMP;
            }
            if (action == UNDECODED) {
                action = page.decodeSlot(i);
            }
            switch (action) {
                case MOVE48 -> q.setRegister64(page.a[i], page.imm[i]);
                case WAIT -> {
                    int mask = table.scoreboard(table.key(page.word[i])).waitMask(page.word[i]);
                    if (q.scoreboard.count != 0) {
                        async.waitFor(q, mask, pc, now, false);
                    }
                }
                case SYNC_ADD64 -> {
                    // The job's completion sync object (not one of the program's: SyncObjects does not list it)
                    long addr = q.register64(page.a[i]);
                    long updated = load64(q.slot, addr) + q.register64(page.b[i]);
                    store64(q.slot, addr, updated);
                    if (page.c[i] != 0) {
                        store64(q.slot, addr + 8, q.error ? 1 : 0);
                    }
                    async.syncValue(q, addr, now, updated);
                }
                case ERROR_BARRIER -> q.error = false;
                case NOP -> {
                }
                default -> throw new IllegalStateException("the ring buffer's job end at " + GpuFault.hex(pc)
                        + " holds an instruction it does not have (action " + action + ")");
            }
        }
    }

    /**
     * SET_EXCEPTION_HANDLER: the handler of {@code type} becomes the stream at {@code address} of {@code length}
     * bytes, replacing the type's last one. The model raises no exception a handler takes but the tiler
     * out-of-memory a program injects (genxml's "CS Exception type" names only tiler out-of-memory, and the model
     * has no tiler), so the run notes once per type that a handler no injection can reach never runs. A tiler_oom
     * handler of non-zero length takes the exception pending on this queue, else on another queue of its group:
     * what to enter now, or null.
     */
    private Delivery installHandler(Queue q, long pc, int type, long address, long length) {
        String name = typeName(type);
        ExceptionHandler h = new ExceptionHandler(type, name, address, length, pc);
        q.handlers.put(type, h);
        if (!name.equals(TILER_OOM) || group(q).stream().allMatch(m -> m.injected.isEmpty())) {
            recorder.note(handlerNote(name, type));
        }
        if (!name.equals(TILER_OOM) || length == 0) {
            return null;
        }
        Queue raising = q.oomPending ? q : null;
        for (Queue m : group(q)) {
            if (raising == null && m.oomPending) {
                raising = m;
            }
        }
        if (raising == null) {
            return null;
        }
        raising.oomPending = false;
        handled(raising, address, raising == q ? null : q);
        if (raising != q) {
            raising.oomHandledOn = q;
        }
        return new Delivery(h, raising == q ? null : raising);
    }

    /** A pending exception that a handler just installed takes: the handler, and the raising queue (null: its own). */
    private record Delivery(ExceptionHandler handler, Queue raising) {
    }

    /** The queues of {@code q}'s group that still run (q among them), in CS slot order. */
    private List<Queue> group(Queue q) {
        List<Queue> out = new ArrayList<>();
        for (Queue m : queues) {
            if (m.group.equals(q.group) && m.ended == null) {
                out.add(m);
            }
        }
        return out.isEmpty() ? List.of(q) : out;
    }

    /** The last exception {@code q} raised was handled by the handler at {@code address}, on queue {@code on}. */
    private static void handled(Queue q, long address, Queue on) {
        List<RaisedException> raised = new ArrayList<>(q.raised);
        RaisedException r = raised.get(raised.size() - 1);
        raised.set(raised.size() - 1, new RaisedException(r.type(), r.tilerJob(), r.va(), r.line(), r.injectedBy(),
                address, on == null ? null : on.name));
        q.raised = List.copyOf(raised);
    }

    private String typeName(int type) {
        var e = table.arch.instructionSet().enums().get(EXCEPTION_TYPE_ENUM);
        return e == null ? String.valueOf(type) : e.nameOf(type).orElse(String.valueOf(type));
    }

    /** The architecture tables' enumeration of SET_EXCEPTION_HANDLER's exception types. */
    static final String EXCEPTION_TYPE_ENUM = "exception_type";
    /** genxml's name of the tiler out-of-memory exception type. */
    static final String TILER_OOM = "tiler_oom";
    /** The instructions whose job runs the tiler, the only ones that can run out of tiler heap memory. */
    static final java.util.Set<String> TILER_JOBS = java.util.Set.of("RUN_TILING", "RUN_IDVS", "RUN_IDVS2");

    /** The note a run carries once per exception type a handler was installed for that the model cannot raise. */
    static String handlerNote(String name, int type) {
        return "SET_EXCEPTION_HANDLER installed a handler for exception type " + name + " (" + type + "): " + (name.equals(
                TILER_OOM) ? "the model raises it only where .inject tiler_oom, job=N says (tiler out-of-memory needs a"
                + " tiler, which the model does not have) and no .inject names a queue of this queue's group"
                : "the model never raises it (genxml names no such exception type)") + ", so the handler never runs";
    }

    /** The enabled tiler_oom handler {@code q} installed, or null (none, or one of length 0, which disables it). */
    private static ExceptionHandler tilerOomHandler(Queue q) {
        ExceptionHandler h = null;
        for (ExceptionHandler installed : q.handlers.values()) {
            if (installed.typeName().equals(TILER_OOM) && installed.length() != 0) {
                h = installed;
            }
        }
        return h;
    }

    /**
     * The queue's tiler job at {@code pc} (its {@link Queue#tilerJobs}-th, signalling {@code entry}) runs out of heap
     * memory when the program injected it. The firmware delivers the exception to the tiler_oom handler of the CS
     * that raised it, else to the one another CS of the group installed (panvk installs its handler on the fragment
     * subqueue, which waits for the tiling meanwhile): the raising queue's own handler to run now, or null (none is
     * installed there; the tiler job then stays incomplete until a handler of the group has run and returned), or
     * null when nothing is injected there.
     */
    private ExceptionHandler tilerOom(Queue q, long pc, int entry, long now) {
        Program.Injection inj = q.injected.get(q.tilerJobs);
        if (inj == null) {
            return null;
        }
        ExceptionHandler h = tilerOomHandler(q);
        Queue on = null;
        if (h == null) {
            for (Queue m : group(q)) {
                ExceptionHandler other = m == q ? null : tilerOomHandler(m);
                if (other != null && m.state != Queue.State.IDLE && on == null) {
                    on = m;
                    h = other;
                }
            }
        }
        List<RaisedException> raised = new ArrayList<>(q.raised);
        raised.add(new RaisedException(TILER_OOM, q.tilerJobs, pc, recorder.lineAt(q.vm, pc), inj.declaration(),
                h == null ? -1 : h.address(), on == null ? null : on.name));
        q.raised = List.copyOf(raised);
        dev.csfstudio.program.SourceRange line = recorder.lineAt(q.vm, pc);
        recorder.note("queue " + q.name + ": TILER_OOM injected (.inject" + (inj.declaration() == null ? ""
                : " at line " + inj.declaration().line()) + "): its tiler job " + q.tilerJobs + " at "
                + (line == null ? GpuFault.hex(pc) : "line " + line.line()) + " ran out of tiler heap memory; "
                + (h == null ? "no tiler_oom exception handler is installed in its group, so the exception stays"
                + " pending until one is" : on == null ? "the firmware ran the tiler_oom exception handler at "
                + GpuFault.hex(h.address()) + " and the queue resumed after the tiler job"
                : "the firmware ran the tiler_oom exception handler at " + GpuFault.hex(h.address()) + " on queue "
                + on.name + " of its group, which installed it, and the tiler job completed once it returned"));
        q.oomEntry = entry;
        if (on == null && h != null) {
            return h;
        }
        q.oomJob = null;
        for (AsyncOp op : q.scoreboard.on(entry < 0 ? 0 : 1 << entry)) {
            if (op.va() == pc) {
                q.oomJob = op;
            }
        }
        if (h == null) {
            q.oomPending = true;
        } else {
            q.oomHandledOn = on;
            deliver(on, h, q);
        }
        return null;
    }

    /**
     * The firmware interrupts {@code on} (another queue of {@code raising}'s group, not running now) to run its
     * tiler_oom handler {@code h} for {@code raising}'s exception: in a frame of its own on {@code on}'s registers,
     * returning to the instruction {@code on} would have run next. A queue blocked in a SYNC_WAIT (or a WAIT held by
     * a tiler job of its own) leaves it for the handler and runs it again when the handler returns.
     */
    private void deliver(Queue on, ExceptionHandler h, Queue raising) {
        if (on.state == Queue.State.WAITING) {
            if (on.waitSince >= 0 && !on.oomHeld) {
                async.syncWaited(on, on.pc, on.waitSince, on.waitSince, "sync object at " + GpuFault.hex(on.waitAddress)
                        + " (interrupted by the tiler_oom exception handler for queue " + raising.name + "'s TILER_OOM)");
            }
            on.waitSince = -1;
            on.oomHeld = false;
            on.state = Queue.State.RUNNING;
        }
        on.depth = enterHandler(on, on.slot, h, on.depth, on.pc, raising);
        on.handlerInterrupts |= 1 << on.depth;
        on.pc = h.address();
    }

    /** The handler frame {@code frame} of {@code q} returns: the tiler job it held (another queue's) completes. */
    private static void handlerReturned(Queue q, int frame) {
        q.handlerFrames &= ~(1 << frame);
        q.handlerInterrupts &= ~(1 << frame);
        Queue raising = q.handlerRaisedBy[frame];
        q.handlerRaisedBy[frame] = null;
        if (raising != null && raising.oomHandledOn == q) {
            raising.oomHandledOn = null;
        }
    }

    /**
     * Enters the tiler_oom handler {@code h} from frame {@code depth}, returning to {@code returnTo}: the firmware runs
     * it on the CS's own registers in a frame of its own, like a CALLed stream; {@code raising}: the other queue of
     * the group whose exception it handles (null: this queue's). Returns the handler's frame.
     */
    private int enterHandler(Queue q, int slot, ExceptionHandler h, int depth, long returnTo, Queue raising) {
        checkCallTarget("the tiler_oom exception handler", slot, h.address(), h.length());
        if (depth + 1 >= q.frameStart.length) {
            throw new GpuFault(FaultKind.CALL_STACK_OVERFLOW, h.address(), "call stack overflow:"
                    + " the tiler_oom exception handler would need frame " + (depth + 2) + " of "
                    + q.frameStart.length + " of queue " + q.name + " (the root frame counts as one)");
        }
        q.frameReturn[depth] = returnTo;
        int frame = depth + 1;
        q.handlerFrames |= 1 << frame;
        q.handlerRaisedBy[frame] = raising;
        q.frameStart[frame] = h.address();
        q.frameEnd[frame] = h.address() + h.length();
        return frame;
    }

    /**
     * A WAIT on {@code mask} (its word {@code word}; -1: the ring's job end) at {@code pc} while an injected tiler
     * out-of-memory holds {@code q}'s tiler job: whether the queue blocks there (state WAITING, the instruction not
     * consumed) until the handler has run and returned. It blocks when it waits for the tiler job's entry or for an
     * operation that waits on it, the handler runs (or may still be installed) on another queue of the group; with
     * the exception pending and no other queue of the group left to install a handler it would wait forever: a
     * deadlock fault. Once the handler has returned the wait goes on (its span ends on the timeline).
     */
    private boolean oomBlocks(Queue q, int mask, long word, long pc, long now) {
        if (!q.oomUnresolved()) {
            if (q.oomHeld) {
                RaisedException r = q.raised.get(q.raised.size() - 1);
                async.heldWaited(q, pc, word == 0 ? (1 << q.scoreboard.entries) - 1 : mask, word == 0,
                        q.waitSince < 0 ? now : q.waitSince, now, "the tiler job at "
                        + GpuFault.hex(r.va()) + ", held by TILER_OOM until the tiler_oom exception handler"
                        + (r.handledOn() == null ? "" : " on queue " + r.handledOn()) + " returned");
                q.oomHeld = false;
                q.waitSince = -1;
            }
            return false;
        }
        if (mask != -1 && (q.oomEntry < 0 || (mask & 1 << q.oomEntry) == 0) && !async.heldOn(q, mask)) {
            return false;
        }
        if (q.oomPending && group(q).stream().noneMatch(m -> m != q && m.hasWork())) {
            pendingWait(q, mask, pc);
        }
        if (q.waitSince < 0) {
            q.waitSince = now;
        }
        q.oomHeld = true;
        q.waitWord = word;
        q.waitAddress = q.raised.get(q.raised.size() - 1).va();
        q.state = Queue.State.WAITING;
        return true;
    }

    /** What a queue {@link Queue#oomHeld} waits for, as a deadlock or the debugger says it. */
    public static String heldFor(Queue q) {
        RaisedException r = q.raised.get(q.raised.size() - 1);
        return "its tiler job at " + GpuFault.hex(r.va()) + " to complete, held by TILER_OOM (injected at tiler job "
                + r.tilerJob() + ") until " + (q.oomHandledOn != null ? "the tiler_oom exception handler on queue "
                + q.oomHandledOn.name + " returns" : "a queue of group " + q.group + " installs a tiler_oom exception"
                + " handler and it returns");
    }

    /** Whether {@code q} waits for a tiler job an injected TILER_OOM holds. */
    public static boolean oomHeld(Queue q) {
        return q.oomHeld;
    }

    /**
     * A WAIT on {@code mask} (-1: the ring's job end) while an injected tiler out-of-memory is pending and no other
     * queue of the group is left to install a handler: when it waits for the tiler job's entry, the queue would wait
     * forever (the job does not complete before a handler has run, and the CS cannot install one while it waits):
     * a deadlock fault.
     */
    private void pendingWait(Queue q, int mask, long pc) {
        RaisedException r = q.raised.get(q.raised.size() - 1);
        throw new GpuFault(FaultKind.DEADLOCK, pc, (mask == -1 ? "the job's end (the ring's WAIT on every scoreboard"
                + " entry)" : "WAIT " + GpuFault.hex(mask)) + " waits for the tiler job at " + GpuFault.hex(r.va())
                + ", which ran out of tiler heap memory (TILER_OOM injected by .inject" + (r.injectedBy() == null ? ""
                : " at line " + r.injectedBy().line()) + ") with no tiler_oom exception handler installed: the firmware"
                + " leaves the exception pending until SET_EXCEPTION_HANDLER installs one, so the tiler job never"
                + " completes and the queue would wait forever (on hardware: panthor's job timeout)");
    }

    /** Steps of fragment work the asynchronous unit's completions charged since last taken. */
    private long takeWork() {
        long w = async.work;
        async.work = 0;
        return w;
    }

    /**
     * SYNC_ADD/SYNC_SET of {@code action} ({@link DecodedPage}'s constant): the sync object at {@code addr} takes
     * {@code value} (added or set), and its status word {@code error} when {@code propagate}: the CS's error state
     * when the instruction was issued, so an ERROR_BARRIER right after a deferred one (panthor's job ring ends each
     * job with SYNC_ADD64.propagate_err, then ERROR_BARRIER) does not clear what it reports.
     */
    void syncUpdate(Queue q, int action, long addr, long value, boolean propagate, boolean error, long now) {
        int slot = q.slot;
        long updated;
        if (action == SYNC_ADD32 || action == SYNC_SET32) {
            int old = load32(slot, addr);
            int next = action == SYNC_ADD32 ? old + (int) value : (int) value;
            store32(slot, addr, next);
            if (propagate) {
                store32(slot, addr + 4, error ? 1 : 0);
            }
            syncs.used(q, addr, false);
            updated = next & 0xffff_ffffL;
        } else {
            long old = load64(slot, addr);
            updated = action == SYNC_ADD64 ? old + value : value;
            store64(slot, addr, updated);
            if (propagate) {
                store64(slot, addr + 8, error ? 1 : 0);
            }
            syncs.used(q, addr, true);
        }
        async.syncValue(q, addr, now, updated);
    }

    /** Executed-instruction count after {@link #straightLine}. */
    private long straightExecuted;

    /**
     * Runs arithmetic, moves and taken-or-not BRANCH.ne while they stay inside the decoded page and the
     * buffer: a loop small enough for the JIT to keep in registers. {@code pc} is in the page's part of the
     * buffer and stays there, so the loop's own test is one signed compare besides an int count down of the
     * instructions left, and a taken branch's check is inline (C1 compiles an unsigned compare to branches that make -1, 0 or 1 first,
     * and did not inline the faulting check's method: the two made each instruction about 1.5x as slow
     * under C1, the compiler `csf run` uses). It stops before any other
     * instruction and before a taken branch whose target leaves the page or the buffer: the caller executes
     * that one as every other, so a branch that faults reports its own line and counts as executed. Returns
     * the next pc.
     */
    private long straightLine(long pc, int[] regs, long[] hist, DecodedPage page, long fastLo, long fastLen,
                              long start, long end, long executed, long limit) {
        final int[] ops = page.op;
        final int[] opA = page.a;
        final int[] opB = page.b;
        final long[] opImm = page.imm;
        final long lo = Math.max(start, fastLo);
        final long hi = fastLo + fastLen;
        final int room = (int) Math.min(limit - executed, Integer.MAX_VALUE);
        int left = room;
        int h = (int) executed;
        // pc stays in [lo, hi): it only moves forward by 8 or to a branch target checked to be there
        while (left > 0 && pc < hi) {
            final int k = (int) (pc - fastLo) >>> 3;
            final int op = ops[k];
            if (op == ADD32) {
                regs[opA[k]] = regs[opB[k]] + (int) opImm[k];
            } else if (op == BRANCH_NE) {
                if (regs[opA[k]] != 0) {
                    long target = pc + 8 + opImm[k] * 8;
                    if (target < lo || target >= hi) {
                        break; // leaves the page or the buffer: the caller's branch does it, or faults
                    }
                    hist[h++ & 63] = pc;
                    left--;
                    pc = target;
                    continue;
                }
            } else if (op == MOVE32) {
                regs[opA[k]] = (int) opImm[k];
            } else {
                break;
            }
            hist[h++ & 63] = pc;
            left--;
            pc += 8;
        }
        straightExecuted = executed + (room - left);
        return pc;
    }

    private static long branchTarget(long pc, long offset, long start, long end) {
        long target = pc + 8 + offset * 8;
        if (target < start || target > end) {
            throw new GpuFault(FaultKind.BRANCH_OUT_OF_BUFFER, target, "branch target " + GpuFault.hex(target)
                    + " is outside the buffer [" + GpuFault.hex(start) + ", " + GpuFault.hex(end) + ")");
        }
        return target;
    }

    private void checkCallTarget(String what, int slot, long target, long length) {
        if ((target & 7) != 0 || (length & 7) != 0) {
            throw new GpuFault(FaultKind.UNALIGNED_CALL, target, what + " to " + GpuFault.hex(target) + " for "
                    + length + " bytes: address and length must be multiples of 8");
        }
        if (length == 0) {
            return;
        }
        if (!AddressSpace.validVa(target) || !AddressSpace.validVa(target + length - 1)) {
            throw new GpuFault(FaultKind.CALL_OUT_OF_BOUNDS, target, what + " range [" + GpuFault.hex(target) + ", "
                    + GpuFault.hex(target + length) + ") leaves the 48-bit GPU address space");
        }
        mmu.translate(slot, target, Access.EXECUTE);
        for (long page = (target >>> 12) + 1; page <= (target + length - 1) >>> 12; page++) {
            long va = page << 12;
            try {
                mmu.translate(slot, va, Access.EXECUTE);
            } catch (GpuFault f) {
                throw new GpuFault(FaultKind.CALL_OUT_OF_BOUNDS, va, what + " range [" + GpuFault.hex(target) + ", "
                        + GpuFault.hex(target + length) + ") runs into unmapped memory at " + GpuFault.hex(va));
            }
        }
    }

    /** {@code cond} is a {@link Condition} ordinal; the register's value is compared with 0, signed. */
    static boolean branchTaken(int cond, int v) {
        return Condition.ofOrdinal(cond).holds(Integer.compare(v, 0));
    }

    /** Sync object values are sequence numbers: compared unsigned. {@code cond} is a {@link Condition} ordinal. */
    static boolean syncSatisfied(int cond, long current, long expected) {
        return Condition.ofOrdinal(cond).holds(Long.compareUnsigned(current, expected));
    }

    int load32(int slot, long va) {
        aligned(va, 4);
        return memory.read32(mmu.translate(slot, va, Access.READ));
    }

    long load64(int slot, long va) {
        aligned(va, 8);
        return memory.read64(mmu.translate(slot, va, Access.READ));
    }

    void store32(int slot, long va, int value) {
        aligned(va, 4);
        long pa = mmu.translate(slot, va, Access.WRITE);
        if (watch.watches(pa)) {
            watch.writing(pa, 4);
        }
        memory.write32(pa, value);
    }

    void store64(int slot, long va, long value) {
        aligned(va, 8);
        long pa = mmu.translate(slot, va, Access.WRITE);
        if (watch.watches(pa)) {
            watch.writing(pa, 8);
        }
        memory.write64(pa, value);
    }

    private static void aligned(long va, int size) {
        if ((va & (size - 1)) != 0) {
            throw new GpuFault(FaultKind.UNALIGNED_ACCESS, va, size * 8 + "-bit access at " + GpuFault.hex(va)
                    + " is not " + size + "-byte aligned");
        }
    }
}
