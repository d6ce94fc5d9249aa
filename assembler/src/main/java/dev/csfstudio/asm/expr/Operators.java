package dev.csfstudio.asm.expr;

import dev.csfstudio.asm.diagnostic.DiagnosticException;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;

/**
 * What each operator of the grammar's {@code expr} does on 64-bit values, the one definition that the syntax
 * tree's {@link ExpressionEvaluator} and the scanner's {@link SymbolicExpression} both apply. Operators are
 * their first source character ({@code '<'} for {@code <<}, {@code '>'} for {@code >>}).
 */
public final class Operators {

    private Operators() {
    }

    /**
     * How tightly binary operator {@code op} binds (C's order): {@code * / %} 6, {@code + -} 5, {@code << >>} 4,
     * {@code &} 3, {@code ^} 2, {@code |} 1; 0 for anything else. The one precedence table of the expression
     * language: the grammar's {@code expr} is written in this order, the plain scanner's reader and
     * {@link ExpressionText} read by it.
     */
    public static int precedence(int op) {
        return switch (op) {
            case '*', '/', '%' -> 6;
            case '+', '-' -> 5;
            case '<', '>' -> 4;
            case '&' -> 3;
            case '^' -> 2;
            case '|' -> 1;
            default -> 0;
        };
    }

    /** The operator of {@code text} ({@code "<<"} is {@code '<'}). */
    public static char of(String text) {
        return text.charAt(0);
    }

    /** Unary {@code -}, {@code ~} or {@code +}: wraps around at 64 bits. */
    public static long unary(char op, long v) {
        return switch (op) {
            case '-' -> -v;
            case '~' -> ~v;
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
            default -> l | r;
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
