package dev.csfstudio.isa;

import java.util.Locale;

/**
 * What an instruction does with the queue's scoreboard, as the table's {@code scoreboard MODE} line names it
 * (mesa's {@code cs_instr_is_asynchronous}, {@code struct cs_async_op} and {@code cs_set_scoreboard_entry}). The
 * fields it reads are named by convention: {@code wait_mask}, {@code signal_slot}, {@code endpoint},
 * {@code other}, and on v12 {@code defer_mode} and {@code wait_mode} (1: the mask and entry SET_STATE chose).
 * An instruction without a {@code scoreboard} line is {@link #NONE}: synchronous.
 */
public enum Scoreboard {
    /** Synchronous; no scoreboard entry. */
    NONE,
    /** Always asynchronous; signals the entry SET_SB_ENTRY selected for other operations (LOAD/STORE_MULTIPLE). */
    SIGNAL_OTHER,
    /** Always asynchronous; signals the entry selected for endpoint tasks (every RUN_*). */
    SIGNAL_ENDPOINT,
    /** Always asynchronous; waits for the entries of its wait mask, then signals its signal slot (FLUSH_CACHE2). */
    SIGNAL_SLOT,
    /**
     * Asynchronous only with a non-zero wait mask: deferred until those entries drain, then signals its signal slot
     * (SYNC_*, FINISH_FRAGMENT, STORE_STATE, TRACE_POINT, HEAP_OPERATION); synchronous with a zero mask.
     */
    DEFERRED,
    /** Blocks the queue until the entries of its wait mask drain (WAIT). */
    WAIT,
    /** Selects the entries endpoint tasks and other operations signal, from its fields (SET_SB_ENTRY). */
    SELECT,
    /** Changes a selection or a mask other than through fields of its own word (v12 SET_STATE, NEXT_SB_ENTRY). */
    RESELECT;

    /**
     * How the runtime runs an instruction of this mode ({@link Async}): the entry it signals, or null for a
     * synchronous one, a WAIT or a selection.
     */
    public Async.Kind asyncKind() {
        return switch (this) {
            case SIGNAL_OTHER -> Async.Kind.OTHER;
            case SIGNAL_ENDPOINT -> Async.Kind.ENDPOINT;
            case SIGNAL_SLOT -> Async.Kind.SIGNAL;
            case DEFERRED -> Async.Kind.DEFERRED;
            case NONE, WAIT, SELECT, RESELECT -> null;
        };
    }

    /** A wait mask or slot that the word does not hold: v12's indirect mode uses what SET_STATE chose. */
    public static final int INDIRECT = -1;

    /** Reads the table's spelling, e.g. {@code signal_other}. */
    public static Scoreboard of(String spelling) {
        return valueOf(spelling.toUpperCase(Locale.ROOT));
    }

    /** The table's spelling. */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code word} of {@code def} runs asynchronously (signals an entry when it completes). */
    public boolean isAsynchronous(InstructionDef def, long word) {
        return bind(def).isAsynchronous(word);
    }

    /**
     * The entries {@code word} waits for: a WAIT's, or those an asynchronous operation waits for before it runs; 0
     * for none, {@link #INDIRECT} when v12's indirect mode takes them from SET_STATE.
     */
    public int waitMask(InstructionDef def, long word) {
        return bind(def).waitMask(word);
    }

    /**
     * The entry an asynchronous {@code word} signals from its own signal slot; {@link #INDIRECT} when it signals
     * an entry the word does not hold (a selection, v12's indirect mode, or one the table does not name).
     */
    public int signalSlot(InstructionDef def, long word) {
        return bind(def).signalSlot(word);
    }

    /** SET_SB_ENTRY's entry for endpoint tasks ({@code endpoint} field), -1 for any other mode. */
    public int selectedEndpoint(InstructionDef def, long word) {
        return bind(def).selectedEndpoint(word);
    }

    /** SET_SB_ENTRY's entry for other operations ({@code other} field), -1 for any other mode. */
    public int selectedOther(InstructionDef def, long word) {
        return bind(def).selectedOther(word);
    }

    /**
     * This mode with {@code def}'s fields looked up once: the same answers as the methods above, for a caller
     * that asks about many words of one instruction (the scoreboard check keeps one per instruction).
     */
    public Bound bind(InstructionDef def) {
        return new Bound(this, def.field("wait_mask").orElse(null), def.field("signal_slot").orElse(null),
                def.field("defer_mode").orElse(null), def.field("wait_mode").orElse(null),
                def.field("endpoint").orElse(null), def.field("other").orElse(null));
    }

    /** A mode bound to an instruction's fields (null where it has none). */
    public record Bound(Scoreboard mode, BitField waitMaskField, BitField signalSlotField, BitField deferMode,
                        BitField waitMode, BitField endpoint, BitField other) {

        public boolean isAsynchronous(long word) {
            return switch (mode) {
                case SIGNAL_OTHER, SIGNAL_ENDPOINT, SIGNAL_SLOT -> true;
                case DEFERRED -> is(deferMode, word) || value(waitMaskField, word) != 0;
                case NONE, WAIT, SELECT, RESELECT -> false;
            };
        }

        public int waitMask(long word) {
            return switch (mode) {
                case WAIT -> is(waitMode, word) ? INDIRECT : (int) value(waitMaskField, word);
                case SIGNAL_SLOT, DEFERRED -> is(deferMode, word) ? INDIRECT : (int) value(waitMaskField, word);
                case NONE, SIGNAL_OTHER, SIGNAL_ENDPOINT, SELECT, RESELECT -> 0;
            };
        }

        public int signalSlot(long word) {
            if (!isAsynchronous(word)) {
                return INDIRECT;
            }
            return switch (mode) {
                case SIGNAL_SLOT, DEFERRED -> is(deferMode, word) || signalSlotField == null ? INDIRECT
                        : (int) signalSlotField.extract(word);
                case NONE, SIGNAL_OTHER, SIGNAL_ENDPOINT, WAIT, SELECT, RESELECT -> INDIRECT;
            };
        }

        public int selectedEndpoint(long word) {
            return mode == SELECT ? (int) value(endpoint, word) : -1;
        }

        public int selectedOther(long word) {
            return mode == SELECT ? (int) value(other, word) : -1;
        }

        private static boolean is(BitField f, long word) {
            return f != null && f.extract(word) == 1;
        }

        private static long value(BitField f, long word) {
            return f == null ? 0 : f.extract(word);
        }
    }
}
