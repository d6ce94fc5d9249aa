package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;

/**
 * A constant of {@code .equ} or {@code .set}: its first definition (evaluated on demand when a use comes
 * before its value is known) and its value at the statement being assembled ({@code .set} may change it).
 */
public final class ConstantDef implements Referent {
    public final String name;
    public final boolean redefinable;
    public final SourceRange range;
    public final Definition first;
    public Long current;
    /** Pass 1 reached a definition whose value names a label: uses below it wait for layout, not for {@link #first}. */
    public boolean awaitsLayout;
    public boolean evaluating;

    public ConstantDef(String name, boolean redefinable, SourceRange range, Definition first) {
        this.name = name;
        this.redefinable = redefinable;
        this.range = range;
        this.first = first;
    }

    /** A constant's value as written: a syntax tree, or an expression the plain scanner read. */
    public sealed interface Definition {
        /** The value with every name resolved by {@code scope} as it answers now. */
        long evaluate(ExpressionEvaluator.Scope scope);
    }

    /** A parsed expression with the evaluator of its file. */
    public record Parsed(CsfParser.ExprContext expr, ExpressionEvaluator evaluator) implements Definition {
        @Override
        public long evaluate(ExpressionEvaluator.Scope scope) {
            return evaluator.eval(expr);
        }
    }

    /** An expression the plain scanner read on line {@code line} of {@code file}, kept without its tree. */
    public record Symbolic(SymbolicExpression expr, Path file, int line) implements Definition {
        @Override
        public long evaluate(ExpressionEvaluator.Scope scope) {
            return expr.evaluate(scope, file, line);
        }
    }
}
