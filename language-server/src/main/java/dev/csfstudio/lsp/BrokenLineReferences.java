package dev.csfstudio.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolReference;
import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.CsfParser;

/**
 * Uses of symbols on lines the assembler rejected. It records no references on a line with an error,
 * but rename and go to definition must still find {@code loop} in {@code BRNCH.ne r4, loop}: each such
 * line is parsed on its own, and every name in an expression that names a symbol of the assembly is a use.
 */
final class BrokenLineReferences {

    /** The text of a 0-based line of a file of the assembly. */
    interface Lines {
        String line(Path file, int line);
    }

    private BrokenLineReferences() {
    }

    static List<SymbolReference> find(AssemblyResult result, Lines lines, Function<String, Optional<Symbol>> symbols) {
        Set<SourceRange> known = new HashSet<>();
        for (SymbolReference r : result.references()) {
            known.add(r.range());
        }
        Set<SourceRange> brokenLines = new LinkedHashSet<>();
        for (Diagnostic d : result.diagnostics()) {
            if (d.severity() == Severity.ERROR && d.range() != null && d.range().file() != null) {
                brokenLines.add(SourceRange.at(d.range().file(), d.range().line(), 1, 1));
            }
        }
        List<SymbolReference> found = new ArrayList<>();
        for (SourceRange at : brokenLines) {
            String text = lines.line(at.file(), at.line() - 1);
            CsfLexer lexer = new CsfLexer(CharStreams.fromString(text));
            lexer.removeErrorListeners();
            CsfParser parser = new CsfParser(new CommonTokenStream(lexer));
            parser.removeErrorListeners();
            collect(parser.singleLine(), at, symbols, known, found);
        }
        return found;
    }

    private static void collect(ParseTree tree, SourceRange line, Function<String, Optional<Symbol>> symbols,
                                Set<SourceRange> known, List<SymbolReference> found) {
        if (tree instanceof CsfParser.SymbolExprContext use && use.IDENT() != null) {
            Token t = use.IDENT().getSymbol();
            String name = t.getText();
            SourceRange range = new SourceRange(line.file(), line.line(), t.getCharPositionInLine() + 1, line.line(),
                    t.getCharPositionInLine() + 1 + name.length());
            Optional<Symbol> target = symbols.apply(name);
            if (target.isPresent() && known.add(range)) {
                found.add(new SymbolReference(name, range, target.get()));
            }
            return;
        }
        for (int i = 0; i < tree.getChildCount(); i++) {
            collect(tree.getChild(i), line, symbols, known, found);
        }
    }
}
