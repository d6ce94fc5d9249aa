package dev.csfstudio.asm.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * Evaluations nest (a name's value is another expression's, a call's arguments are evaluated as it asks) and share
 * their thread's stack of values: an inner one, however long, leaves the outer one's values as they were, also when
 * it fails.
 */
class SymbolicExpressionNestingTest {

    private static final Path FILE = Path.of("/virtual/nesting.csf");

    /** {@code 1 + 1 + ... + 1}, {@code ones} ones: a program longer than the stack a thread starts with. */
    private static SymbolicExpression sumOfOnes(int ones) {
        int n = 2 * ones - 1;
        byte[] code = new byte[n];
        long[] literals = new long[n];
        code[0] = SymbolicExpression.NUMBER;
        literals[0] = 1;
        for (int i = 1; i < ones; i++) {
            code[2 * i - 1] = SymbolicExpression.NUMBER;
            literals[2 * i - 1] = 1;
            code[2 * i] = '+';
        }
        return new SymbolicExpression(code, new String[n], literals, new int[2 * n], null, 1);
    }

    /** {@code a * 10 + b}, each name's value asked of {@code names}. */
    private static SymbolicExpression outer() {
        byte[] code = {SymbolicExpression.NAME, SymbolicExpression.NUMBER, '*', SymbolicExpression.NAME, '+'};
        return new SymbolicExpression(code, new String[] {"a", null, null, "b", null}, new long[] {0, 10, 0, 0, 0},
                new int[10], null, 1);
    }

    /** Names whose values are inner expressions, evaluated when asked (as a constant's definition is). */
    private record Inner(SymbolicExpression a, SymbolicExpression b) implements SymbolicExpression.Names {
        @Override
        public long name(SymbolicExpression e, int k) {
            return (e.names()[k].equals("a") ? a : b).evaluate(this, FILE, 1);
        }

        @Override
        public long local(SymbolicExpression e, int k) {
            throw new AssertionError("no local labels here");
        }

        @Override
        public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
            throw new AssertionError("no calls here");
        }
    }

    @Test
    void anInnerEvaluationLongerThanTheStackLeavesTheOuterValues() {
        assertEquals(300 * 10 + 2, outer().evaluate(new Inner(sumOfOnes(300), sumOfOnes(2)), FILE, 1));
        assertEquals(7 * 10 + 1000, outer().evaluate(new Inner(sumOfOnes(7), sumOfOnes(1000)), FILE, 1));
    }

    @Test
    void aFailedInnerEvaluationGivesItsStackBack() {
        SymbolicExpression divideByZero = new SymbolicExpression(
                new byte[] {SymbolicExpression.NUMBER, SymbolicExpression.NUMBER, '/'}, new String[3], new long[] {1, 0, 0},
                new int[] {1, 2, 5, 6, 1, 6}, "1 / 0", 1);
        assertThrows(RuntimeException.class, () -> outer().evaluate(new Inner(divideByZero, sumOfOnes(2)), FILE, 1));
        assertEquals(5 * 10 + 3, outer().evaluate(new Inner(sumOfOnes(5), sumOfOnes(3)), FILE, 1));
    }
}
