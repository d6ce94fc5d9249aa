package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.ScoreboardMessages;
import dev.csfstudio.program.SourceRange;

import java.util.ArrayList;
import java.util.List;
import dev.csfstudio.runtime.Completion;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * The device's asynchronous side: issues operations onto their queue's {@link Scoreboard}, completes them as the
 * {@link Completion} policy says (their effects become visible then), and catches the instructions that race
 * one still in flight: a read of a register an in-flight load will write, a write of a register an in-flight load
 * will write or an in-flight store still reads (mesa's load/store tracker flushes on both), a load, store or sync
 * access to memory an in-flight store or fragment job writes (and a load or store of a sync object a deferred sync
 * operation will update), and a deferred operation waiting on the entry it signals. A hazard stops the run ({@link HazardStop}) or, with {@link RunOptions.HazardMode#IGNORE}, is listed
 * while the run goes on with the stale value.
 */
final class AsyncUnit {

    private final Interpreter interpreter;
    private final FragmentClear fragment;
    private final RunRecorder recorder;
    private final boolean eager;
    private final boolean random;
    private final boolean stop;
    private final boolean timeline;
    /** Which registers an instruction reads and writes: the tables' one description ({@code RegisterAccess}). */
    private final dev.csfstudio.isa.RegisterAccess access;
    private final long[] fragmentReads;
    private final long[] reads;
    private final long[] writes;
    /**
     * Operations one entry holds in flight at most: issuing one more first completes the entry's oldest (the
     * command stream stalls until the hardware takes it). The hardware's depth is not public; this is the model's.
     */
    static final int ENTRY_DEPTH = 16;
    /** Steps of fragment work completions charged since the interpreter last took them. */
    long work;
    /** The operation being completed (its instruction's address), -1 between completions: a fault's place. */
    long completing = -1;
    /** The last operation completed since the machine cleared it: what wrote when a data breakpoint hits. */
    AsyncOp lastApplied;

    AsyncUnit(Interpreter interpreter, FragmentClear fragment, RunRecorder recorder, RunOptions options, int registers) {
        this.interpreter = interpreter;
        this.fragment = fragment;
        this.recorder = recorder;
        this.eager = options.completion() instanceof Completion.Eager;
        this.random = options.completion() instanceof Completion.Random;
        this.stop = options.hazards() == RunOptions.HazardMode.STOP;
        this.timeline = options.timeline();
        this.reads = new long[(registers + 63) >>> 6];
        this.writes = new long[reads.length];
        this.access = new dev.csfstudio.isa.RegisterAccess(registers);
        this.fragmentReads = new long[reads.length];
        FramebufferDescriptor.Layout layout = interpreter.table().fragment;
        if (layout != null) {
            set(fragmentReads, layout.framebufferPointer, 2);
            set(fragmentReads, layout.bboxMin, 1);
            set(fragmentReads, layout.bboxMax, 1);
        }
    }

    /** The random policy's generator state for the queue at {@code index} (never 0: xorshift stays at 0). */
    static long seed(Completion completion, int index) {
        long seed = completion instanceof Completion.Random r ? r.seed() : 0;
        long mixed = (seed + 0x9E3779B97F4A7C15L * (index + 1)) * 0xBF58476D1CE4E5B9L;
        return mixed == 0 ? 1 : mixed;
    }

    // ---------------------------------------------------------------- issue and completion

    /**
     * Issues the operation of the instruction at {@code pc} of {@code q} onto {@code entry}, after the operations
     * in flight on the entries of {@code waitMask}; with eager completion it completes at once. {@code now} is the
     * device's position, {@code executed} the queue's instruction count (the interpreter's, ahead of the queue's
     * field during a run).
     */
    void issue(Queue q, long pc, String mnemonic, int entry, int waitMask, AsyncOp.Effect effect, long now,
               long executed) {
        Scoreboard sb = q.scoreboard;
        int past = (entry >= sb.entries ? 1 << Math.min(entry, 31) : 0) | (waitMask & ~((1 << sb.entries) - 1));
        if (past != 0) {
            // The words of the assembler's scoreboard-entry-range warning at the same line.
            throw new GpuFault(FaultKind.INVALID_INSTRUCTION, pc, ScoreboardMessages.entryRange(mnemonic, past,
                    interpreter.arch().spelling(), sb.entries));
        }
        SourceRange line = recorder.lineAt(q.vm, pc);
        List<AsyncOp> queued = sb.on(1 << entry);
        if (queued.size() >= ENTRY_DEPTH) {
            complete(q, queued.get(0), now);
        }
        AsyncOp op = new AsyncOp(mnemonic, pc, line, entry, waitMask, sb.on(waitMask), effect, now,
                random ? executed + 1 + sb.nextRandom(Completion.Random.WINDOW) : Long.MAX_VALUE);
        if (eager) {
            apply(q, op, now);
            return;
        }
        if ((waitMask & (1 << entry)) != 0) {
            // The words of the assembler's scoreboard-self-wait warning at the same line.
            hazard(q, "self_wait", pc, line, op, ScoreboardMessages.selfWait(mnemonic, entry, waitMask));
        }
        sb.add(op);
    }

    /** WAIT: completes every operation in flight on the entries of {@code mask} (and what they wait for). */
    void waitFor(Queue q, int mask, long pc, long now) {
        waitFor(q, mask, pc, now, true);
    }

    /**
     * WAIT; {@code listed}: the report lists it among the WAITs (the kernel ring buffer's WAIT is not a line of the
     * program: only its timeline span shows it).
     */
    void waitFor(Queue q, int mask, long pc, long now, boolean listed) {
        List<AsyncOp> on = q.scoreboard.on(mask);
        if (listed && recorder.keepsWait(q, pc)) {
            recorder.waited(q, pc, mask, on.isEmpty() ? List.of() : on.stream().map(AsyncOp::view).toList());
        }
        if (timeline) {
            waitSpan(q, mask, !listed, pc, now, now, on.isEmpty() ? "nothing in flight" : describe(on));
        }
        for (AsyncOp op : on) {
            complete(q, op, now);
        }
    }

    /**
     * SHARED_SB_DEC on an entry at 0: the model keeps shared entries per queue, so only its own deferred SHARED_SB_INCs on the
     * entry can raise it; completes the oldest, false when there is none (the queue would wait forever).
     */
    boolean raiseShared(Queue q, int shared, long now) {
        for (AsyncOp op : q.scoreboard.inFlight()) {
            if (op.effect() instanceof AsyncOp.SharedIncrement inc && inc.shared() == shared) {
                complete(q, op, now);
                return true;
            }
        }
        return false;
    }

    /**
     * NEXT_SB_ENTRY: waits until {@code entry} has nothing in flight (the hardware's "wait for the scoreboard
     * entry to be free").
     */
    void free(Queue q, int entry, long now) {
        for (AsyncOp op : q.scoreboard.on(1 << entry)) {
            complete(q, op, now);
        }
    }

    /** Completes everything in flight on {@code q} (the job's end: the kernel's ring waits on every entry). */
    void drain(Queue q, long now) {
        for (AsyncOp op : new ArrayList<>(q.scoreboard.inFlight())) {
            complete(q, op, now);
        }
    }

    /**
     * Completes {@code op} once the operations it waits for have completed; false when it cannot: it is (or waits
     * for) the tiler job an injected TILER_OOM holds until its handler has returned.
     */
    private boolean complete(Queue q, AsyncOp op, long now) {
        if (!q.scoreboard.holds(op)) {
            return true;
        }
        if (op == q.oomJob && q.oomUnresolved()) {
            return false;
        }
        List<AsyncOp> after = op.after();
        for (int i = 0; i < after.size(); i++) {
            if (!complete(q, after.get(i), now)) {
                return false;
            }
        }
        q.scoreboard.remove(op);
        apply(q, op, now);
        return true;
    }

    /** Whether an operation in flight on the entries of {@code mask} is, or waits for, the tiler job a TILER_OOM holds. */
    boolean heldOn(Queue q, int mask) {
        if (q.oomJob == null || !q.oomUnresolved() || !q.scoreboard.holds(q.oomJob)) {
            return false;
        }
        for (AsyncOp op : q.scoreboard.on(mask)) {
            if (waitsFor(op, q.oomJob)) {
                return true;
            }
        }
        return false;
    }

    private static boolean waitsFor(AsyncOp op, AsyncOp held) {
        if (op == held) {
            return true;
        }
        for (AsyncOp before : op.after()) {
            if (waitsFor(before, held)) {
                return true;
            }
        }
        return false;
    }

    private void apply(Queue q, AsyncOp op, long now) {
        completing = op.va();
        if (!(op.effect() instanceof AsyncOp.Load) && !(op.effect() instanceof AsyncOp.Nothing)
                && !(op.effect() instanceof AsyncOp.SharedIncrement)) {
            lastApplied = op; // it writes memory
        }
        AsyncOp.Effect e = op.effect();
        // Java 17: no pattern switch yet; the chain covers the sealed interface's permitted types
        if (e instanceof AsyncOp.Load load) {
            for (int bit = 0; bit < 16; bit++) {
                if ((load.mask() & (1 << bit)) != 0) {
                    q.regs[load.base() + bit] = load.values()[bit];
                }
            }
        } else if (e instanceof AsyncOp.Store store) {
            for (int bit = 0; bit < 16; bit++) {
                if ((store.mask() & (1 << bit)) != 0) {
                    interpreter.store32(q.slot, store.address() + 4L * bit, store.values()[bit]);
                }
            }
        } else if (e instanceof AsyncOp.Sync sync) {
            interpreter.syncUpdate(q, sync.action(), sync.address(), sync.value(), sync.propagate(), sync.error(), now);
        } else if (e instanceof AsyncOp.StoreState state) {
            interpreter.store64(q.slot, state.address(), state.value());
        } else if (e instanceof AsyncOp.Fragment f) {
            work += fragment.run(f.plan());
        } else if (e instanceof AsyncOp.SharedIncrement inc) {
            q.scoreboard.shared[inc.shared()]++;
        }
        completing = -1;
        if (timeline) {
            recorder.span(new RunReport.Span(q.name, op.entry(), op.mnemonic(), op.line(), op.position(),
                    Math.max(now, op.position() + 1), null));
        }
    }

    /** A SYNC_WAIT that went on at {@code now}, having first tried at {@code since}: a span of its queue's track. */
    void syncWaited(Queue q, long pc, long since, long now, String what) {
        if (timeline) {
            recorder.span(new RunReport.Span(q.name, -1, "SYNC_WAIT", recorder.lineAt(q.vm, pc), since, now + 1, what));
        }
    }

    /**
     * A WAIT on {@code mask} ({@code jobEnd}: the ring's at the job's end) that went on at {@code now} once the tiler
     * job a TILER_OOM held had completed, having first tried at {@code since}: a span of its queue's track.
     */
    void heldWaited(Queue q, long pc, int mask, boolean jobEnd, long since, long now, String what) {
        if (timeline) {
            waitSpan(q, mask, jobEnd, pc, since, now, what);
        }
    }

    /**
     * A WAIT's span on its queue's track: the program's at its line, or ({@code jobEnd}) the ring's, which has no
     * source line and says where it comes from in its name.
     */
    private void waitSpan(Queue q, int mask, boolean jobEnd, long pc, long since, long now, String what) {
        recorder.span(new RunReport.Span(q.name, -1, "WAIT " + hex(mask) + (jobEnd ? " (job end)" : ""),
                jobEnd ? null : recorder.lineAt(q.vm, pc), since, now + 1, what));
    }

    /** A sync object's new value, for the timeline's counters. */
    void syncValue(Queue q, long address, long now, long value) {
        if (timeline) {
            recorder.counter(new RunReport.Counter(q.vm, address, now, value));
        }
    }

    // ---------------------------------------------------------------- hazards

    /**
     * Before {@code q} executes slot {@code i} of {@code page} ({@code action}) at {@code pc}, with operations in
     * flight ({@code executed}: the queue's instruction count): completes those the random policy has due, then
     * checks the instruction against the rest.
     */
    void before(Queue q, DecodedPage page, int i, int action, long pc, long now, long executed) {
        Scoreboard sb = q.scoreboard;
        if (random) {
            for (AsyncOp op : new ArrayList<>(sb.inFlight())) {
                if (op.due() <= executed) {
                    complete(q, op, now);
                }
            }
            if (sb.count == 0) {
                return;
            }
        }
        long w = page.word[i];
        ActionTable table = interpreter.table();
        int key = table.key(w);
        if (key >= 0) {
            access.of(table.def(key), w);
        }
        for (int k = 0; k < reads.length; k++) {
            // a fragment job reads its staging registers (the framebuffer pointer and bounding box it uses)
            reads[k] = (key < 0 ? 0 : access.readsWord(k)) | (action == DecodedPage.RUN_FRAGMENT ? fragmentReads[k] : 0);
            writes[k] = key < 0 ? 0 : access.writesWord(k);
        }
        // One hazard an instruction: the first of these it meets.
        int r = common(reads, sb.loadRegisters);
        if (r >= 0) {
            registerHazard(q, pc, loading(sb, r), "read of r" + r + " while ", "");
            return;
        }
        r = common(writes, sb.loadRegisters);
        if (r >= 0) {
            registerHazard(q, pc, loading(sb, r), "write of r" + r + " while ", ", which writes it,");
            return;
        }
        r = common(writes, sb.storeRegisters);
        if (r >= 0) {
            registerHazard(q, pc, storing(sb, r), "write of r" + r + " while ", ", which still reads it,");
            return;
        }
        memory(q, page, i, action, pc);
    }

    /** The lowest register in both sets, -1 when none. */
    private static int common(long[] x, long[] y) {
        for (int k = 0; k < x.length; k++) {
            long both = x[k] & y[k];
            if (both != 0) {
                return k * 64 + Long.numberOfTrailingZeros(both);
            }
        }
        return -1;
    }

    /** A load, store or sync access to memory an in-flight operation writes. */
    private void memory(Queue q, DecodedPage page, int i, int action, long pc) {
        long va;
        long length;
        String access;
        switch (action) {
            case DecodedPage.LOAD_MULTIPLE, DecodedPage.STORE_MULTIPLE -> {
                va = q.register64(page.b[i]) + page.imm[i];
                length = 4L * (32 - Integer.numberOfLeadingZeros(page.c[i] & 0xffff));
                access = action == DecodedPage.LOAD_MULTIPLE ? "load" : "store";
            }
            case DecodedPage.SYNC_ADD32, DecodedPage.SYNC_SET32, DecodedPage.SYNC_WAIT32 -> {
                va = q.register64(page.a[i]);
                length = 4;
                access = "sync access";
            }
            case DecodedPage.SYNC_ADD64, DecodedPage.SYNC_SET64, DecodedPage.SYNC_WAIT64 -> {
                va = q.register64(page.a[i]);
                length = 8;
                access = "sync access";
            }
            case DecodedPage.STORE_STATE -> {
                va = q.register64(page.a[i]) + page.imm[i];
                length = 8;
                access = "store";
            }
            default -> {
                return;
            }
        }
        boolean sync = access.equals("sync access");
        for (AsyncOp op : q.scoreboard.inFlight()) {
            if (!(sync && op.effect() instanceof AsyncOp.Sync) && op.effect().writes(va, length)) {
                registerHazard(q, pc, op, access + " of " + length + " bytes at " + GpuFault.hex(va) + " while ",
                        ", which writes them,");
                return;
            }
        }
        if (action != DecodedPage.SYNC_WAIT32 && action != DecodedPage.SYNC_WAIT64 && sync) {
            release(q, page.word[i], pc, va);
        }
    }

    /**
     * A sync signal publishes the memory its queue wrote before it: one that goes out while a store or fragment
     * job is still in flight on an entry its wait mask does not name lets a waiter see that memory unwritten.
     */
    private void release(Queue q, long word, long pc, long va) {
        dev.csfstudio.isa.Async async = interpreter.table().async(interpreter.table().key(word));
        int covered = async == null || !async.asynchronous(word) ? 0
                : async.indirect(word) ? q.scoreboard.waitMask : async.waitMaskOf(word);
        for (AsyncOp op : q.scoreboard.inFlight()) {
            boolean writesMemory = op.effect() instanceof AsyncOp.Store || op.effect() instanceof AsyncOp.Fragment
                    || op.effect() instanceof AsyncOp.StoreState;
            if (writesMemory && (covered & (1 << op.entry())) == 0) {
                registerHazard(q, pc, op, "signal of the sync object at " + GpuFault.hex(va) + " while ",
                        ", which writes memory,");
                return;
            }
        }
    }

    private void registerHazard(Queue q, long pc, AsyncOp op, String what, String relation) {
        SourceRange line = recorder.lineAt(q.vm, pc);
        String kind = what.startsWith("read") ? "read" : what.startsWith("write") ? "write"
                : what.startsWith("signal") ? "release" : "memory";
        hazard(q, kind, pc, line, op, what + op.mnemonic() + " at " + place(op, line) + " (scoreboard entry "
                + op.entry() + ")" + relation + " is in flight; WAIT " + hex(1 << op.entry()) + " before "
                + (line == null ? hex(pc) : "line " + line.line()));
    }

    private void hazard(Queue q, String kind, long pc, SourceRange line, AsyncOp op, String message) {
        RunReport.Hazard h = new RunReport.Hazard(q.name, kind, pc, line, op.view(), message);
        if (stop) {
            throw new HazardStop(h);
        }
        recorder.hazard(h);
    }

    /** Where an operation was issued, as seen from the racing line: {@code line 8}, {@code other.csf:8} or a VA. */
    private static String place(AsyncOp op, SourceRange from) {
        if (op.line() == null) {
            return hex(op.va());
        }
        if (from != null && java.util.Objects.equals(from.file(), op.line().file())) {
            return "line " + op.line().line();
        }
        return op.line().file().getFileName() + ":" + op.line().line();
    }

    /** The first operation in flight whose load writes register {@code r}. */
    private static AsyncOp loading(Scoreboard sb, int r) {
        return first(sb, r, true);
    }

    /** The first operation in flight whose store still reads register {@code r}. */
    private static AsyncOp storing(Scoreboard sb, int r) {
        return first(sb, r, false);
    }

    private static AsyncOp first(Scoreboard sb, int r, boolean loads) {
        for (AsyncOp op : sb.inFlight()) {
            long[] bits = new long[sb.loadRegisters.length];
            if (loads) {
                op.effect().loadRegisters(bits);
            } else {
                op.effect().storeRegisters(bits);
            }
            if ((bits[r >>> 6] & (1L << (r & 63))) != 0) {
                return op;
            }
        }
        throw new IllegalStateException("no operation in flight " + (loads ? "writes" : "reads") + " r" + r);
    }

    private static String describe(List<AsyncOp> ops) {
        StringBuilder out = new StringBuilder();
        for (AsyncOp op : ops) {
            out.append(out.length() == 0 ? "" : ", ").append(op.mnemonic()).append(" (entry ").append(op.entry())
                    .append(op.line() == null ? "" : ", line " + op.line().line()).append(')');
        }
        return out.toString();
    }

    private static void set(long[] bits, int first, int count) {
        for (int r = first; r < first + count && r < bits.length * 64; r++) {
            bits[r >>> 6] |= 1L << (r & 63);
        }
    }

    static String hex(long v) {
        return "#0x" + Long.toHexString(v);
    }
}
