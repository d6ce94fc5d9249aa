package dev.csfstudio.asm.emit;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import java.util.List;

/**
 * An instruction line whose only symbolic operands are sums, differences and products of names and literals
 * ({@code K * 4 + 12}, {@code loop + 8}), encoded by {@code PlainInstructionScanner} but for those operands:
 * encoded in pass 1 when it names constants only, else a fixup applied after layout, with no parse either way. {@code target} is the
 * instruction's branch-target field (or null), {@code word} has every other operand in place.
 */
public record SymbolicLine(InstructionDef def, long word, boolean unconditional, BitField target, List<Operand> operands) {

    /**
     * One symbolic operand: the field it fills, the values the encoder allows there ({@code branchTarget}:
     * a target, an instruction distance when it names an address), and its expression as tokens in source
     * order: {@code names[k]} (null for a literal, whose value is {@code literals[k]}), the operator before
     * each token ({@code '+'}, {@code '-'}, {@code '*'}; 0 before the first) and each token's 1-based
     * columns, start and end.
     */
    public record Operand(boolean branchTarget, BitField field, long min, long max, String[] names, long[] literals,
                   byte[] ops, int[] columns) {

        /**
         * The expression's value with the names' values in {@code values} (literal positions ignored): C
         * precedence, 64-bit wrap-around, as the expression evaluator computes it.
         */
        public long value(long[] values) {
            long sum = 0;
            long term = 0;
            for (int k = 0; k < ops.length; k++) {
                long v = names[k] == null ? literals[k] : values[k];
                switch (ops[k]) {
                    case '*' -> term *= v;
                    case '-' -> {
                        sum += term;
                        term = -v;
                    }
                    default -> {
                        sum += term;
                        term = v;
                    }
                }
            }
            return sum + term;
        }
    }
}
