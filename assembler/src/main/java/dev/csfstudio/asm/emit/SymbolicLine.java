package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandSpec;
import java.util.List;

/**
 * An instruction line whose only symbolic operands are whole expressions the plain scanner read
 * ({@code K * 4 + 12}, {@code loop + 8}, {@code fbd(fbd)}), encoded by {@code PlainInstructionScanner} but for those operands:
 * encoded in pass 1 when it names constants only, else a fixup applied after layout, with no parse either way. {@code target} is the
 * instruction's branch-target field (or null), {@code word} has every other operand in place.
 */
public record SymbolicLine(InstructionDef def, long word, boolean unconditional, BitField target, List<Operand> operands)
        implements Fixup {

    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.symbolic(s, index, this);
    }

    /**
     * One symbolic operand: the operand of the instruction it is (its kind encodes the value: a branch target an
     * instruction distance when it names an address), and its expression.
     */
    public record Operand(OperandSpec spec, SymbolicExpression expr) {
    }
}
