package dev.csfstudio.runtime;

import java.util.List;

/**
 * A queue's scoreboard as a debugger shows it, read at a stop: the selections (v12's SET_STATE state too), the
 * operations in flight with the lines that issued them, the registers in-flight loads will write (pending: their
 * values are not there yet) and v12's shared entries.
 *
 * @param pendingLoads registers in-flight loads will write, bit {@code r % 64} of word {@code r / 64}
 * @param shared       v12's shared entries (SHARED_SB_INC/DEC); all 0 on v10
 */
public record ScoreboardView(String queue, int entries, int endpoint, int other, int deferred, int streamMask,
                             int waitMask, List<RunReport.InFlight> inFlight, long[] pendingLoads, int[] shared) {

    public ScoreboardView {
        inFlight = List.copyOf(inFlight);
        pendingLoads = pendingLoads.clone();
        shared = shared.clone();
    }

    /** Whether an in-flight load will write register {@code r}: its value is pending. */
    public boolean pending(int r) {
        return r >= 0 && r < 64 * pendingLoads.length && (pendingLoads[r >>> 6] & (1L << (r & 63))) != 0;
    }

    /** The operations in flight on entry {@code entry}, in issue order. */
    public List<RunReport.InFlight> on(int entry) {
        return inFlight.stream().filter(op -> op.entry() == entry).toList();
    }
}
