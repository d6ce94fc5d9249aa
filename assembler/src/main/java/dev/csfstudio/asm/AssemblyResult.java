package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.ImmutableView;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolReference;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Severity;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything one assembly produced. Lines, symbols and references are filled as far as assembly got
 * even when there are errors, so editors keep working on broken files.
 *
 * @param program     the assembled program, or null when there is any error
 * @param lines       every statement that produced bytes, in source order per file
 * @param symbols     every symbol defined (local numeric labels included, kind LOCAL_LABEL)
 * @param references  every use of a symbol, resolved where possible
 * @param files       the main file first, then each included file once
 * @param sources     the text of each of {@code files} as this assembly read it (null for any other file):
 *                    what diagnostics quote, without reading a file twice
 */
public record AssemblyResult(Program program, List<Diagnostic> diagnostics, List<AssembledLine> lines,
                             List<Symbol> symbols, List<SymbolReference> references, List<Path> files,
                             SourceReader sources) {

    /** A result that keeps no source text. */
    public AssemblyResult(Program program, List<Diagnostic> diagnostics, List<AssembledLine> lines,
                          List<Symbol> symbols, List<SymbolReference> references, List<Path> files) {
        this(program, diagnostics, lines, symbols, references, files, file -> null);
    }

    public AssemblyResult {
        diagnostics = List.copyOf(diagnostics);
        lines = ImmutableView.of(lines);
        symbols = ImmutableView.of(symbols); // a LazyList is built on first use
        references = ImmutableView.of(references);
        files = List.copyOf(files);
    }

    public boolean hasErrors() {
        for (Diagnostic d : diagnostics) {
            if (d.severity() == Severity.ERROR) {
                return true;
            }
        }
        return false;
    }

    public List<Diagnostic> errors() {
        return of(Severity.ERROR);
    }

    public List<Diagnostic> warnings() {
        return of(Severity.WARNING);
    }

    /** Loops, not streams: every command asks for these, and a pipeline's first use is start-up work. */
    private List<Diagnostic> of(Severity severity) {
        List<Diagnostic> found = new java.util.ArrayList<>();
        for (Diagnostic d : diagnostics) {
            if (d.severity() == severity) {
                found.add(d);
            }
        }
        return List.copyOf(found);
    }
}
