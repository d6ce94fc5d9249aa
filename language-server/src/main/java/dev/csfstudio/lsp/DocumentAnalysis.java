package dev.csfstudio.lsp;

import dev.csfstudio.isa.Arch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.program.SymbolReference;

/**
 * One document version and what the assembler made of it. Every feature reads this; nothing re-parses
 * or re-derives addresses. References are the assembler's plus the uses on lines it rejected
 * ({@link BrokenLineReferences}).
 */
public final class DocumentAnalysis {

    private final TextDocument document;
    private final Path path;
    private final AssemblyResult result;
    private final SourceReader files;
    private final Arch arch;
    private final ConcurrentMap<Path, TextDocument> texts = new ConcurrentHashMap<>();
    private volatile Map<Integer, AssembledLine> linesByNumber;
    private volatile List<SymbolReference> references;

    /**
     * @param path  the file the assembler saw as the main file (diagnostics on it belong to this document)
     * @param files where the text of included files comes from (with the same confinement as the assembly)
     */
    public DocumentAnalysis(TextDocument document, Path path, AssemblyResult result, SourceReader files) {
        this(document, path, result, files, result.program() != null ? result.program().arch() : Arch.DEFAULT);
    }

    /** @param arch the architecture the document is written for: its program's, or the one it had before errors */
    public DocumentAnalysis(TextDocument document, Path path, AssemblyResult result, SourceReader files, Arch arch) {
        this.document = document;
        this.path = path;
        this.result = result;
        this.files = files;
        this.arch = arch;
    }

    /** The same document and file access with another assembly result. */
    public DocumentAnalysis withResult(AssemblyResult other) {
        return new DocumentAnalysis(document, path, other, files,
                other.program() != null ? other.program().arch() : arch);
    }

    /** The architecture whose tables completion, hover, signatures and semantic tokens read for this document. */
    public Arch arch() {
        return arch;
    }

    public TextDocument document() {
        return document;
    }

    public Path path() {
        return path;
    }

    public AssemblyResult result() {
        return result;
    }

    /** Whether a source file is this document (the assembler's paths are absolute and normalized). */
    public boolean isMainFile(Path file) {
        return file == null || file.toAbsolutePath().normalize().equals(path);
    }

    /** What the 0-based line of this document assembled to, if it produced bytes. */
    public Optional<AssembledLine> assembledLine(int line) {
        Map<Integer, AssembledLine> index = linesByNumber;
        if (index == null) {
            index = new HashMap<>();
            for (AssembledLine l : result.lines()) {
                if (isMainFile(l.range().file())) {
                    index.putIfAbsent(l.range().line() - 1, l);
                }
            }
            linesByNumber = index;
        }
        return Optional.ofNullable(index.get(line));
    }

    /** The symbol a name refers to: global symbols by name (labels, constants, streams, buffers). */
    public Optional<Symbol> symbol(String name) {
        return result.symbols().stream()
                .filter(s -> s.kind() != SymbolKind.LOCAL_LABEL && s.name().equals(name))
                .findFirst();
    }

    /** The text of a 0-based line of this document or of a file it includes; empty when it cannot be read. */
    public String lineText(Path file, int line) {
        if (isMainFile(file)) {
            return document.line(line);
        }
        return texts.computeIfAbsent(file.toAbsolutePath().normalize(), f -> {
            try {
                return new TextDocument("", 0, files.read(f));
            } catch (IOException | RuntimeException e) {
                return new TextDocument("", 0, "");
            }
        }).line(line);
    }

    /** Every use of a symbol the assembly knows of, in every file, lines that did not assemble included. */
    public List<SymbolReference> references() {
        List<SymbolReference> all = references;
        if (all == null) {
            all = new ArrayList<>(result.references());
            all.addAll(BrokenLineReferences.find(result, this::lineText, this::symbol));
            references = all = List.copyOf(all);
        }
        return all;
    }

    /** The symbol defined or used at a 0-based position of this document. */
    public Optional<Symbol> symbolAt(int line, int column) {
        for (SymbolReference ref : references()) {
            if (ref.target() != null && isMainFile(ref.range().file())
                    && touches(ref.range(), line, column)) {
                return Optional.of(ref.target());
            }
        }
        for (Symbol s : result.symbols()) {
            if (s.definition() != null && isMainFile(s.definition().file())
                    && touches(s.definition(), line, column)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Whether a 0-based cursor is inside a range or right after its end (where a cursor rests after typing). */
    private static boolean touches(SourceRange r, int line, int column) {
        int l = line + 1;
        int c = column + 1;
        return l >= r.line() && l <= r.endLine() && (l != r.line() || c >= r.column()) && (l != r.endLine() || c <= r.endColumn());
    }

    /** Every use of a symbol, in every file of the assembly. */
    public List<SymbolReference> referencesTo(Symbol symbol) {
        return references().stream().filter(r -> symbol.equals(r.target())).toList();
    }
}
