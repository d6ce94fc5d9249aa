package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;
import java.util.List;
import java.util.Map;

/** What an encoded instruction does to the flow of execution: its branch target and whether it falls through. */
public final class ControlFlow {

    private ControlFlow() {
    }

    /** The field of an instruction's branch-target operand, or null when it has none. */
    public static BitField targetField(InstructionDef def) {
        for (OperandSpec o : def.operands()) {
            if (o.kind() == OperandKind.TARGET) {
                return o.field();
            }
        }
        return null;
    }

    /**
     * A branch makes the instruction it reaches reachable, as a label there does: {@code BRANCH.always r0, #0}
     * falls through in effect, {@code #2} lands two further on. Called with the word's target field (null:
     * none) once the statement's word holds the distance.
     */
    public static void markTarget(Statement s, BitField target) {
        if (target != null) {
            s.section.addJumpTarget(s.offset + 8 + 8 * target.extract(s.word));
        }
    }

    /**
     * Whether execution never falls through to the next instruction: JUMP, or a branch (an instruction
     * with a target operand, so not SYNC_WAIT.always) whose condition is always.
     */
    public static boolean isUnconditional(InstructionEncoder.Encoded enc) {
        if (enc.def().mnemonic().equals("JUMP")) {
            return true;
        }
        if (targetField(enc.def()) == null) {
            return false;
        }
        List<Modifier> mods = enc.def().modifiers();
        for (int i = 0; i < mods.size(); i++) {
            Modifier m = mods.get(i);
            if (m instanceof Modifier.Choice c && c.type().name().equals("condition")) {
                Long v = enc.fields().get(m.field().name());
                if (v == null) {
                    return false;
                }
                // first name with this value, as EnumType.nameOf, without a stream per instruction
                for (Map.Entry<String, Long> e : c.type().values().entrySet()) {
                    if (e.getValue() == v.longValue()) {
                        return e.getKey().equals("always");
                    }
                }
                return false;
            }
        }
        return false;
    }
}
