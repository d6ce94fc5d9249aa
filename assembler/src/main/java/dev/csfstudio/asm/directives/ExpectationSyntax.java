package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.misc.Interval;

/**
 * One {@code .expect} in the grammar's parts ({@code subject target* (comparison value)? (','? key=value)*}), from
 * its syntax tree or as the plain scanner read it ({@link ScannedExpectation}): {@link ExpectationReader} reads
 * both through this one form, so the two paths state the same expectations and report the same diagnostics.
 *
 * @param range            the whole directive
 * @param expectationRange from the subject to the end
 * @param text             the expectation as written, blanks collapsed: what messages quote
 * @param comparison       the operator, or null
 * @param value            what is compared with, or null
 */
record ExpectationSyntax(SourceRange range, SourceRange expectationRange, String text, String subject,
                         SourceRange subjectRange, List<Target> targets, String comparison, SourceRange comparisonRange,
                         Term value, List<Option> options) {

    /** {@code [term]} ({@code bracketed}) or {@code term}. */
    record Target(Term term, boolean bracketed, SourceRange range, String text) {
    }

    record Option(String key, SourceRange range, Term value) {
    }

    /** An expression, a tuple or a string, as a target, a value or an option's value. */
    sealed interface Term {
        SourceRange range();

        /** The tokens as written, without blanks. */
        String text();

        /** Whether it is an expression (not a tuple or a string). */
        boolean expression();

        /** The name it is when an expression of one name, else null. */
        String name();

        /** Its value as an expression. */
        long value();

        /** The function a call expression names, else null. */
        String call();

        SourceRange callRange();

        /** A call's arguments or a tuple's elements. */
        List<Term> parts();

        /** A string's token as written, quotes and escapes kept; else null. */
        String string();

        /** The first of {@code names} (sections) the expression names, in source order, or null. */
        String firstOf(Collection<String> names);
    }

    static ExpectationSyntax of(CsfParser.DirectiveContext d, ExpressionEvaluator ev) {
        Path file = ev.file();
        CsfParser.ExpectationContext e = d.expectation();
        List<Target> targets = new ArrayList<>(1 + e.laterTarget().size());
        CsfParser.ExpectTargetContext first = e.expectTarget();
        if (first != null) {
            targets.add(new Target(first.expr() == null ? null : new Tree(first.expr(), ev), first.getStart().getText().equals("["),
                    Parsing.range(file, first), Parsing.text(first)));
        }
        for (CsfParser.LaterTargetContext t : e.laterTarget()) {
            SourceRange range = Parsing.range(file, t);
            Term term = t.name != null ? new Word(t.name.getText(), range, ev) : t.expr() == null ? null : new Tree(t.expr(), ev);
            targets.add(new Target(term, t.name == null, range, Parsing.text(t)));
        }
        List<Option> options = new ArrayList<>(e.expectOption().size());
        for (CsfParser.ExpectOptionContext o : e.expectOption()) {
            options.add(new Option(o.key.getText(), Parsing.range(file, o), new Tree(o.value(), ev)));
        }
        CsfParser.ComparisonContext c = e.comparison();
        return new ExpectationSyntax(Parsing.range(file, d), Parsing.range(file, e), sourceText(e), e.subject.getText(),
                Parsing.range(file, e.subject), targets, c == null ? null : c.getText(),
                c == null ? null : Parsing.range(file, c), e.value() == null ? null : new Tree(e.value(), ev), options);
    }

    /** A scanned line's parts; {@code statement} is the directive's range and {@code line} its line's text. */
    static ExpectationSyntax of(ScannedExpectation x, SourceRange statement, String line,
                                ExpressionEvaluator.Scope scope) {
        Path file = statement.file();
        int n = statement.line();
        List<Target> targets = new ArrayList<>(x.targets().length);
        for (int i = 0; i < x.targets().length; i++) {
            ScannedExpectation.Term t = x.targets()[i];
            Scanned term = new Scanned(t, file, n, line, scope);
            boolean bracketed = t.kind() == ScannedExpectation.Kind.BRACKETED;
            targets.add(new Target(term, bracketed, new SourceRange(file, n, x.targetColumns()[2 * i], n,
                    x.targetColumns()[2 * i + 1]), bracketed ? "[" + term.text() + "]" : term.text()));
        }
        List<Option> options = new ArrayList<>(x.optionKeys().length);
        for (int i = 0; i < x.optionKeys().length; i++) {
            options.add(new Option(x.optionKeys()[i], new SourceRange(file, n, x.optionColumns()[2 * i], n,
                    x.optionColumns()[2 * i + 1]), new Scanned(x.optionValues()[i], file, n, line, scope)));
        }
        int end = statement.endColumn();
        return new ExpectationSyntax(statement, new SourceRange(file, n, x.subjectColumn(), n, end),
                collapsed(line.substring(x.subjectColumn() - 1, end - 1)), x.subject(),
                new SourceRange(file, n, x.subjectColumn(), n, x.subjectEndColumn()), targets, x.comparison(),
                x.comparison() == null ? null : new SourceRange(file, n, x.comparisonColumn(), n,
                        x.comparisonColumn() + x.comparison().length()),
                x.value() == null ? null : new Scanned(x.value(), file, n, line, scope), options);
    }

    /** A part of the syntax tree: an expression, or a value (a tuple, a string, an expression). */
    record Tree(ParserRuleContext tree, ExpressionEvaluator ev) implements Term {
        private CsfParser.ExprContext expr() {
            if (tree instanceof CsfParser.ExprContext e) {
                return e;
            }
            return tree instanceof CsfParser.ExprValueContext v ? v.expr() : null;
        }

        @Override
        public SourceRange range() {
            return Parsing.range(ev.file(), tree);
        }

        @Override
        public String text() {
            return tree instanceof CsfParser.StringValueContext ? tree.getText() : Parsing.text(tree);
        }

        @Override
        public boolean expression() {
            return expr() != null;
        }

        @Override
        public String name() {
            return expr() instanceof CsfParser.SymbolExprContext s ? s.getText() : null;
        }

        @Override
        public long value() {
            return ev.eval(expr());
        }

        @Override
        public String call() {
            return expr() instanceof CsfParser.CallExprContext c ? c.fn.getText() : null;
        }

        @Override
        public SourceRange callRange() {
            return Parsing.range(ev.file(), ((CsfParser.CallExprContext) expr()).fn);
        }

        @Override
        public List<Term> parts() {
            List<CsfParser.ExprContext> exprs = expr() instanceof CsfParser.CallExprContext c ? c.expr()
                    : tree instanceof CsfParser.TupleValueContext t ? t.expr() : List.of();
            List<Term> out = new ArrayList<>(exprs.size());
            for (CsfParser.ExprContext x : exprs) {
                out.add(new Tree(x, ev));
            }
            return out;
        }

        @Override
        public String string() {
            return tree instanceof CsfParser.StringValueContext s ? s.STRING().getText() : null;
        }

        @Override
        public String firstOf(Collection<String> names) {
            return firstOf(tree, names);
        }

        /** The first in source order, found with a stack of its own (a flat chain is a tree as deep as it is long). */
        private static String firstOf(org.antlr.v4.runtime.tree.ParseTree t, Collection<String> names) {
            java.util.ArrayDeque<org.antlr.v4.runtime.tree.ParseTree> pending = new java.util.ArrayDeque<>();
            pending.push(t);
            while (!pending.isEmpty()) {
                org.antlr.v4.runtime.tree.ParseTree x = pending.pop();
                if (x instanceof CsfParser.SymbolExprContext s && names.contains(s.getText())) {
                    return s.getText();
                }
                for (int i = x.getChildCount() - 1; i >= 0; i--) {
                    pending.push(x.getChild(i));
                }
            }
            return null;
        }
    }

    /** A target after the first that is one name ({@code fault translation}'s kind), as the grammar reads it. */
    record Word(String name, SourceRange range, ExpressionEvaluator ev) implements Term {
        @Override
        public String text() {
            return name;
        }

        @Override
        public boolean expression() {
            return true;
        }

        @Override
        public long value() {
            return ev.symbol(name, range);
        }

        @Override
        public String call() {
            return null;
        }

        @Override
        public SourceRange callRange() {
            return range;
        }

        @Override
        public List<Term> parts() {
            return List.of();
        }

        @Override
        public String string() {
            return null;
        }

        @Override
        public String firstOf(Collection<String> names) {
            return names.contains(name) ? name : null;
        }
    }

    /** A part as the plain scanner read it, on line {@code n} of {@code file} whose text is {@code line}. */
    record Scanned(ScannedExpectation.Term term, Path file, int n, String line, ExpressionEvaluator.Scope scope)
            implements Term {
        @Override
        public SourceRange range() {
            return new SourceRange(file, n, term.column(), n, term.endColumn());
        }

        @Override
        public String text() {
            StringBuilder out = new StringBuilder();
            for (int i = term.column() - 1; i < term.endColumn() - 1; i++) {
                char c = line.charAt(i);
                if (term.kind() == ScannedExpectation.Kind.STRING || !Character.isWhitespace(c)) {
                    out.append(c);
                }
            }
            return out.toString();
        }

        @Override
        public boolean expression() {
            return term.kind() != ScannedExpectation.Kind.TUPLE && term.kind() != ScannedExpectation.Kind.STRING;
        }

        @Override
        public String name() {
            SymbolicExpression e = term.expression();
            return e != null && e.size() == 1 && e.code()[0] == SymbolicExpression.NAME ? e.names()[0] : null;
        }

        @Override
        public long value() {
            return term.expression().evaluate(scope, file, n);
        }

        @Override
        public String call() {
            return term.kind() == ScannedExpectation.Kind.CALL ? term.name() : null;
        }

        @Override
        public SourceRange callRange() {
            return new SourceRange(file, n, term.column(), n, term.column() + term.name().length());
        }

        @Override
        public List<Term> parts() {
            SymbolicExpression[] args = term.args() == null ? new SymbolicExpression[0] : term.args();
            List<Term> out = new ArrayList<>(args.length);
            for (int i = 0; i < args.length; i++) {
                out.add(new Scanned(new ScannedExpectation.Term(ScannedExpectation.Kind.EXPRESSION, args[i], null, null, null,
                        term.argColumns()[2 * i], term.argColumns()[2 * i + 1]), file, n, line, scope));
            }
            return out;
        }

        @Override
        public String string() {
            return term.kind() == ScannedExpectation.Kind.STRING ? line.substring(term.column() - 1, term.endColumn() - 1) : null;
        }

        @Override
        public String firstOf(Collection<String> names) {
            SymbolicExpression e = term.expression();
            for (int k = 0; e != null && k < e.size(); k++) { // the tree's names in source order, as the program's
                if (e.code()[k] == SymbolicExpression.NAME && names.contains(e.names()[k])) {
                    return e.names()[k];
                }
            }
            return null;
        }
    }

    /** The expectation as written, blanks collapsed. */
    private static String sourceText(CsfParser.ExpectationContext e) {
        String raw;
        try {
            raw = e.start.getInputStream().getText(Interval.of(e.start.getStartIndex(), e.stop.getStopIndex()));
        } catch (RuntimeException noText) {
            raw = e.getText();
        }
        return collapsed(raw);
    }

    /** {@code raw} trimmed, each run of blanks ({@code \s}: space, tab, line ends, vertical tab, form feed) one space. */
    private static String collapsed(String raw) {
        String trimmed = raw.trim();
        StringBuilder out = new StringBuilder(trimmed.length());
        boolean blank = false;
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r') {
                blank = true;
                continue;
            }
            if (blank) {
                out.append(' ');
                blank = false;
            }
            out.append(c);
        }
        return out.toString();
    }
}
