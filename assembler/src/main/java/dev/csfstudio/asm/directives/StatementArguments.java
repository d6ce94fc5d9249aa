package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.antlr.v4.runtime.ParserRuleContext;

/**
 * The {@link ArgumentScope} of one statement, handed to its directive's handler: ranges in its {@code file},
 * expressions evaluated with the assembly's {@code names} as they stand at that statement, problems to
 * {@code reporter}.
 */
public record StatementArguments(Path file, NameScope names, Consumer<Diagnostic> reporter) implements ArgumentScope {

    @Override
    public SourceRange range(ParserRuleContext ctx) {
        return Parsing.range(file, ctx);
    }

    @Override
    public ExpressionEvaluator evaluator() {
        return names.evaluator(file);
    }

    @Override
    public long constant(CsfParser.ExprContext e) {
        return evaluator().eval(e);
    }

    @Override
    public void report(Diagnostic d) {
        reporter.accept(d);
    }
}
