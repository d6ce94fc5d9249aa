package dev.csfstudio.asm.emit;

import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.WrittenOperand;
import dev.csfstudio.program.Diagnostic;

/**
 * The operands a fixup fills in after pass 1, as the encoder reads them: each one an expression whose value the fixup
 * has (or evaluates when asked), one view moved from operand to operand. Anything the encoder says of them refuses the
 * fixup's word: the parser's path then evaluates and reports the line.
 */
abstract class EvaluatedOperands extends WrittenOperand implements InstructionEncoder.TypedOperands {
    /** The operand being read. */
    int operand;
    /** Whether the encoder said anything of the operands read since {@link #start}. */
    boolean refused;

    /** Before the first operand of a line. */
    void start() {
        refused = false;
    }

    @Override
    public WrittenOperand operand(int i) {
        operand = i;
        return this;
    }

    @Override
    public void problem(int i, OperandProblem problem) {
        refused = true;
    }

    @Override
    public void unevaluated(int i, Diagnostic d) {
        refused = true;
    }

    @Override
    public Shape shape() {
        return Shape.EXPRESSION;
    }

    @Override
    public String text() {
        return valueText(); // only in messages of lines refused here, which the parser's path reports
    }

    @Override
    public String name(int k) {
        throw new IllegalStateException("an expression names no register");
    }

    @Override
    public int names() {
        return 0;
    }

    @Override
    public String symbol() {
        return null; // a name of an enumerated field's values is read by the parser's path
    }

    @Override
    public boolean decimalLiteral() {
        return false;
    }

    @Override
    public boolean hasOffset() {
        return false;
    }
}
