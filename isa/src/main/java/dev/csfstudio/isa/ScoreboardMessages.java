package dev.csfstudio.isa;

import java.util.Optional;

/**
 * The words of the scoreboard errors that the assembler's scoreboard check finds in a word alone and the
 * simulated device meets when it runs the word: a deferred operation waiting on the entry it signals, and an entry
 * past the architecture's count (named by an operation, or set by v12's SET_STATE_IMM32). Both say them with these
 * texts, so a warning before the run and the run's stop at the same line read the same. The SET_STATE states are
 * classified here too, so both checks read one rule.
 */
public final class ScoreboardMessages {

    private ScoreboardMessages() {
    }

    /**
     * {@code mnemonic} waits on {@code entry}, the entry it signals: mesa's {@code cs_defer} asserts against it, as
     * the entry counts the operation before the operation waits.
     */
    public static String selfWait(String mnemonic, int entry, int waitMask) {
        return mnemonic + " waits for scoreboard entry " + entry + ", the entry it signals: the entry counts the"
                + " operation before it waits, so it never runs; signal another entry or take entry " + entry
                + " out of its wait mask #0x" + Integer.toHexString(waitMask);
    }

    /** {@code mnemonic} names the entries of {@code pastMask} (each at or past {@code entries}). */
    public static String entryRange(String mnemonic, int pastMask, String arch, int entries) {
        return mnemonic + " names " + entryList(pastMask) + " but " + arch + " has " + entries
                + " scoreboard entries: allowed 0.." + (entries - 1);
    }

    /**
     * Whether SET_STATE's {@code state} is a selection: {@code sb_sel_endpoint} 0, {@code sb_sel_other} 1,
     * {@code sb_sel_deferred} 2.
     */
    public static boolean isSelection(long state) {
        return state == 0 || state == 1 || state == 2;
    }

    /** Whether SET_STATE's {@code state} is a mask: {@code sb_mask_stream} 8, {@code sb_mask_wait} 9. */
    public static boolean isMask(long state) {
        return state == 8 || state == 9;
    }

    /**
     * What SET_STATE (or SET_STATE_IMM32) giving {@code state} the {@code value} says when a selection gets an entry
     * past the architecture's count, or a mask entries past it; empty when the value fits or the state is neither.
     */
    public static Optional<String> stateRange(long state, long value, String arch, int entries) {
        boolean selection = isSelection(state);
        if (selection ? value < entries : !isMask(state) || value < 1L << entries) {
            return Optional.empty();
        }
        String what = selection ? "selects entry " + value : "sets mask 0x" + Long.toHexString(value);
        return Optional.of("SET_STATE " + what + ": " + arch + " has " + entries + " scoreboard entries (0.."
                + (entries - 1) + ")");
    }

    /** The entries of a mask, as "scoreboard entry 3" or "scoreboard entries 3, 5". */
    public static String entryList(int mask) {
        StringBuilder sb = new StringBuilder(Integer.bitCount(mask) == 1 ? "scoreboard entry " : "scoreboard entries ");
        boolean first = true;
        for (int m = mask; m != 0; m &= m - 1) {
            sb.append(first ? "" : ", ").append(Integer.numberOfTrailingZeros(m));
            first = false;
        }
        return sb.toString();
    }
}
