package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandSpec;

/** What an encoded instruction does to the flow of execution: its branch target and whether it falls through. */
public final class ControlFlow {

    private ControlFlow() {
    }

    /** The field of an instruction's branch-target operand, or null when it has none. */
    public static BitField targetField(InstructionDef def) {
        OperandSpec target = targetOperand(def);
        return target == null ? null : target.field();
    }

    /** An instruction's branch-target operand (the one that takes labels), or null when it has none. */
    public static OperandSpec targetOperand(InstructionDef def) {
        for (OperandSpec o : def.operands()) {
            if (o.kind().acceptsLabels()) {
                return o;
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
            s.section().addJumpTarget(s.offset() + 8 + 8 * target.extract(s.word()));
        }
    }

    /**
     * Whether execution never falls through to the next instruction: the table's semantics say so (a jump, or a
     * branch whose condition is always; SYNC_WAIT.always has no branch flow), never a mnemonic.
     */
    public static boolean isUnconditional(InstructionEncoder.Encoded enc) {
        return enc.def().semantics().neverFallsThrough(enc.word());
    }
}
