package dev.csfstudio.isa;

/**
 * How an instruction takes part in its queue's scoreboard, as the table's {@code async KIND} line says (mesa's
 * {@code cs_instr_is_asynchronous}): which entry it signals and when it is asynchronous at all. An asynchronous
 * operation is in flight on its entry from issue until it completes; a {@code WAIT} whose mask names the entry
 * blocks until it has.
 *
 * @param kind       which entry the operation signals
 * @param waitMask   the entries the operation waits for before it runs ({@code wait_mask}); null for
 *                   {@link Kind#ENDPOINT} and {@link Kind#OTHER}
 * @param signalSlot the entry it signals ({@code signal_slot}); null for {@link Kind#ENDPOINT} and {@link Kind#OTHER},
 *                   and for v12's SHARED_SB_INC, which has none (the runtime counts it on the deferred selection)
 * @param deferMode  v12's {@code defer_mode} (1: {@code .defer_indirect}, the wait mask and signalled entry are
 *                   the ones SET_STATE chose: {@code sb_mask_wait} and {@code sb_sel_deferred}); null on v10
 */
public record Async(Kind kind, BitField waitMask, BitField signalSlot, BitField deferMode) {

    /** Which entry an asynchronous operation signals. */
    public enum Kind {
        /** Always asynchronous; signals the endpoint entry SET_SB_ENTRY selected (the RUN_* jobs). */
        ENDPOINT,
        /** Always asynchronous; signals the other entry SET_SB_ENTRY selected (LOAD/STORE_MULTIPLE). */
        OTHER,
        /** Always asynchronous; waits for its wait mask, then signals its own signal slot (FLUSH_CACHE2). */
        SIGNAL,
        /** Asynchronous only with a non-zero wait mask: deferred until those entries drain, then signals its slot. */
        DEFERRED;

        /** The table's spelling, e.g. {@code deferred}. */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Whether the kind names its entries in the instruction's own fields. */
        public boolean ownFields() {
            return this == SIGNAL || this == DEFERRED;
        }
    }

    /**
     * Whether {@code word} is an asynchronous operation (a deferred one only with a non-zero wait mask or in
     * indirect mode: mesa's {@code cs_defer_indirect} passes a non-zero placeholder mask to
     * {@code cs_instr_is_asynchronous}).
     */
    public boolean asynchronous(long word) {
        return kind != Kind.DEFERRED || indirect(word) || waitMask.extract(word) != 0;
    }

    /** Whether {@code word} is in v12's indirect defer mode ({@code .defer_indirect}). */
    public boolean indirect(long word) {
        return deferMode != null && deferMode.extract(word) == 1;
    }

    /** The entries {@code word} waits for before it runs (0 for an endpoint or other operation). */
    public int waitMaskOf(long word) {
        return waitMask == null ? 0 : (int) waitMask.extract(word);
    }

    /** The entry {@code word} signals by its own field, -1 when the kind's entry is SET_SB_ENTRY's. */
    public int signalSlotOf(long word) {
        return signalSlot == null ? -1 : (int) signalSlot.extract(word);
    }
}
