package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.Condition;

/**
 * The 512 instruction words of one physical frame, split once into the fields the interpreter needs
 * (slots a, b, c and imm, as the opcode's table {@code exec} line binds them; {@link ActionTable}), so
 * executing an instruction is an array load and a switch. A fifth (extra) role's value goes into imm's upper
 * 32 bits; a condition role keeps its {@link Condition}'s ordinal. Register operands are checked against the
 * architecture's register file here, so execution never indexes past it. A breakpoint is a bit stamped into a
 * slot's action ({@link #STAMP}): the action turns negative, which the interpreter's loop already tells apart
 * from a decoded one, so breakpoints cost nothing where none is set.
 */
final class DecodedPage {

    static final int SLOTS = PhysicalMemory.PAGE_SIZE / 8;

    // What the interpreter does with a slot; ActionTable maps the table's Execution actions onto these.
    static final int UNDECODED = 0, UNKNOWN = 22, INVALID = 1, NOP = 2, MOVE48 = 3, MOVE32 = 4, ADD32 = 5, ADD64 = 6, UMIN32 = 7,
            LOAD_MULTIPLE = 8, STORE_MULTIPLE = 9, BRANCH = 10, CALL = 11, JUMP = 12, SYNC_ADD32 = 13,
            SYNC_SET32 = 14, SYNC_WAIT32 = 15, SYNC_ADD64 = 16, SYNC_SET64 = 17, SYNC_WAIT64 = 18, STORE_STATE = 19,
            RUN_FRAGMENT = 20, RECORDED = 21, BRANCH_NE = 23, BRANCH_EQ = 24, BRANCH_ALWAYS = 25, LOGIC32 = 26,
            ARITH = 27, WAIT = 28, SET_SB_ENTRY = 29, ERROR_BARRIER = 30, SET_EXCEPTION_HANDLER = 31,
            SET_STATE = 32, SET_STATE_IMM = 33, NEXT_SB_ENTRY = 34, SHARED_SB_INC = 35, SHARED_SB_DEC = 36;
    /** Set on a slot's action while a breakpoint is on its instruction; the action bits keep their meaning. */
    static final int STAMP = Integer.MIN_VALUE;

    final int frame;
    private final ActionTable table;
    final int[] op = new int[SLOTS];
    final int[] a = new int[SLOTS];
    final int[] b = new int[SLOTS];
    final int[] c = new int[SLOTS];
    final long[] imm = new long[SLOTS];
    /** The operation of each {@link #ARITH} slot. */
    final Arithmetic[] arith = new Arithmetic[SLOTS];
    final long[] word = new long[SLOTS];

    private DecodedPage(int frame, ActionTable table) {
        this.frame = frame;
        this.table = table;
    }

    /** A page whose slots are decoded on first execution (most words of a page never run). */
    static DecodedPage of(int frame, PhysicalMemory memory, ActionTable table) {
        DecodedPage p = new DecodedPage(frame, table);
        long base = (long) frame << PhysicalMemory.PAGE_SHIFT;
        for (int i = 0; i < SLOTS; i++) {
            p.word[i] = memory.read64(base + i * 8L);
        }
        return p;
    }

    /** Splits slot {@code i} into its fields; returns the action (a breakpoint stamp on the slot stays). */
    int decodeSlot(int i) {
        int action = decode(i);
        op[i] = (op[i] & STAMP) | action;
        return action;
    }

    /** Sets or clears the breakpoint stamp of slot {@code i}. */
    void stamp(int i, boolean on) {
        op[i] = on ? op[i] | STAMP : op[i] & ~STAMP;
    }

    private int decode(int i) {
        long w = word[i];
        int key = table.key(w);
        if (key < 0) {
            return UNKNOWN;
        }
        InstructionDef def = table.def(key);
        BitField[] f = table.slots(key);
        a[i] = f[0] == null ? 0 : (int) f[0].extract(w);
        b[i] = f[1] == null ? 0 : (int) f[1].extract(w);
        c[i] = f[2] == null ? 0 : (int) f[2].extract(w);
        imm[i] = (f[3] == null ? 0 : f[3].extract(w)) | (f[4] == null ? 0 : f[4].extract(w) << 32);
        if (table.invalidReason(def, w) != null) {
            return INVALID;
        }
        int action = table.action(key);
        arith[i] = table.arithmetic(key);
        int condSlot = table.conditionSlot(key);
        if (condSlot >= 0) {
            Condition cond = def.semantics().conditionOf(f[condSlot].extract(w)).orElseThrow();
            if (condSlot == 1) {
                b[i] = cond.ordinal();
            } else {
                c[i] = cond.ordinal();
            }
            if (action == BRANCH) {
                // The common conditions get their own action so the loop does not switch twice.
                action = switch (cond) {
                    case NE -> BRANCH_NE;
                    case EQ -> BRANCH_EQ;
                    case ALWAYS -> BRANCH_ALWAYS;
                    case LE, GT, LT, GE -> BRANCH;
                };
            }
        }
        return action;
    }

    /** Why the instruction in slot {@code i} cannot execute (its action is {@link #INVALID}). */
    String invalidReason(int i) {
        long w = word[i];
        InstructionDef def = table.def(table.key(w));
        return def.mnemonic() + ": " + table.invalidReason(def, w);
    }
}
