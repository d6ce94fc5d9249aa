package dev.csfstudio.runtime;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandSpec;

import java.util.Map;

/**
 * The 512 instruction words of one physical frame, split once into the fields the interpreter needs
 * (three small operands and one immediate, per opcode as named below), so executing an instruction is an
 * array load and a switch. Field positions come from the instruction table; register operands are
 * checked against the register file here, so execution never indexes past r95. A breakpoint is a bit
 * stamped into a slot's action ({@link #STAMP}): the action turns negative, which the interpreter's loop
 * already tells apart from a decoded one, so breakpoints cost nothing where none is set.
 */
final class DecodedPage {

    static final int SLOTS = PhysicalMemory.PAGE_SIZE / 8;
    /** Which table fields feed operand slots a, b, c and the immediate, by mnemonic. */
    private static final Map<String, String[]> SLOT_FIELDS = Map.ofEntries(
            Map.entry("MOVE48", new String[] {"dst", null, null, "imm"}),
            Map.entry("MOVE32", new String[] {"dst", null, null, "imm"}),
            Map.entry("ADD_IMMEDIATE32", new String[] {"dst", "src", null, "imm"}),
            Map.entry("ADD_IMMEDIATE64", new String[] {"dst", "src", null, "imm"}),
            Map.entry("UMIN32", new String[] {"dst", "src0", "src1", null}),
            Map.entry("LOAD_MULTIPLE", new String[] {"base", "addr", "mask", "offset"}),
            Map.entry("STORE_MULTIPLE", new String[] {"base", "addr", "mask", "offset"}),
            Map.entry("BRANCH", new String[] {"value", "cond", null, "offset"}),
            Map.entry("CALL", new String[] {"addr", "length", null, null}),
            Map.entry("JUMP", new String[] {"addr", "length", null, null}),
            Map.entry("SYNC_ADD32", new String[] {"addr", "data", "error_propagate", null}),
            Map.entry("SYNC_SET32", new String[] {"addr", "data", "error_propagate", null}),
            Map.entry("SYNC_ADD64", new String[] {"addr", "data", "error_propagate", null}),
            Map.entry("SYNC_SET64", new String[] {"addr", "data", "error_propagate", null}),
            Map.entry("SYNC_WAIT32", new String[] {"addr", "data", "cond", "error_reject"}),
            Map.entry("SYNC_WAIT64", new String[] {"addr", "data", "cond", "error_reject"}),
            Map.entry("STORE_STATE", new String[] {"addr", "state", null, "offset"}));

    // What the interpreter does with a slot; the instruction table's opcodes map onto these by mnemonic.
    static final int UNDECODED = 0, UNKNOWN = 22, INVALID = 1, NOP = 2, MOVE48 = 3, MOVE32 = 4, ADD32 = 5, ADD64 = 6, UMIN32 = 7,
            LOAD_MULTIPLE = 8, STORE_MULTIPLE = 9, BRANCH = 10, CALL = 11, JUMP = 12, SYNC_ADD32 = 13,
            SYNC_SET32 = 14, SYNC_WAIT32 = 15, SYNC_ADD64 = 16, SYNC_SET64 = 17, SYNC_WAIT64 = 18, STORE_STATE = 19,
            RUN_FRAGMENT = 20, RECORDED = 21, BRANCH_NE = 23, BRANCH_EQ = 24, BRANCH_ALWAYS = 25;
    /** Set on a slot's action while a breakpoint is on its instruction; the action bits keep their meaning. */
    static final int STAMP = Integer.MIN_VALUE;

    private static final Map<String, Integer> ACTION_BY_MNEMONIC = Map.ofEntries(
            Map.entry("NOP", NOP), Map.entry("WAIT", NOP), Map.entry("MOVE48", MOVE48), Map.entry("MOVE32", MOVE32),
            Map.entry("ADD_IMMEDIATE32", ADD32), Map.entry("ADD_IMMEDIATE64", ADD64), Map.entry("UMIN32", UMIN32),
            Map.entry("LOAD_MULTIPLE", LOAD_MULTIPLE), Map.entry("STORE_MULTIPLE", STORE_MULTIPLE),
            Map.entry("BRANCH", BRANCH), Map.entry("CALL", CALL), Map.entry("JUMP", JUMP),
            Map.entry("SYNC_ADD32", SYNC_ADD32), Map.entry("SYNC_SET32", SYNC_SET32),
            Map.entry("SYNC_WAIT32", SYNC_WAIT32), Map.entry("SYNC_ADD64", SYNC_ADD64),
            Map.entry("SYNC_SET64", SYNC_SET64), Map.entry("SYNC_WAIT64", SYNC_WAIT64),
            Map.entry("STORE_STATE", STORE_STATE), Map.entry("RUN_FRAGMENT", RUN_FRAGMENT));

