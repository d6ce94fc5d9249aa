package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.List;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.ScoreboardView;

/**
 * A queue's scoreboard: the entries SET_SB_ENTRY selected for endpoint operations (every RUN_*) and other
 * operations (LOAD/STORE_MULTIPLE), and the asynchronous operations in flight, in issue order. The registers
 * in-flight loads will write and in-flight stores still read are kept as bit sets for the interpreter's checks.
 * Both selections are 0 at reset (nothing in mesa or panthor sets them before a stream does) and stay what the
 * last SET_SB_ENTRY made them across jobs, as the registers do.
 */
public final class Scoreboard {

    final int entries;
    int endpoint;
    int other;
    /**
     * v12's SET_STATE state: the entry deferred operations in indirect mode signal ({@code sb_sel_deferred}), the
     * entries NEXT_SB_ENTRY rotates through ({@code sb_mask_stream}, 0: all) and the mask indirect operations and
     * {@code WAIT.indirect} wait for ({@code sb_mask_wait}). 0 at reset, kept across jobs, as the selections.
     */
    int deferred;
    int streamMask;
    int waitMask;
    /** v12's shared scoreboard entries (SHARED_SB_INC/DEC): the model keeps them per queue (README). */
    final int[] shared = new int[16];
    private final List<AsyncOp> inFlight = new ArrayList<>();
    /** Registers in-flight loads will write, and in-flight stores still read (bit i of word i / 64). */
    final long[] loadRegisters;
    final long[] storeRegisters;
    /** Operations in flight (the interpreter's loop reads this one field to know whether to check). */
    public int count;
    /** The state of the random completion policy's generator. */
    long random;

    Scoreboard(int entries, int registers, long seed) {
        this.entries = entries;
        this.loadRegisters = new long[(registers + 63) >>> 6];
        this.storeRegisters = new long[loadRegisters.length];
        this.random = seed;
    }

    List<AsyncOp> inFlight() {
        return inFlight;
    }

    /** The operations in flight on the entries of {@code mask}, in issue order. */
    List<AsyncOp> on(int mask) {
        // Indexed, and no list made for none: every asynchronous instruction and WAIT asks this, and C1 (the
        // launcher's compiler for runs) allocates every iterator.
        List<AsyncOp> out = null;
        for (int i = 0; i < inFlight.size(); i++) {
            AsyncOp op = inFlight.get(i);
            if ((mask & (1 << op.entry())) != 0) {
                if (out == null) {
                    out = new ArrayList<>();
                }
                out.add(op);
            }
        }
        return out == null ? List.of() : out;
    }

    // Identity, not the record's equals: an operation is the one issue that made it (AsyncUnit makes each once,
    // saved states share them), and a record's generated equals costs a 20 ms bootstrap at start-up.
    boolean holds(AsyncOp op) {
        return indexOf(op) >= 0;
    }

    private int indexOf(AsyncOp op) {
        for (int i = 0; i < inFlight.size(); i++) {
            if (inFlight.get(i) == op) {
                return i;
            }
        }
        return -1;
    }

    void add(AsyncOp op) {
        inFlight.add(op);
        changed();
    }

    void remove(AsyncOp op) {
        int i = indexOf(op);
        if (i >= 0) {
            inFlight.remove(i);
        }
        changed();
    }

    private void changed() {
        count = inFlight.size();
        java.util.Arrays.fill(loadRegisters, 0);
        java.util.Arrays.fill(storeRegisters, 0);
        for (int i = 0; i < inFlight.size(); i++) {
            AsyncOp op = inFlight.get(i);
            op.effect().loadRegisters(loadRegisters);
            op.effect().storeRegisters(storeRegisters);
        }
    }

    /** The next number of the random completion policy's generator (xorshift64*), in [0, bound). */
    int nextRandom(int bound) {
        long x = random;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        random = x;
        return (int) Long.remainderUnsigned(x * 0x2545F4914F6CDD1DL, bound);
    }

    public RunReport.ScoreboardState view() {
        List<RunReport.InFlight> ops = new ArrayList<>();
        for (AsyncOp op : inFlight) {
            ops.add(op.view());
        }
        return new RunReport.ScoreboardState(entries, endpoint, other, ops);
    }

    /** The scoreboard as a debugger shows it ({@code Machine.scoreboard}). */
    public ScoreboardView debugView(String queue) {
        List<RunReport.InFlight> ops = new ArrayList<>();
        List<long[]> loads = new ArrayList<>();
        for (AsyncOp op : inFlight) {
            ops.add(op.view());
            long[] bits = new long[loadRegisters.length];
            op.effect().loadRegisters(bits);
            loads.add(bits);
        }
        return new ScoreboardView(queue, entries, endpoint, other, deferred, streamMask, waitMask, ops, loadRegisters,
                loads, shared);
    }

    /** The scoreboard's state, to be put back by {@link #restore}. */
    record Saved(int endpoint, int other, int deferred, int streamMask, int waitMask, List<Integer> shared,
                 List<AsyncOp> inFlight, long random) {
    }

    Saved save() {
        return new Saved(endpoint, other, deferred, streamMask, waitMask,
                java.util.Arrays.stream(shared).boxed().toList(), List.copyOf(inFlight), random);
    }

    void restore(Saved s) {
        endpoint = s.endpoint;
        other = s.other;
        deferred = s.deferred;
        streamMask = s.streamMask;
        waitMask = s.waitMask;
        for (int e = 0; e < shared.length; e++) {
            shared[e] = s.shared.get(e);
        }
        inFlight.clear();
        inFlight.addAll(s.inFlight);
        random = s.random;
        changed();
    }
}
