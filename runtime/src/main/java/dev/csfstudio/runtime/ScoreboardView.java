package dev.csfstudio.runtime;

import java.util.List;

/**
 * A queue's scoreboard as a debugger shows it, read at a stop: the selections (v12's SET_STATE state too), the
 * operations in flight with the lines that issued them, the registers in-flight loads will write (pending: their
 * values are not there yet) and v12's shared entries.
 *
 * @param pendingLoads registers in-flight loads will write, bit {@code r % 64} of word {@code r / 64}
 * @param loads        per operation of {@code inFlight}, the registers it will write, as {@code pendingLoads}
 * @param shared       v12's shared entries (SHARED_SB_INC/DEC); all 0 on v10
 */
public record ScoreboardView(String queue, int entries, int endpoint, int other, int deferred, int streamMask,
                             int waitMask, List<RunReport.InFlight> inFlight, long[] pendingLoads,
                             List<long[]> loads, int[] shared) {

    public ScoreboardView {
        inFlight = List.copyOf(inFlight);
        pendingLoads = pendingLoads.clone();
        loads = loads.stream().map(long[]::clone).toList();
        shared = shared.clone();
    }

    /** Whether an in-flight load will write register {@code r}: its value is pending. */
    public boolean pending(int r) {
        return r >= 0 && r < 64 * pendingLoads.length && (pendingLoads[r >>> 6] & (1L << (r & 63))) != 0;
    }

    /**
     * The in-flight load that will write register {@code r}: the last issued of those that will (its value is the
     * one the register ends with); empty when {@code r} is not pending.
     */
    public java.util.Optional<RunReport.InFlight> pendingLoad(int r) {
        for (int i = inFlight.size() - 1; i >= 0; i--) {
            long[] bits = loads.get(i);
            if (r >= 0 && r < 64 * bits.length && (bits[r >>> 6] & (1L << (r & 63))) != 0) {
                return java.util.Optional.of(inFlight.get(i));
            }
        }
        return java.util.Optional.empty();
    }

    /** The operations in flight on entry {@code entry}, in issue order. */
    public List<RunReport.InFlight> on(int entry) {
        return inFlight.stream().filter(op -> op.entry() == entry).toList();
    }
}
