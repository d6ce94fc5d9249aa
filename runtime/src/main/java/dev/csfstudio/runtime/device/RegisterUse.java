package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

import static dev.csfstudio.runtime.device.DecodedPage.*;

/**
 * The registers a decoded instruction reads and writes, as its semantics use them (mesa's cs_src/cs_dst): an
 * always-taken BRANCH reads none, a LOGIC_OP32 only the operands its truth table depends on, a recorded
 * instruction its register operands, a fragment job the framebuffer pointer and bounding box it reads.
 * Bit sets of one bit per register, filled into arrays the caller keeps.
 */
final class RegisterUse {

    private RegisterUse() {
    }

    /** Fills {@code reads} and {@code writes} (cleared first) for slot {@code i} of {@code page} holding {@code action}. */
    static void of(int action, DecodedPage page, int i, ActionTable table, long[] reads, long[] writes) {
        java.util.Arrays.fill(reads, 0);
        java.util.Arrays.fill(writes, 0);
        int a = page.a[i], b = page.b[i], c = page.c[i];
        switch (action) {
            case MOVE48 -> set(writes, a, 2);
            case MOVE32 -> set(writes, a, 1);
            case ADD32 -> {
                set(reads, b, 1);
                set(writes, a, 1);
            }
            case ADD64 -> {
                set(reads, b, 2);
                set(writes, a, 2);
            }
            case UMIN32 -> {
                set(reads, b, 1);
                set(reads, c, 1);
                set(writes, a, 1);
            }
            case LOGIC32 -> {
                int mode = (int) page.imm[i] & 0xf;
                if (dependsOnA(mode)) {
                    set(reads, b, 1);
                }
                if (dependsOnB(mode)) {
                    set(reads, c, 1);
                }
                set(writes, a, 1);
            }
            case ARITH -> {
                Arithmetic op = page.arith[i];
                int width = op.size / 32;
                set(reads, b, width);
                if (op.registerB) {
                    set(reads, c, width);
                }
                set(writes, a, width);
            }
            case LOAD_MULTIPLE -> {
                set(reads, b, 2);
                mask(writes, a, c);
            }
            case STORE_MULTIPLE -> {
                set(reads, b, 2);
                mask(reads, a, c);
            }
            case BRANCH, BRANCH_NE, BRANCH_EQ -> set(reads, a, 1);
            case CALL, JUMP, SYNC_ADD32, SYNC_SET32, SYNC_WAIT32, SET_EXCEPTION_HANDLER -> {
                set(reads, a, 2);
                set(reads, b, 1);
            }
            case SYNC_ADD64, SYNC_SET64, SYNC_WAIT64 -> {
                set(reads, a, 2);
                set(reads, b, 2);
            }
            case STORE_STATE -> set(reads, a, 2);
            case RUN_FRAGMENT -> {
                FramebufferDescriptor.Layout fragment = table.fragment;
                set(reads, fragment.framebufferPointer, 2);
                set(reads, fragment.bboxMin, 1);
                set(reads, fragment.bboxMax, 1);
            }
            case RECORDED -> operands(table.def(table.key(page.word[i])), page.word[i], reads);
            default -> {
                // NOP, WAIT, SET_SB_ENTRY, ERROR_BARRIER, an always-taken BRANCH: no register
            }
        }
    }

    /** LOGIC_OP32's result depends on A when flipping A changes some row of the truth table. */
    static boolean dependsOnA(int mode) {
        return ((mode & 1) != 0) != ((mode & 4) != 0) || ((mode & 2) != 0) != ((mode & 8) != 0);
    }

    static boolean dependsOnB(int mode) {
        return ((mode & 1) != 0) != ((mode & 2) != 0) || ((mode & 4) != 0) != ((mode & 8) != 0);
    }

    /** A recorded instruction reads its register operands (the inputs the run report lists). */
    private static void operands(InstructionDef def, long word, long[] reads) {
        for (OperandSpec o : def.operands()) {
            int r = (int) o.field().extract(word);
            OperandKind kind = o.kind();
            if (kind.acceptsPairs()) {
                set(reads, r, 2);
            } else if (kind.acceptsRegisters()) {
                set(reads, r, o.fields().size() > 1 ? kind.registersSpanned(o.second(word)) : 1);
            }
        }
    }

    private static void set(long[] bits, int first, int count) {
        for (int r = first; r < first + count && r < bits.length * 64; r++) {
            bits[r >>> 6] |= 1L << (r & 63);
        }
    }

    private static void mask(long[] bits, int base, int mask) {
        for (int bit = 0; bit < 16; bit++) {
            if ((mask & (1 << bit)) != 0) {
                set(bits, base + bit, 1);
            }
        }
    }

    /** The lowest register in both sets, -1 when none. */
    static int common(long[] x, long[] y) {
        for (int k = 0; k < x.length; k++) {
            long both = x[k] & y[k];
            if (both != 0) {
                return k * 64 + Long.numberOfTrailingZeros(both);
            }
        }
        return -1;
    }
}
