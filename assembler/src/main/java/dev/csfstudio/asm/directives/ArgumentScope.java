package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.layout.Layout;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;

/**
 * What a directive's arguments mean in the statement being assembled: places in its file, expressions,
 * constants, names and options, each wrong one a diagnostic.
 */
public interface ArgumentScope {

    SourceRange range(ParserRuleContext ctx);

    /** Evaluates the statement's expressions with every name the assembly knows. */
    ExpressionEvaluator evaluator();

    /** The value of an expression that must be known where it stands. */
    long constant(CsfParser.ExprContext e);

    /** Reports a problem found while writing the directive's bytes (writing goes on). */
    void report(Diagnostic d);

    /** The value of an argument, plain or {@code key=value}. */
    static CsfParser.ValueContext argValue(CsfParser.ArgumentContext a) {
        if (a instanceof CsfParser.PlainArgumentContext p) {
            return p.value();
        }
        return ((CsfParser.NamedArgumentContext) a).value();
    }

    /** The expression a value holds; a value that is none (a string, a tuple) is a diagnostic. */
    default CsfParser.ExprContext exprOf(CsfParser.ValueContext v) {
        if (v instanceof CsfParser.ExprValueContext e && e.expr() != null) {
            return e.expr();
        }
        throw DiagnosticException.error(range(v), DiagnosticCode.SYNTAX, "expected an expression, got '" + v.getText() + "'");
    }

    /** A diagnostic unless the directive has {@code n} arguments. */
    default void expectArgs(CsfParser.DirectiveContext d, int n) {
        if (d.argument().size() != n) {
            throw DiagnosticException.error(range(d), DiagnosticCode.SYNTAX, Directives.nameOf(d) + " takes " + n + " argument"
                    + (n == 1 ? "" : "s") + ", got " + d.argument().size());
        }
    }

    /** Argument {@code i} as a plain name ({@code what} says what it names in the message). */
    default String plainName(CsfParser.DirectiveContext d, int i, String what) {
        if (d.argument().size() <= i || !(d.argument(i) instanceof CsfParser.PlainArgumentContext p)) {
            throw DiagnosticException.error(d.argument().size() <= i ? range(d) : range(d.argument(i)), DiagnosticCode.SYNTAX,
                    Directives.nameOf(d) + " needs " + what);
        }
        return nameOf(p.value(), what);
    }

    /** A value that is a plain name. */
    default String nameOf(CsfParser.ValueContext v, String what) {
        if (v instanceof CsfParser.ExprValueContext e && e.expr() instanceof CsfParser.SymbolExprContext s) {
            return s.getText();
        }
        throw DiagnosticException.error(range(v), DiagnosticCode.SYNTAX, "expected " + what + ", got '" + v.getText() + "'");
    }

    /** The diagnostic for an option the directive does not take, with the allowed ones. */
    default DiagnosticException unknownOption(CsfParser.ArgumentContext a, List<String> allowed) {
        return unknownOption(a instanceof CsfParser.NamedArgumentContext na ? na.key.getText() : a.getText(), range(a), allowed);
    }

    /**
     * The {@code key=value} arguments of {@code d} from argument {@code from} on, by lower-case key, in the order
     * written; a plain argument, a key not {@code allowed} or a key given twice is a diagnostic.
     */
    default Map<String, CsfParser.ValueContext> options(CsfParser.DirectiveContext d, int from, List<String> allowed) {
        Map<String, CsfParser.ValueContext> options = new LinkedHashMap<>();
        for (int i = from; i < d.argument().size(); i++) {
            CsfParser.ArgumentContext a = d.argument(i);
            if (!(a instanceof CsfParser.NamedArgumentContext na) || !allowed.contains(na.key.getText().toLowerCase(Locale.ROOT))) {
                throw unknownOption(a, allowed);
            }
            if (options.putIfAbsent(na.key.getText().toLowerCase(Locale.ROOT), na.value()) != null) {
                throw givenTwice(na.key.getText(), range(a));
            }
        }
        return options;
    }

    /** The diagnostic for an option written a second time (at {@code at}) on one line: which value was meant? */
    static DiagnosticException givenTwice(String key, SourceRange at) {
        return DiagnosticException.error(at, DiagnosticCode.DUPLICATE_OPTION, "option '" + key.toLowerCase(Locale.ROOT)
                + "' is given twice: give it once");
    }

    /** The diagnostic for an option {@code key} at {@code at} that the directive does not take, with the allowed ones. */
    default DiagnosticException unknownOption(String key, SourceRange at, List<String> allowed) {
        List<String> near = SpellingSuggestions.closest(key, allowed);
        return new DiagnosticException(Diagnostic.error(at, DiagnosticCode.UNKNOWN_OPTION, "unknown option '" + key + "'"
                + (near.isEmpty() ? "; allowed: " + String.join(", ", allowed) : SpellingSuggestions.didYouMean(near)))
                .withSuggestions(near));
    }

    /** Argument {@code i} as a constant. */
    default long constantArg(CsfParser.DirectiveContext d, int i) {
        return constant(exprOf(argValue(d.argument(i))));
    }

    /** A diagnostic unless {@code n} is a size a section can have. */
    default void checkSize(long n, ParserRuleContext where, String what) {
        checkSize(n, range(where), what);
    }

    /** A diagnostic at {@code at} unless {@code n} is a size a section can have. */
    default void checkSize(long n, SourceRange at, String what) {
        if (n < 0 || n > Layout.MAX_SECTION_BYTES) {
            throw DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE, what + " " + n + " out of range: allowed 0.."
                    + Layout.MAX_SECTION_BYTES);
        }
    }
}
