package dev.csfstudio.isa;

/**
 * The words of the scoreboard errors that the assembler's scoreboard check finds in a word alone and the
 * simulated device meets when it runs the word: a deferred operation waiting on the entry it signals, and an entry
 * past the architecture's count (named by an operation, or set by v12's SET_STATE_IMM32). Both say them with these texts, so a warning before the run and the run's stop at
 * the same line read the same.
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
     * SET_STATE (or SET_STATE_IMM32) gives a selection ({@code sb_sel_*}) an entry past the architecture's count, or a
     * mask ({@code sb_mask_*}) entries past it.
     */
    public static String stateRange(boolean selection, long value, String arch, int entries) {
        return "SET_STATE " + (selection ? "selects entry " + value : "sets mask 0x" + Long.toHexString(value)) + ": "
                + arch + " has " + entries + " scoreboard entries (0.." + (entries - 1) + ")";
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
