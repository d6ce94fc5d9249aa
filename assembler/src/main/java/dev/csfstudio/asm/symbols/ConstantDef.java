package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.expr.ExpressionEvaluator;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.SourceRange;

/**
 * A constant of {@code .equ} or {@code .set}: its first definition (evaluated on demand when a use comes
 * before its value is known) and its value at the statement being assembled ({@code .set} may change it).
 */
public final class ConstantDef implements Referent {
    public final String name;
    public final boolean redefinable;
    public final SourceRange range;
    public final CsfParser.ExprContext firstExpr;
    public final ExpressionEvaluator firstEvaluator;
    public Long current;
    public boolean evaluating;

    public ConstantDef(String name, boolean redefinable, SourceRange range, CsfParser.ExprContext expr,
                       ExpressionEvaluator evaluator) {
        this.name = name;
        this.redefinable = redefinable;
        this.range = range;
        this.firstExpr = expr;
        this.firstEvaluator = evaluator;
    }
}
