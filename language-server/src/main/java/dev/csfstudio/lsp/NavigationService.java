package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolReference;
import dev.csfstudio.isa.InstructionSet;

/** Go to definition, find references, rename, document and workspace symbols, from the assembler's symbol table. */
public final class NavigationService {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    private final InstructionSet isa;

    public NavigationService(InstructionSet isa) {
        this.isa = isa;
    }

    public List<Location> definition(DocumentAnalysis a, Position p) {
        return a.symbolAt(p.getLine(), p.getCharacter()).filter(s -> s.definition() != null)
                .map(s -> List.of(location(a, nameRange(a, s.definition(), s.name()))))
                .orElse(List.of());
    }

    public List<Location> references(DocumentAnalysis a, Position p, boolean includeDeclaration) {
        Optional<Symbol> symbol = a.symbolAt(p.getLine(), p.getCharacter());
        if (symbol.isEmpty()) {
            return List.of();
        }
        List<Location> out = new ArrayList<>();
        if (includeDeclaration && symbol.get().definition() != null) {
            out.add(location(a, nameRange(a, symbol.get().definition(), symbol.get().name())));
        }
        for (SymbolReference r : a.referencesTo(symbol.get())) {
            // the assembler may list a definition among the uses (e.g. the name in .equ)
            if (!r.range().equals(symbol.get().definition())) {
                out.add(location(a, r.range()));
            }
        }
        return out;
    }

    /** The range of the symbol under the cursor, when it can be renamed. */
    public Optional<Range> prepareRename(DocumentAnalysis a, Position p) {
        SourceLine line = SourceLine.scan(a.document().line(p.getLine()));
        Optional<SourceLine.Token> token = line.tokenAt(p.getCharacter());
        Optional<Symbol> symbol = a.symbolAt(p.getLine(), p.getCharacter());
        if (token.isEmpty() || symbol.isEmpty() || !token.get().text().equals(symbol.get().name())) {
            return Optional.empty();
        }
        return Optional.of(new Range(new Position(p.getLine(), token.get().start()),
                new Position(p.getLine(), token.get().end())));
    }

    /** Renames a label, constant, stream or buffer at its definition and every use, across included files. */
    public WorkspaceEdit rename(DocumentAnalysis a, Position p, String newName) {
        Optional<Symbol> symbol = a.symbolAt(p.getLine(), p.getCharacter());
        if (symbol.isEmpty()) {
            throw invalid("nothing to rename here: put the cursor on a label, constant, stream or buffer");
        }
        if (!IDENTIFIER.matcher(newName).matches() || SourceLine.isRegister(newName)
                || isa.byMnemonic(newName).isPresent()) {
            throw invalid("'" + newName + "' is not a valid symbol name (letters, digits, _ and $; not a register"
                    + " or mnemonic)");
        }
        if (!newName.equals(symbol.get().name()) && a.symbol(newName).isPresent()) {
            throw invalid("'" + newName + "' is already defined");
        }
        Map<String, List<TextEdit>> changes = new LinkedHashMap<>();
        Symbol s = symbol.get();
        if (s.definition() != null) {
            add(changes, a, nameRange(a, s.definition(), s.name()), newName);
        }
        for (SymbolReference r : a.referencesTo(s)) {
            add(changes, a, r.range(), newName);
        }
        return new WorkspaceEdit(changes);
    }

