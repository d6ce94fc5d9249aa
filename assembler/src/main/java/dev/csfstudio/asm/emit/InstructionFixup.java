package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandSpec;
import java.util.List;

/**
 * The one shape of an instruction the plain scanner read whose value is not known when it is read (like LLVM's
 * {@code MCFixup}): {@code word}, the instruction with every field in place but its symbolic operands', and per such
 * operand its field (the operand of the instruction it is) and its expression, already read. A branch to a label is
 * one ({@code BRANCH r0, top}: one operand, the name), as is {@code MOVE48 d2, table + K * 8}. {@link InstructionFixups}
 * finishes it: in pass 1 when every name has its value, else after layout; nothing is read from the source again.
 * {@code target} is the instruction's branch-target field (or null).
 */
public record InstructionFixup(InstructionDef def, long word, boolean unconditional, BitField target, List<Operand> operands)
        implements Fixup {

    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.instruction(s, index, this);
    }

    /**
     * One operand the fixup fills: the instruction's operand it is (its kind encodes the value: a branch target an
     * instruction distance when it names an address), its expression, and the 1-based column where the operand
     * starts (a {@code #} before the expression included: the operand's range in messages).
     */
    public record Operand(OperandSpec spec, SymbolicExpression expr, int column) {
    }
}
