package dev.csfstudio.runtime;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Async;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Execution;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.Semantics;

import java.util.EnumMap;
import java.util.Map;

/**
 * An architecture's instruction table as the interpreter reads it: for each opcode, the action its table
 * {@code exec} line names and the fields of the action's slots (a, b, c, imm, extra). Built once per
 * architecture; decoding a slot is then array loads.
 */
final class ActionTable {

    private static final Map<Arch, ActionTable> TABLES = new EnumMap<>(Arch.class);

    final Arch arch;
    final int registers;
    private final InstructionDef[] defs = new InstructionDef[256];
    private final int[] actions = new int[256];
    private final BitField[][] slots = new BitField[256][];
    private final int[] conditionSlots = new int[256];
    private final Async[] asyncs = new Async[256];

    private ActionTable(Arch arch) {
        this.arch = arch;
        this.registers = arch.registerCount();
        for (InstructionDef def : arch.instructionSet().instructions()) {
            BitField[] fields = new BitField[Execution.SLOTS];
            conditionSlots[def.opcode()] = -1;
            for (int i = 0; i < Execution.SLOTS; i++) {
                fields[i] = def.semantics().slot(i).orElse(null);
                if (Execution.CONDITION_ROLE.equals(def.semantics().action().role(i))) {
                    if (i != 1 && i != 2) {
                        // DecodedPage keeps a condition's ordinal in slot b or c
                        throw new IllegalStateException(def.semantics().action() + ": a condition must be in slot b or c");
                    }
                    conditionSlots[def.opcode()] = i;
                }
            }
            defs[def.opcode()] = def;
            slots[def.opcode()] = fields;
            actions[def.opcode()] = action(def.semantics().action());
            asyncs[def.opcode()] = def.semantics().async().orElse(null);
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
            case WAIT -> DecodedPage.WAIT;
            case SET_SB_ENTRY -> DecodedPage.SET_SB_ENTRY;
        };
    }

    /** The instruction of an opcode, null when the table has none. */
    InstructionDef def(int opcode) {
        return defs[opcode];
    }

    int action(int opcode) {
        return actions[opcode];
    }

    /** How an opcode takes part in the scoreboard (the table's {@code async} line), null when always synchronous. */
    Async async(int opcode) {
        return asyncs[opcode];
    }

    /** The fields of an opcode's slots (null where its action has no role). */
    BitField[] slots(int opcode) {
        return slots[opcode];
    }

    /** Which slot of an opcode holds a condition (as its {@link Condition} ordinal), -1 for none. */
    int conditionSlot(int opcode) {
        return conditionSlots[opcode];
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
