package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Async;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Execution;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.Semantics;

import java.util.EnumMap;
import java.util.Map;

/**
 * An architecture's instruction table as the interpreter reads it: for each definition a word can decode to
 * (one per opcode, or per opcode and sub-opcode: v13's ARITH_*), the action its table {@code exec} line names and
 * the fields of the action's slots (a, b, c, imm, extra), by the definition's {@link #key}. Built once per
 * architecture; decoding a slot is then array loads.
 */
final class ActionTable {

    private static final Map<Arch, ActionTable> TABLES = new EnumMap<>(Arch.class);

    final Arch arch;
    /** The fragment job's registers (d40, r42, r43 by their table names), read once. */
    final FramebufferDescriptor.Layout fragment;
    final int registers;
    private final InstructionSet isa;
    private final InstructionDef[] defs;
    private final int[] actions;
    private final BitField[][] slots;
    private final int[] conditionSlots;
    private final Arithmetic[] arithmetic;
    private final Async[] asyncs;
    private final dev.csfstudio.isa.Scoreboard.Bound[] bounds;

    private ActionTable(Arch arch) {
        this.arch = arch;
        this.registers = arch.registerCount();
        this.fragment = FramebufferDescriptor.Layout.of(arch);
        this.isa = arch.instructionSet();
        int count = isa.instructions().size();
        defs = new InstructionDef[count];
        actions = new int[count];
        slots = new BitField[count][];
        conditionSlots = new int[count];
        arithmetic = new Arithmetic[count];
        asyncs = new Async[count];
        bounds = new dev.csfstudio.isa.Scoreboard.Bound[count];
        for (int key = 0; key < count; key++) {
            InstructionDef def = isa.instructions().get(key);
            BitField[] fields = new BitField[Execution.SLOTS];
            conditionSlots[key] = -1;
            for (int i = 0; i < Execution.SLOTS; i++) {
                fields[i] = def.semantics().slot(i).orElse(null);
                if (Execution.CONDITION_ROLE.equals(def.semantics().action().role(i))) {
                    if (i != 1 && i != 2) {
                        // DecodedPage keeps a condition's ordinal in slot b or c
                        throw new IllegalStateException(def.semantics().action() + ": a condition must be in slot b or c");
                    }
                    conditionSlots[key] = i;
                }
            }
            defs[key] = def;
            slots[key] = fields;
            actions[key] = action(def.semantics().action());
            if (actions[key] == DecodedPage.ARITH) {
                arithmetic[key] = Arithmetic.of(def.semantics().action());
            }
            asyncs[key] = def.semantics().async().orElse(null);
            bounds[key] = def.scoreboard().bind(def);
        }
    }

    static synchronized ActionTable of(Arch arch) {
        return TABLES.computeIfAbsent(arch, ActionTable::new);
    }

    /** The interpreter's action for a table action (every action has one: adding one fails here until it does). */
    private static int action(Execution e) {
        return switch (e) {
            case RECORDED -> DecodedPage.RECORDED;
            case NOP -> DecodedPage.NOP;
            case MOVE48 -> DecodedPage.MOVE48;
            case MOVE32 -> DecodedPage.MOVE32;
            case ADD32 -> DecodedPage.ADD32;
            case ADD64 -> DecodedPage.ADD64;
            case UMIN32 -> DecodedPage.UMIN32;
            case LOGIC32 -> DecodedPage.LOGIC32;
            case LOAD_MULTIPLE -> DecodedPage.LOAD_MULTIPLE;
            case STORE_MULTIPLE -> DecodedPage.STORE_MULTIPLE;
            case BRANCH -> DecodedPage.BRANCH;
            case CALL -> DecodedPage.CALL;
            case JUMP -> DecodedPage.JUMP;
            case SYNC_ADD32 -> DecodedPage.SYNC_ADD32;
            case SYNC_SET32 -> DecodedPage.SYNC_SET32;
            case SYNC_ADD64 -> DecodedPage.SYNC_ADD64;
            case SYNC_SET64 -> DecodedPage.SYNC_SET64;
            case SYNC_WAIT32 -> DecodedPage.SYNC_WAIT32;
            case SYNC_WAIT64 -> DecodedPage.SYNC_WAIT64;
            case STORE_STATE -> DecodedPage.STORE_STATE;
            case RUN_FRAGMENT -> DecodedPage.RUN_FRAGMENT;
            case UMIN64, UMIN_IMM32, UMIN_IMM64, ADD_REG32, ADD_REG64, SUB32, SUB64, LSHIFT32, LSHIFT64, RSHIFT_U32,
                    RSHIFT_U64, RSHIFT_S32, RSHIFT_S64, BFINS32, BFINS64, LSHIFT_IMM32, LSHIFT_IMM64, RSHIFT_IMM_U32,
                    RSHIFT_IMM_U64, RSHIFT_IMM_S32, RSHIFT_IMM_S64, BFEXT_U32, BFEXT_U64, BFEXT_S32, BFEXT_S64,
                    BFINS_IMM32, BFINS_IMM64 -> DecodedPage.ARITH;
            case WAIT -> DecodedPage.WAIT;
            case SET_SB_ENTRY -> DecodedPage.SET_SB_ENTRY;
            case ERROR_BARRIER -> DecodedPage.ERROR_BARRIER;
            case SET_EXCEPTION_HANDLER -> DecodedPage.SET_EXCEPTION_HANDLER;
            case SET_STATE -> DecodedPage.SET_STATE;
            case SET_STATE_IMM32 -> DecodedPage.SET_STATE_IMM;
            case NEXT_SB_ENTRY -> DecodedPage.NEXT_SB_ENTRY;
            case SHARED_SB_INC -> DecodedPage.SHARED_SB_INC;
            case SHARED_SB_DEC -> DecodedPage.SHARED_SB_DEC;
        };
    }

    /** The key of the definition a word decodes to (by opcode, then sub-opcode), -1 when it decodes to none. */
    int key(long word) {
        return isa.indexOf(word);
    }

    /** The instruction of a key. */
    InstructionDef def(int key) {
        return defs[key];
    }

    int action(int key) {
        return actions[key];
    }

    /** How a key takes part in the scoreboard (the table's {@code scoreboard} line), null when always synchronous. */
    Async async(int key) {
        return asyncs[key];
    }

    /** The table's {@code scoreboard} line of a key, with its fields looked up once. */
    dev.csfstudio.isa.Scoreboard.Bound scoreboard(int key) {
        return bounds[key];
    }

    /** The operation of a key whose action is {@code DecodedPage.ARITH}, else null. */
    Arithmetic arithmetic(int key) {
        return arithmetic[key];
    }

    /** The fields of a key's slots (null where its action has no role). */
    BitField[] slots(int key) {
        return slots[key];
    }

    /** Which slot of a key holds a condition (as its {@link Condition} ordinal), -1 for none. */
    int conditionSlot(int key) {
        return conditionSlots[key];
    }

    /** Why an instruction with a known opcode cannot execute, or null when it can. */
    String invalidReason(InstructionDef def, long w) {
        for (OperandSpec o : def.operands()) {
            String missing = o.missingRegisters(w, registers);
            if (missing != null) {
                return missing;
            }
        }
        Semantics s = def.semantics();
        var cond = s.role(Execution.CONDITION_ROLE);
        if (cond.isPresent() && s.conditionOf(cond.get().extract(w)).isEmpty()) {
            return "condition " + cond.get().extract(w) + " is not defined (0.." + s.maxCondition() + ")";
        }
        return null;
    }
}
