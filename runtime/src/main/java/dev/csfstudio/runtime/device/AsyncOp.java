package dev.csfstudio.runtime.device;

import dev.csfstudio.program.SourceRange;

import java.util.List;
import dev.csfstudio.runtime.RunReport;

/**
 * An asynchronous operation in flight on a queue's scoreboard: what issued it, the entry it signals, the
 * operations it waits for (those in flight on the entries of its wait mask when it was issued) and what it does
 * when it completes. Immutable: a queue's saved state shares it.
 *
 * @param position where it was issued (instructions every queue had executed): the start of its timeline span
 * @param due      the queue's instruction count at which the completion policy completes it by itself
 *                 ({@link Long#MAX_VALUE}: only when waited for)
 */
public record AsyncOp(String mnemonic, long va, SourceRange line, int entry, int waitMask, List<AsyncOp> after,
               Effect effect, long position, long due) {

    public AsyncOp {
        after = List.copyOf(after);
    }

    RunReport.InFlight view() {
        return new RunReport.InFlight(mnemonic, va, line, entry, waitMask);
    }

    /** What an operation does when it completes, and what it writes until then. */
    sealed interface Effect {
        /** Whether the operation will write any of the {@code length} bytes at {@code va} of its queue's VM. */
        default boolean writes(long va, long length) {
            return false;
        }

        /** Registers the operation will write when it completes (bit i of word i / 64 for register i). */
        default void loadRegisters(long[] into) {
        }

        /** Registers the operation still reads until it completes. */
        default void storeRegisters(long[] into) {
        }
    }

    @Override
    public String toString() {
        return mnemonic + "@0x" + Long.toHexString(va) + " entry " + entry + " waits 0x" + Integer.toHexString(waitMask)
                + " after " + after.size() + " " + effect + " issued " + position + " due " + due;
    }

    /** A job the model records but does not run, a cache flush, a deferred trace point: nothing to apply. */
    record Nothing() implements Effect {
    }

    /** LOAD_MULTIPLE: {@code values} (read at issue) go into the registers of {@code mask} from {@code base}. */
    record Load(int base, int mask, int[] values) implements Effect {
        @Override
        public void loadRegisters(long[] into) {
            set(into, base, mask);
        }

        @Override
        public String toString() {
            return "load r" + base + " mask 0x" + Integer.toHexString(mask) + " " + java.util.Arrays.toString(values);
        }
    }

    /** STORE_MULTIPLE: the registers of {@code mask} from {@code base} (their values at issue) go to memory. */
    record Store(long address, int base, int mask, int[] values) implements Effect {
        @Override
        public boolean writes(long va, long length) {
            for (int bit = 0; bit < 16; bit++) {
                long word = address + 4L * bit;
                if ((mask & (1 << bit)) != 0 && word < va + length && va < word + 4) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void storeRegisters(long[] into) {
            set(into, base, mask);
        }

        @Override
        public String toString() {
            return "store 0x" + Long.toHexString(address) + " mask 0x" + Integer.toHexString(mask) + " "
                    + java.util.Arrays.toString(values);
        }
    }

    /**
     * A deferred SYNC_ADD/SYNC_SET (32 or 64 bits): applied to the sync object when it completes. A plain load or
     * store of the object races it; another sync operation on it does not (sync operations are atomic).
     */
    record Sync(int action, long address, long value, boolean propagate, boolean error) implements Effect {
        @Override
        public boolean writes(long va, long length) {
            long size = action == DecodedPage.SYNC_ADD64 || action == DecodedPage.SYNC_SET64 ? 8 : 4;
            return address < va + length && va < address + size;
        }
    }

    /** A deferred STORE_STATE: the counter (taken at issue) goes to memory when it completes. */
    record StoreState(long address, long value) implements Effect {
        @Override
        public boolean writes(long va, long length) {
            return address < va + length && va < address + 8;
        }
    }

    /** A deferred v12 SHARED_SB_INC: adds one to the shared scoreboard entry when it completes. */
    record SharedIncrement(int shared) implements Effect {
    }

    /** RUN_FRAGMENT: the clear planned at issue is written when it completes. */
    record Fragment(FragmentClear.Plan plan) implements Effect {
        @Override
        public boolean writes(long va, long length) {
            return plan.writes(va, length);
        }

        @Override
        public String toString() {
            return plan.toString();
        }
    }

    private static void set(long[] bits, int base, int mask) {
        for (int bit = 0; bit < 16; bit++) {
            int r = base + bit;
            if ((mask & (1 << bit)) != 0 && r < bits.length * 64) {
                bits[r >>> 6] |= 1L << (r & 63);
            }
        }
    }
}
