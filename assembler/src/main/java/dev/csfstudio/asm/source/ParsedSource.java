package dev.csfstudio.asm.source;

import dev.csfstudio.program.Diagnostic;

import dev.csfstudio.grammar.CsfParser;
import java.nio.file.Path;
import java.util.List;
import org.antlr.v4.runtime.CommonTokenStream;

/**
 * One source text after parsing: its syntax tree (complete even after syntax errors, thanks to ANTLR's
 * error recovery), its tokens (comments are on the hidden channel) and the syntax diagnostics.
 */
public record ParsedSource(Path file, String text, CsfParser.FileContext tree, CommonTokenStream tokens,
                           List<Diagnostic> diagnostics) {

    public ParsedSource {
        diagnostics = List.copyOf(diagnostics);
    }

    /** The text of a 1-based line without its line terminator, or "" beyond the end. */
    public String lineText(int line) {
        return SourceLines.line(text, line);
    }
}
