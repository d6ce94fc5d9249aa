package dev.csfstudio.asm.expr;

import dev.csfstudio.asm.diagnostic.DiagnosticException;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;

/**
 * What each operator of the grammar's {@code expr} does on 64-bit values, the one definition that the syntax
 * tree's {@link ExpressionEvaluator} and {@link SymbolicExpression} (what {@link ExpressionText} reads) both apply.
 * The source's operators are their first character ({@code '<'} for {@code <<}, {@code '>'} for {@code >>}); the
 * debugger dialect's have codes of their own.
 */
public final class Operators {

    private Operators() {
    }

    /** The debugger dialect's operators ({@link ExpressionText} with a memory): {@code ==}. */
    public static final char EQUAL = '=';
    /** {@code !=}. */
    public static final char NOT_EQUAL = 'x';
    /** {@code <}, unsigned, as the other comparisons. */
    public static final char LESS = 'L';
    /** {@code <=}. */
    public static final char LESS_EQUAL = 'E';
    /** {@code >}. */
    public static final char GREATER = 'G';
    /** {@code >=}. */
    public static final char GREATER_EQUAL = 'H';
    /** {@code &&}: 1 when both are non-zero; both are evaluated. */
    public static final char AND = 'A';
    /** {@code ||}: 1 when either is non-zero; both are evaluated. */
    public static final char OR = 'O';
    /** Unary {@code !}: 1 for zero, else 0. */
    public static final char LOGICAL_NOT = '!';

    /**
     * How tightly binary operator {@code op} binds (C's order): {@code * / %} 10, {@code + -} 9, {@code << >>} 8,
     * the dialect's {@code < <= > >=} 7 and {@code == !=} 6, {@code &} 5, {@code ^} 4, {@code |} 3, the dialect's
     * {@code &&} 2 and {@code ||} 1; 0 for anything else. The one precedence table of the expression language: the
     * grammar's {@code expr} is written in this order, {@link ExpressionText} reads by it.
     */
    public static int precedence(int op) {
        return switch (op) {
            case '*', '/', '%' -> 10;
            case '+', '-' -> 9;
            case '<', '>' -> 8;
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> 7;
            case EQUAL, NOT_EQUAL -> 6;
            case '&' -> 5;
            case '^' -> 4;
            case '|' -> 3;
            case AND -> 2;
            case OR -> 1;
            default -> 0;
        };
    }

    /** The operator of {@code text} ({@code "<<"} is {@code '<'}). */
    public static char of(String text) {
        return text.charAt(0);
    }

    /** Unary {@code -}, {@code ~} or {@code +} (wrapping around at 64 bits), or the dialect's {@code !}. */
    public static long unary(char op, long v) {
        return switch (op) {
            case '-' -> -v;
            case '~' -> ~v;
            case LOGICAL_NOT -> v == 0 ? 1 : 0;
            default -> v;
        };
    }

    /** Whether {@code l op r} has a value: no division or remainder by zero, shift counts 0..63. */
    public static boolean defined(char op, long r) {
        return switch (op) {
            case '/', '%' -> r != 0;
            case '<', '>' -> r >= 0 && r <= 63;
            default -> true;
        };
    }

    /** {@code l op r} where it is {@link #defined}: C's operators on two's-complement 64-bit values. */
    public static long binary(char op, long l, long r) {
        return switch (op) {
            case '*' -> l * r;
            case '/' -> l / r;
            case '%' -> l % r;
            case '+' -> l + r;
            case '-' -> l - r;
            case '<' -> l << r;
            case '>' -> l >> r;
            case '&' -> l & r;
            case '^' -> l ^ r;
            case '|' -> l | r;
            case EQUAL -> l == r ? 1 : 0;
            case NOT_EQUAL -> l != r ? 1 : 0;
            case LESS -> Long.compareUnsigned(l, r) < 0 ? 1 : 0;
            case LESS_EQUAL -> Long.compareUnsigned(l, r) <= 0 ? 1 : 0;
            case GREATER -> Long.compareUnsigned(l, r) > 0 ? 1 : 0;
            case GREATER_EQUAL -> Long.compareUnsigned(l, r) >= 0 ? 1 : 0;
            case AND -> l != 0 && r != 0 ? 1 : 0;
            case OR -> l != 0 || r != 0 ? 1 : 0;
            default -> throw new IllegalArgumentException("not a binary operator: " + op);
        };
    }

    /**
     * The error of an operation that is not {@link #defined}: at the right operand {@code right}, the whole
     * operation written {@code text} (its tokens without spaces; read for a division only).
     */
    public static DiagnosticException undefined(char op, long r, SourceRange right, String text) {
        if (op == '/' || op == '%') {
            return DiagnosticException.error(right, DiagnosticCode.DIVISION_BY_ZERO,
                    (op == '/' ? "division" : "remainder") + " by zero in '" + text + "'");
        }
        return DiagnosticException.error(right, DiagnosticCode.OUT_OF_RANGE, "shift count " + r + " out of range: allowed 0..63");
    }

    /** A decimal number where an integer is needed. */
    public static DiagnosticException notAnInteger(SourceRange at, String text) {
        return DiagnosticException.error(at, DiagnosticCode.SYNTAX, "expected an integer, got the decimal number " + text);
    }
}
