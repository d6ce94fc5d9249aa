package dev.csfstudio.asm.directives;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.SourceRange;
import org.antlr.v4.runtime.ParserRuleContext;

/** What a directive's arguments mean in the statement being assembled: places in its file, expressions, constants. */
public interface ArgumentScope {

    SourceRange range(ParserRuleContext ctx);

    /** The expression a value holds; a value that is none (a string, a tuple) is a diagnostic. */
    CsfParser.ExprContext exprOf(CsfParser.ValueContext v);

    /** The value of an expression that must be known where it stands. */
    long constant(CsfParser.ExprContext e);

    /** Reports a problem found while writing the directive's bytes (writing goes on). */
    void report(Diagnostic d);
}
