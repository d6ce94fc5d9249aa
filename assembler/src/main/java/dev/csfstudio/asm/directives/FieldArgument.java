package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.DescriptorField;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One argument of a {@code .fbd} or {@code .rt}: from the line's syntax tree, or as the plain scanner read it (a
 * {@link SymbolicExpression}). {@link DescriptorDirectives} reads both through this one interface, so the two paths
 * write the same bytes and report the same diagnostics.
 */
sealed interface FieldArgument {

    /** The key as written, or null for an argument that is a value only. */
    String key();

    /** The argument as written when it is a value only (no key), else null. */
    String plainText();

    SourceRange keyRange();

    SourceRange range();

    SourceRange valueRange();

    /** The value as a constant, in pass 1 ({@code zs_crc}, {@code rt_count}). */
    long constant(ArgumentScope asm);

    /** The value written to field {@code f} after layout: an enumeration's name, a float, or an integer. */
    long value(DescriptorField f, ExpressionEvaluator ev, ArgumentScope asm);

    /** The value's syntax tree, for the tuples of {@code clear_rgba}/{@code clear_raw} (the scanner declines those). */
    CsfParser.ValueContext tree();

    static List<FieldArgument> of(CsfParser.DirectiveContext d, Path file) {
        List<FieldArgument> out = new ArrayList<>(d.argument().size());
        for (CsfParser.ArgumentContext a : d.argument()) {
            out.add(new Parsed(a, file));
        }
        return out;
    }

    static List<FieldArgument> of(DescriptorArguments line, Path file, int lineNo) {
        List<FieldArgument> out = new ArrayList<>(line.size());
        for (int i = 0; i < line.size(); i++) {
            out.add(new Scanned(line, i, file, lineNo));
        }
        return out;
    }

    private static long floatBits(double v) {
        return Float.floatToRawIntBits((float) v) & 0xffff_ffffL;
    }

    /** The value of enumeration name {@code name}, the value of {@code argument} (whose range only an error needs). */
    private static long enumValue(DescriptorField f, String name, FieldArgument argument) {
        OptionalLong v = f.enumType().valueOf(name);
        if (v.isPresent()) {
            return v.getAsLong();
        }
        SourceRange at = argument.valueRange();
        List<String> names = new ArrayList<>(f.enumType().values().keySet());
        List<String> near = SpellingSuggestions.closest(name, names);
        throw new DiagnosticException(Diagnostic.error(at, DiagnosticCode.UNKNOWN_ENUM, "unknown " + f.name() + " '" + name
                + "'" + SpellingSuggestions.didYouMean(near) + " (allowed: " + String.join(", ", names) + ")")
                .withSuggestions(near));
    }

    /** An argument of a parsed line. */
    record Parsed(CsfParser.ArgumentContext argument, Path file) implements FieldArgument {
        private CsfParser.NamedArgumentContext named() {
            return ParsedArgument.named(argument);
        }

        @Override
        public String key() {
            return ParsedArgument.key(argument);
        }

        @Override
        public String plainText() {
            return ParsedArgument.plainText(argument);
        }

        @Override
        public SourceRange keyRange() {
            return Parsing.range(file, named().key);
        }

        @Override
        public SourceRange range() {
            return Parsing.range(file, argument);
        }

        @Override
        public SourceRange valueRange() {
            return Parsing.range(file, tree());
        }

        @Override
        public long constant(ArgumentScope asm) {
            return asm.constant(asm.exprOf(tree()));
        }

        @Override
        public long value(DescriptorField f, ExpressionEvaluator ev, ArgumentScope asm) {
            CsfParser.ExprContext e = asm.exprOf(tree());
            if (f.isFloat()) {
                return floatBits(ev.evalDouble(e));
            }
            if (f.enumType() != null && e instanceof CsfParser.SymbolExprContext sym) {
                return enumValue(f, sym.getText(), this);
            }
            return ev.eval(e);
        }

        @Override
        public CsfParser.ValueContext tree() {
            return named() != null ? named().value() : ((CsfParser.PlainArgumentContext) argument).value();
        }
    }

    /** Argument {@code index} of a line the plain scanner read. */
    record Scanned(DescriptorArguments line, int index, Path file, int lineNo) implements FieldArgument {
        private SourceRange columns(int[] columns, int first, int last) {
            return new SourceRange(file, lineNo, columns[2 * first], lineNo, columns[2 * last + 1]);
        }

        @Override
        public String key() {
            return line.keys()[index];
        }

        @Override
        public String plainText() {
            return null; // the scanner reads only key=value
        }

        @Override
        public SourceRange keyRange() {
            return columns(line.keyColumns(), index, index);
        }

        @Override
        public SourceRange range() {
            return new SourceRange(file, lineNo, line.keyColumns()[2 * index], lineNo, line.valueColumns()[2 * index + 1]);
        }

        @Override
        public SourceRange valueRange() {
            return columns(line.valueColumns(), index, index);
        }

        @Override
        public long constant(ArgumentScope asm) {
            return asm.evaluator().eval(line.values()[index], lineNo);
        }

        @Override
        public long value(DescriptorField f, ExpressionEvaluator ev, ArgumentScope asm) {
            SymbolicExpression e = line.values()[index];
            if (f.isFloat()) {
                return floatBits(ev.evalDouble(e, lineNo));
            }
            if (f.enumType() != null && e.size() == 1 && e.code()[0] == SymbolicExpression.NAME) {
                return enumValue(f, e.names()[0], this);
            }
            return ev.eval(e, lineNo);
        }

        @Override
        public CsfParser.ValueContext tree() {
            return null;
        }
    }
}