    private static final int[] ACTION = new int[256];
    private static final dev.csfstudio.isa.EnumType CONDITIONS = InstructionSet.v10().enums().get("condition");
    private static final InstructionDef[] DEFS = new InstructionDef[256];
    private static final BitField[][] FIELDS = new BitField[256][];
    private static final int REGISTERS = InstructionSet.v10().registerCount();
    /** Largest defined value of a condition field (always = 6). */
    private static final long MAX_CONDITION = InstructionSet.v10().enums().get("condition").values().values()
            .stream().mapToLong(Long::longValue).max().orElse(6);

    static {
        for (InstructionDef def : InstructionSet.v10().instructions()) {
            String[] names = SLOT_FIELDS.getOrDefault(def.mnemonic(), new String[4]);
            BitField[] fields = new BitField[4];
            for (int i = 0; i < 4; i++) {
                if (names[i] != null) {
                    String n = names[i];
                    fields[i] = def.field(n).orElseThrow(() -> new IllegalStateException(def.mnemonic() + " has no " + n));
                }
            }
            FIELDS[def.opcode()] = fields;
            DEFS[def.opcode()] = def;
            ACTION[def.opcode()] = ACTION_BY_MNEMONIC.getOrDefault(def.mnemonic(), RECORDED);
        }
    }

    final int frame;
    final int[] op = new int[SLOTS];
    final int[] a = new int[SLOTS];
    final int[] b = new int[SLOTS];
    final int[] c = new int[SLOTS];
    final long[] imm = new long[SLOTS];
    final long[] word = new long[SLOTS];

    private DecodedPage(int frame) {
        this.frame = frame;
    }

    /** A page whose slots are decoded on first execution (most words of a page never run). */
    static DecodedPage of(int frame, PhysicalMemory memory) {
        DecodedPage p = new DecodedPage(frame);
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
        int opcode = (int) InstructionDef.OPCODE.extract(w);
        InstructionDef def = DEFS[opcode];
        if (def == null) {
            return UNKNOWN;
        }
        BitField[] f = FIELDS[opcode];
        a[i] = f[0] == null ? 0 : (int) f[0].extract(w);
        b[i] = f[1] == null ? 0 : (int) f[1].extract(w);
        c[i] = f[2] == null ? 0 : (int) f[2].extract(w);
        imm[i] = f[3] == null ? 0 : f[3].extract(w);
        if (invalidReason(def, w) != null) {
            return INVALID;
        }
        int action = ACTION[opcode];
        if (action == BRANCH) {
            // The common conditions get their own action so the loop does not switch twice.
            String cond = CONDITIONS.nameOf(b[i]).orElse("");
            action = switch (cond) {
                case "ne" -> BRANCH_NE;
                case "eq" -> BRANCH_EQ;
                case "always" -> BRANCH_ALWAYS;
                default -> BRANCH;
            };
        }
        return action;
    }

    /** Why an instruction with a known opcode cannot execute, or null when it can. */
    static String invalidReason(InstructionDef def, long w) {
        for (OperandSpec o : def.operands()) {
            long v = o.field().extract(w);
            switch (o.kind()) {
                case R -> {
                    if (v >= REGISTERS) {
                        return "register r" + v + " does not exist (r0..r" + (REGISTERS - 1) + ")";
                    }
                }
                case D, MEM, MEMOFF -> {
                    if (v + 1 >= REGISTERS) {
                        return "register pair d" + v + " does not exist (d0..d" + (REGISTERS - 2) + ")";
                    }
                }
                case REGMASK -> {
                    long mask = o.fields().get(1).extract(w);
                    if (mask != 0 && v + 63 - Long.numberOfLeadingZeros(mask) >= REGISTERS) {
                        return "register list from r" + v + " with mask 0x" + Long.toHexString(mask)
                                + " goes past r" + (REGISTERS - 1);
                    }
                }
                case REGRANGE -> {
                    long count = o.fields().get(1).extract(w);
                    if (v + count > REGISTERS) {
                        return "register range r" + v + " + " + count + " goes past r" + (REGISTERS - 1);
                    }
                }
                default -> { }
            }
        }
        var cond = def.field("cond");
        if (cond.isPresent() && cond.get().extract(w) > MAX_CONDITION) {
            return "condition " + cond.get().extract(w) + " is not defined (0.." + MAX_CONDITION + ")";
        }
        return null;
    }
}
