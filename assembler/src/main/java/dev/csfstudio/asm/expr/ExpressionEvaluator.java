package dev.csfstudio.asm.expr;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;

import dev.csfstudio.grammar.CsfParser;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * 64-bit integer expressions with C operators and precedence (the grammar encodes the precedence).
 * Names, local labels and function calls are resolved by a {@link Scope}.
 */
public final class ExpressionEvaluator {

    /** Resolves what an expression names. Throws {@link DiagnosticException} or {@link UnresolvedException}. */
    public interface Scope {
        long symbol(String name, SourceRange range);

        long localLabel(String ref, SourceRange range);

        long call(String function, Arguments args, SourceRange range);
    }

    /**
     * The arguments of a call, from a tree or a {@link SymbolicExpression}: evaluated only when asked, in the
     * order asked, so a function checks its name and arity before any argument's names are resolved.
     */
    public interface Arguments {
        int count();

        long value(int i);

        /** Argument {@code i} when it is one name alone (no parentheses), else null. */
        String name(int i);

        /** Argument {@code i} when it is one local label reference alone, else null. */
        String localRef(int i);

        SourceRange range(int i);

        /** Argument {@code i}'s tokens without the spaces between. */
        String text(int i);
    }

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private final Path file;
    private final Scope scope;

    public ExpressionEvaluator(Path file, Scope scope) {
        this.file = file;
        this.scope = scope;
    }

    public Path file() {
        return file;
    }

    public SourceRange range(CsfParser.ExprContext e) {
        return Parsing.range(file, e);
    }

    /** A name's value, as {@link #eval} gives it for an expression that is only that name at {@code range}. */
    public long symbol(String name, SourceRange range) {
        return scope.symbol(name, range);
    }

    public long eval(CsfParser.ExprContext e) {
        if (e == null || e.exception != null && e.getChildCount() == 0) {
            throw DiagnosticException.error(e == null ? SourceRange.at(file, 1, 1, 1) : range(e), DiagnosticCode.SYNTAX,
                    "missing expression");
        }
        if (e instanceof CsfParser.NumberExprContext n) {
            return parseNumber(n.getStart().getText(), e);
        }
        if (e instanceof CsfParser.ParenExprContext p) {
            return eval(p.expr());
        }
        if (e instanceof CsfParser.SymbolExprContext s) {
            return scope.symbol(s.IDENT().getText(), range(e));
        }
        if (e instanceof CsfParser.LocalRefExprContext l) {
            return scope.localLabel(l.LOCAL_REF().getText(), range(e));
        }
        if (e instanceof CsfParser.CallExprContext c) {
            return scope.call(c.fn.getText(), new TreeArguments(c.expr()), range(e));
        }
        if (e instanceof CsfParser.FloatExprContext) {
            throw Operators.notAnInteger(range(e), e.getText());
        }
        if (e instanceof CsfParser.UnaryExprContext u) {
            long v = eval(u.expr());
            return Operators.unary(Operators.of(u.op.getText()), v);
        }
        if (e instanceof CsfParser.BinaryExprContext b) {
            return evalChain(b);
        }
        throw DiagnosticException.error(range(e), DiagnosticCode.SYNTAX, "malformed expression '" + e.getText() + "'");
    }

    /**
     * A binary operation and the operations down its left operands: {@code a + b + c} is {@code (a + b) + c}, so a
     * flat chain of left-associative operators is one left spine, walked in a loop (its length is not nesting, and
     * costs no stack). The left operand is evaluated before the right one at every node, as the tree reads.
     */
    private long evalChain(CsfParser.BinaryExprContext top) {
        List<CsfParser.BinaryExprContext> spine = new ArrayList<>();
        CsfParser.ExprContext left = top;
        while (left instanceof CsfParser.BinaryExprContext b) {
            spine.add(b);
            left = b.expr(0);
        }
        long value = eval(left);
        for (int i = spine.size() - 1; i >= 0; i--) {
            CsfParser.BinaryExprContext b = spine.get(i);
            long r = eval(b.expr(1));
            char op = Operators.of(b.op.getText());
            if (!Operators.defined(op, r)) {
                throw Operators.undefined(op, r, range(b.expr(1)), Parsing.text(b));
            }
            value = Operators.binary(op, value, r);
        }
        return value;
    }

    /** A call's argument trees. */
    private final class TreeArguments implements Arguments {
        private final List<CsfParser.ExprContext> args;

        TreeArguments(List<CsfParser.ExprContext> args) {
            this.args = args;
        }

        @Override
        public int count() {
            return args.size();
        }

        @Override
        public long value(int i) {
            return eval(args.get(i));
        }

        @Override
        public String name(int i) {
            return args.get(i) instanceof CsfParser.SymbolExprContext sym ? sym.getText() : null;
        }

        @Override
        public String localRef(int i) {
            return args.get(i) instanceof CsfParser.LocalRefExprContext lr ? lr.getText() : null;
        }

        @Override
        public SourceRange range(int i) {
            return ExpressionEvaluator.this.range(args.get(i));
        }

