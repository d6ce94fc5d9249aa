package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.symbols.NameScope;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One option of a {@code .stream} or {@code .buffer} after its name: from the line's syntax tree, or as the plain
 * scanner read it ({@link SectionArguments}). {@link SectionDirectives} reads both through this one interface, so
 * the two paths open the same sections and report the same diagnostics.
 */
sealed interface SectionOption {

    /** The key of {@code key=value}, or null for an option that is a value only. */
    String key();

    /** The option as written when it is a value only ({@code dumpable}), else null. */
    String plainText();

    SourceRange range();

    SourceRange valueRange();

    /** The value as a constant where it stands. */
    long value(ArgumentScope args, NameScope names);

    /** The options of a parsed {@code .stream}/{@code .buffer}: its arguments after the name. */
    static List<SectionOption> of(CsfParser.DirectiveContext d, Path file) {
        List<SectionOption> out = new ArrayList<>(Math.max(0, d.argument().size() - 1));
        for (int i = 1; i < d.argument().size(); i++) {
            out.add(new Parsed(d.argument(i), file));
        }
        return out;
    }

    static List<SectionOption> of(SectionArguments line, Path file, int lineNo) {
        List<SectionOption> out = new ArrayList<>(line.size());
        for (int i = 0; i < line.size(); i++) {
            out.add(new Scanned(line, i, file, lineNo));
        }
        return out;
    }

    /** An argument of a parsed line. */
    record Parsed(CsfParser.ArgumentContext argument, Path file) implements SectionOption {
        @Override
        public String key() {
            return ParsedArgument.key(argument);
        }

        @Override
        public String plainText() {
            return ParsedArgument.plainText(argument);
        }

        @Override
        public SourceRange range() {
            return Parsing.range(file, argument);
        }

        @Override
        public SourceRange valueRange() {
            return Parsing.range(file, ArgumentScope.argValue(argument));
        }

        @Override
        public long value(ArgumentScope args, NameScope names) {
            return args.constant(args.exprOf(ArgumentScope.argValue(argument)));
        }
    }

    /** Option {@code index} of a line the plain scanner read. */
    record Scanned(SectionArguments line, int index, Path file, int lineNo) implements SectionOption {
        private SymbolicExpression expression() {
            return line.values()[index];
        }

        @Override
        public String key() {
            return expression() == null ? null : line.keys()[index];
        }

        @Override
        public String plainText() {
            return expression() == null ? line.keys()[index] : null;
        }

        @Override
        public SourceRange range() {
            return new SourceRange(file, lineNo, line.columns()[4 * index], lineNo, line.columns()[4 * index + 1]);
        }

        @Override
        public SourceRange valueRange() {
            return new SourceRange(file, lineNo, line.columns()[4 * index + 2], lineNo, line.columns()[4 * index + 3]);
        }

        @Override
        public long value(ArgumentScope args, NameScope names) {
            return expression().evaluate(names, file, lineNo);
        }
    }
}
