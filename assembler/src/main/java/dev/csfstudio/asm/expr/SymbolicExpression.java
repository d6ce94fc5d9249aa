package dev.csfstudio.asm.expr;

import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;

/**
 * An expression of names and literals joined by {@code +}, {@code -} and {@code *}, as the plain scanner reads
 * it without a parse ({@code K * 4 + 12}, {@code loop + 8}): its tokens in source order, {@code names[k]} (null
 * for a literal, whose value is {@code literals[k]}), the operator before each token ({@code '+'}, {@code '-'},
 * {@code '*'}; 0 before the first) and each token's 1-based columns, start and end.
 */
public record SymbolicExpression(String[] names, long[] literals, byte[] ops, int[] columns) {

    /**
     * The value with the names' values in {@code values} (literal positions ignored): C precedence, 64-bit
     * wrap-around, as {@link ExpressionEvaluator} computes it.
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

    /**
     * The value with each name resolved by {@code scope} in source order, as {@link ExpressionEvaluator} resolves
     * the same text's tree (line {@code line} of {@code file}): the same references, the same first error.
     */
    public long evaluate(ExpressionEvaluator.Scope scope, Path file, int line) {
        long[] values = new long[names.length];
        for (int k = 0; k < names.length; k++) {
            if (names[k] != null) {
                values[k] = scope.symbol(names[k], new SourceRange(file, line, columns[2 * k], line, columns[2 * k + 1]));
            }
        }
        return value(values);
    }
}