        @Override
        public String text(int i) {
            return args.get(i).getText();
        }
    }

    /** An expression the plain scanner read on line {@code line} of this evaluator's file, as {@link #eval} its tree. */
    public long eval(SymbolicExpression e, int line) {
        return e.evaluate(scope, file, line);
    }

    /** An expression the plain scanner read on line {@code line}, as {@link #evalDouble} its tree. */
    public double evalDouble(SymbolicExpression e, int line) {
        return e.evaluateDouble(scope, file, line);
    }

    /** A float literal or an integer expression, for float descriptor fields and colours. */
    public double evalDouble(CsfParser.ExprContext e) {
        if (e instanceof CsfParser.FloatExprContext f) {
            return parseFloat(f.getText(), range(e));
        }
        if (e instanceof CsfParser.UnaryExprContext u && u.op.getText().equals("-")) {
            return -evalDouble(u.expr());
        }
        if (e instanceof CsfParser.UnaryExprContext u && u.op.getText().equals("+")) {
            return evalDouble(u.expr());
        }
        if (e instanceof CsfParser.ParenExprContext p) {
            return evalDouble(p.expr());
        }
        return eval(e);
    }

    /** A decimal number's value, or the error that it is malformed or too large. */
    public static double parseFloat(String text, SourceRange range) {
        try {
            double d = Double.parseDouble(text);
            if (Double.isInfinite(d)) {
                throw DiagnosticException.error(range, DiagnosticCode.OUT_OF_RANGE, "number " + shorten(text) + " is too large");
            }
            return d;
        } catch (NumberFormatException ex) {
            throw DiagnosticException.error(range, DiagnosticCode.SYNTAX, "malformed number " + shorten(text));
        }
    }

    private long parseNumber(String text, CsfParser.ExprContext where) {
        if (text.length() <= 18 && text.indexOf('_') < 0 && (text.length() < 2 || Character.isDigit(text.charAt(1)))) {
            return Long.parseLong(text); // plain decimal that cannot overflow: the common case, no range needed
        }
        return parseNumber(text, range(where));
    }

    /** Decimal, 0x hex or 0b binary; up to 64 bits (values above 2^63-1 wrap to negative longs). */
    public static long parseNumber(String text, SourceRange range) {
        String digits = text.replace("_", "");
        int radix = 10;
        if (digits.length() > 1 && (digits.charAt(1) == 'x' || digits.charAt(1) == 'X')) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && (digits.charAt(1) == 'b' || digits.charAt(1) == 'B')) {
            radix = 2;
            digits = digits.substring(2);
        }
        if (digits.isEmpty()) {
            throw DiagnosticException.error(range, DiagnosticCode.SYNTAX, "malformed number " + shorten(text));
        }
        int significant = 0;
        while (significant < digits.length() - 1 && digits.charAt(significant) == '0') {
            significant++;
        }
        // judged by length first: more digits than 2^64 has cannot fit (and BigInteger takes quadratic time)
        if (digits.length() - significant > (radix == 16 ? 16 : radix == 10 ? 20 : 64)) {
            throw DiagnosticException.error(range, DiagnosticCode.OUT_OF_RANGE,
                    "number " + shorten(text) + " does not fit in 64 bits (" + digits.length() + " digits)");
        }
        if (digits.length() - significant <= (radix == 16 ? 15 : radix == 10 ? 18 : 62)) {
            long v = 0; // fits a long as it stands: no BigInteger (a hex word in every data line)
            for (int i = significant; i < digits.length(); i++) {
                int d = Character.digit(digits.charAt(i), radix);
                if (d < 0) {
                    throw DiagnosticException.error(range, DiagnosticCode.SYNTAX, "malformed number " + shorten(text));
                }
                v = v * radix + d;
            }
            return v;
        }
        BigInteger v = new BigInteger(digits.substring(significant), radix);
        if (v.compareTo(TWO_TO_64) >= 0) {
            throw DiagnosticException.error(range, DiagnosticCode.OUT_OF_RANGE,
                    "number " + shorten(text) + " does not fit in 64 bits");
        }
        return v.longValue();
    }

    static String shorten(String s) {
        return s.length() > 24 ? s.substring(0, 20) + "..." : s;
    }

    /** Whether an expression names anything (symbol, local label, function): its value needs the assembler. */
    public static boolean namesSomething(CsfParser.ExprContext e) {
        // a tree as deep as a flat chain is long: walked with a stack of its own
        ArrayDeque<CsfParser.ExprContext> pending = new ArrayDeque<>();
        pending.push(e);
        while (!pending.isEmpty()) {
            CsfParser.ExprContext x = pending.pop();
            if (x instanceof CsfParser.SymbolExprContext || x instanceof CsfParser.LocalRefExprContext
                    || x instanceof CsfParser.CallExprContext) {
                return true;
            }
            for (int i = 0; i < x.getChildCount(); i++) {
                if (x.getChild(i) instanceof CsfParser.ExprContext sub) {
                    pending.push(sub);
                }
            }
        }
        return false;
    }
}