    public List<Either<org.eclipse.lsp4j.SymbolInformation, DocumentSymbol>> documentSymbols(DocumentAnalysis a) {
        Map<String, DocumentSymbol> sections = new LinkedHashMap<>();
        List<DocumentSymbol> top = new ArrayList<>();
        List<Symbol> labels = new ArrayList<>();
        for (Symbol s : a.result().symbols()) {
            if (s.definition() == null || !a.isMainFile(s.definition().file())) {
                continue;
            }
            Range r = DiagnosticMapper.range(nameRange(a, s.definition(), s.name()));
            switch (s.kind()) {
                case STREAM, BUFFER -> {
                    DocumentSymbol d = new DocumentSymbol(s.name(), s.kind() == dev.csfstudio.program.SymbolKind.STREAM
                            ? SymbolKind.Function : SymbolKind.Array, r, r, hex(s.value()));
                    d.setChildren(new ArrayList<>());
                    sections.put(s.name(), d);
                    top.add(d);
                }
                case CONSTANT -> top.add(new DocumentSymbol(s.name(), SymbolKind.Constant, r, r,
                        Long.toString(s.value())));
                case LABEL -> labels.add(s);
                case LOCAL_LABEL -> { }
            }
        }
        for (Symbol s : labels) {
            Range r = DiagnosticMapper.range(nameRange(a, s.definition(), s.name()));
            DocumentSymbol d = new DocumentSymbol(s.name(), SymbolKind.Key, r, r, hex(s.value()));
            DocumentSymbol parent = s.section() == null ? null : sections.get(s.section());
            if (parent != null) {
                parent.getChildren().add(d);
                if (r.getEnd().getLine() > parent.getRange().getEnd().getLine()) {
                    parent.setRange(new Range(parent.getRange().getStart(), r.getEnd()));
                }
            } else {
                top.add(d);
            }
        }
        return top.stream().map(Either::<org.eclipse.lsp4j.SymbolInformation, DocumentSymbol>forRight).toList();
    }

    public List<WorkspaceSymbol> workspaceSymbols(Collection<DocumentAnalysis> analyses, String query) {
        String q = query == null ? "" : query.toLowerCase(Locale.ROOT);
        Map<String, WorkspaceSymbol> unique = new HashMap<>();
        for (DocumentAnalysis a : analyses) {
            for (Symbol s : a.result().symbols()) {
                if (s.definition() == null || s.kind() == dev.csfstudio.program.SymbolKind.LOCAL_LABEL
                        || !s.name().toLowerCase(Locale.ROOT).contains(q)) {
                    continue;
                }
                Location where = location(a, nameRange(a, s.definition(), s.name()));
                SymbolKind kind = switch (s.kind()) {
                    case STREAM -> SymbolKind.Function;
                    case BUFFER -> SymbolKind.Array;
                    case CONSTANT -> SymbolKind.Constant;
                    default -> SymbolKind.Key;
                };
                WorkspaceSymbol ws = new WorkspaceSymbol(s.name(), kind, Either.forLeft(where));
                ws.setContainerName(s.section());
                unique.putIfAbsent(where.getUri() + "#" + s.name() + "@" + where.getRange().getStart(), ws);
            }
        }
        return unique.values().stream()
                .sorted((x, y) -> x.getName().compareToIgnoreCase(y.getName())).toList();
    }

    /**
     * The range of just the name inside a definition: a label's definition may span {@code loop:} or a
     * whole directive, but a rename must touch the name only.
     */
    SourceRange nameRange(DocumentAnalysis a, SourceRange def, String name) {
        if (def.line() == def.endLine() && def.endColumn() - def.column() == name.length()) {
            return def;
        }
        String text = a.lineText(def.file(), def.line() - 1);
        int from = Math.max(def.column() - 1, 0);
        int at = indexOfWord(text, name, from);
        if (at < 0) {
            at = indexOfWord(text, name, 0);
        }
        return at < 0 ? def : new SourceRange(def.file(), def.line(), at + 1, def.line(), at + 1 + name.length());
    }

    private static int indexOfWord(String text, String word, int from) {
        int at = text.indexOf(word, from);
        while (at >= 0) {
            boolean startOk = at == 0 || !SourceLine.isWordChar(text.charAt(at - 1));
            int end = at + word.length();
            boolean endOk = end >= text.length() || !SourceLine.isWordChar(text.charAt(end));
            if (startOk && endOk) {
                return at;
            }
            at = text.indexOf(word, at + 1);
        }
        return -1;
    }

    private static void add(Map<String, List<TextEdit>> changes, DocumentAnalysis a, SourceRange r, String text) {
        List<TextEdit> edits = changes.computeIfAbsent(DiagnosticMapper.uriOf(r.file(), a), u -> new ArrayList<>());
        TextEdit edit = new TextEdit(DiagnosticMapper.range(r), text);
        if (!edits.contains(edit)) {
            edits.add(edit);
        }
    }

    private static Location location(DocumentAnalysis a, SourceRange r) {
        return new Location(DiagnosticMapper.uriOf(r.file(), a), DiagnosticMapper.range(r));
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static ResponseErrorException invalid(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }
}
