package dev.csfstudio.isa;

import java.util.Arrays;

/**
 * The registers a word reads and writes, as its semantics use them (mesa's {@code cs_src}/{@code cs_dst}), from its
 * operands in the table: a register operand with the {@code write} flag is a destination, any other (an address pair
 * too) a source. An always-taken BRANCH reads no register (mesa encodes it with {@code cs_undef()}); a LOGIC_OP32
 * reads only the operands its truth table depends on. The one description both the assembler's scoreboard check and
 * the runtime's hazard checks read. One instance is refilled for each word, as bit sets over the registers.
 */
public final class RegisterAccess {

    private final long[] reads;
    private final long[] writes;
    private final long[] listed;

    /** For an instruction set of {@code registers} registers. */
    public RegisterAccess(int registers) {
        int words = (registers + 63) / 64;
        reads = new long[words];
        writes = new long[words];
        listed = new long[words];
    }

    /** Fills the sets with what {@code word} of {@code def} (a preset form stands for its instruction) accesses. */
    public RegisterAccess of(InstructionDef def, long word) {
        Arrays.fill(reads, 0);
        Arrays.fill(writes, 0);
        Arrays.fill(listed, 0);
        InstructionDef base = def.isForm() ? def.formOf() : def;
        Semantics semantics = base.semantics();
        boolean alwaysTaken = semantics.flow() == Execution.Flow.BRANCH && semantics.neverFallsThrough(word);
        BitField unusedA = null;
        BitField unusedB = null;
        if (semantics.action() == Execution.LOGIC32) {
            int mode = (int) semantics.role("mode").map(f -> f.extract(word)).orElse(0L).longValue();
            unusedA = Execution.logicDependsOnA(mode) ? null : semantics.role("src0").orElse(null);
            unusedB = Execution.logicDependsOnB(mode) ? null : semantics.role("src1").orElse(null);
        }
        for (OperandSpec o : base.operands()) {
            long first = o.first(word);
            long[] into = o.writes() ? writes : reads;
            switch (o.kind()) {
                case R -> {
                    if (!alwaysTaken && !o.field().equals(unusedA) && !o.field().equals(unusedB)) {
                        set(into, first);
                    }
                }
                case D, MEM, MEMOFF -> {
                    set(into, first);
                    set(into, first + 1);
                }
                case REGMASK -> {
                    long mask = o.second(word);
                    for (int i = 0; i < 16; i++) {
                        if ((mask & (1L << i)) != 0) {
                            set(into, first + i);
                            set(listed, first + i);
                        }
                    }
                }
                case REGRANGE -> {
                    for (long r = first; r < first + o.second(word); r++) {
                        set(into, r);
                        set(listed, r);
                    }
                }
                case HEX, DEC, BYTES8, TARGET -> {
                }
            }
        }
        return this;
    }

    /** Whether the word reads register {@code r}. */
    public boolean reads(int r) {
        return has(reads, r);
    }

    /** Whether the word writes register {@code r}. */
    public boolean writes(int r) {
        return has(writes, r);
    }

    /** Whether {@code r} is in a register list or range operand (the data of LOAD/STORE_MULTIPLE, TRACE_POINT). */
    public boolean listed(int r) {
        return has(listed, r);
    }

    /**
     * The registers {@code 64 * i} to {@code 64 * i + 63} that the word reads or writes, one bit each: walk them
     * with {@link Long#numberOfTrailingZeros}.
     */
    public long accessedWord(int i) {
        return reads[i] | writes[i];
    }

    /** The registers {@code 64 * i} to {@code 64 * i + 63} that the word reads, one bit each. */
    public long readsWord(int i) {
        return reads[i];
    }

    /** The registers {@code 64 * i} to {@code 64 * i + 63} that the word writes, one bit each. */
    public long writesWord(int i) {
        return writes[i];
    }

    /** The registers {@code 64 * i} to {@code 64 * i + 63} of its register lists and ranges, one bit each. */
    public long listedWord(int i) {
        return listed[i];
    }

    /** How many longs the sets take. */
    public int words() {
        return reads.length;
    }

    /** Whether the word reads or writes any register. */
    public boolean any() {
        for (int i = 0; i < reads.length; i++) {
            if ((reads[i] | writes[i]) != 0) {
                return true;
            }
        }
        return false;
    }

    private void set(long[] bits, long r) {
        if (r >= 0 && r < 64L * bits.length) {
            bits[(int) (r >>> 6)] |= 1L << r;
        }
    }

    private static boolean has(long[] bits, int r) {
        // A raw word (.inst) can name a register past the file: nothing reads or writes it.
        return r >= 0 && r < 64 * bits.length && (bits[r >>> 6] & (1L << r)) != 0;
    }
}
