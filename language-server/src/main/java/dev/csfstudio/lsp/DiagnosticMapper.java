package dev.csfstudio.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import com.google.gson.JsonArray;
import com.google.gson.JsonPrimitive;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.SourceRange;

/** Maps the toolchain's diagnostics one to one onto LSP diagnostics, grouped by the document they belong to. */
public final class DiagnosticMapper {

    public static final String SOURCE = "csf";

    private DiagnosticMapper() {
    }

    public static Range range(SourceRange r) {
        return new Range(new Position(Math.max(r.line() - 1, 0), Math.max(r.column() - 1, 0)),
                new Position(Math.max(r.endLine() - 1, 0), Math.max(r.endColumn() - 1, 0)));
    }

    /** The URI of a file the assembler named; the analysed document's own path maps to its URI. */
    public static String uriOf(Path file, DocumentAnalysis analysis) {
        return analysis.isMainFile(file) ? analysis.document().uri() : DocumentStore.uriOf(file);
    }

    /** Diagnostics by URI, the analysed document always present (possibly with none, to clear old ones). */
    public static Map<String, List<Diagnostic>> byDocument(List<dev.csfstudio.program.Diagnostic> diagnostics,
                                                           DocumentAnalysis analysis) {
        Map<String, List<Diagnostic>> out = new LinkedHashMap<>();
        out.put(analysis.document().uri(), new ArrayList<>());
        for (dev.csfstudio.program.Diagnostic d : diagnostics) {
            out.computeIfAbsent(uriOf(d.range().file(), analysis), u -> new ArrayList<>()).add(toLsp(d, analysis));
            if (!analysis.isMainFile(d.range().file()) && d.severity() == Severity.ERROR) {
                // The user is looking at this document: show where the broken include comes in.
                includeSite(analysis, d.range().file()).ifPresent(site -> {
                    Diagnostic here = new Diagnostic(site, "error in included file " + d.range().file().getFileName()
                            + ": " + d.message(), DiagnosticSeverity.Error, SOURCE);
                    here.setCode(Either.forLeft("include-error"));
                    here.setRelatedInformation(List.of(new DiagnosticRelatedInformation(
                            new Location(uriOf(d.range().file(), analysis), range(d.range())), d.message())));
                    out.get(analysis.document().uri()).add(here);
                });
            }
        }
        return out;
    }

    /** The file name of the main document's {@code .include} of {@code file}, else of its first include. */
    static Optional<Range> includeSite(DocumentAnalysis a, Path file) {
        TextDocument doc = a.document();
        Path dir = a.path().getParent();
        Range first = null;
        for (int i = 0; i < doc.lineCount(); i++) {
            String text = doc.line(i);
            if (!text.regionMatches(true, text.indexOf('.') < 0 ? 0 : text.indexOf('.'), ".include", 0, 8)) {
                continue;
            }
            SourceLine line = SourceLine.scan(text);
            if (line.head().isEmpty() || !line.head().get().text().equalsIgnoreCase(".include")) {
                continue;
            }
            for (SourceLine.Token t : line.tokens()) {
                if (t.kind() != SourceLine.Kind.STRING) {
                    continue;
                }
                Range r = new Range(new Position(i, t.start()), new Position(i, t.end()));
                if (first == null) {
                    first = r;
                }
                String name = t.text().replace("\"", "");
                try {
                    if (dir != null && dir.resolve(name).toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
                        return Optional.of(r);
                    }
                } catch (java.nio.file.InvalidPathException e) {
                    // not a usable file name; the assembler reports it
                }
            }
        }
        return Optional.ofNullable(first);
    }

    /** The kind of a diagnostic a client sends back (code actions): ours carry a {@link DiagnosticCode#id()}. */
    public static Optional<DiagnosticCode> codeOf(Diagnostic d) {
        return d.getCode() != null && d.getCode().isLeft() ? DiagnosticCode.byId(d.getCode().getLeft()) : Optional.empty();
    }

    public static Diagnostic toLsp(dev.csfstudio.program.Diagnostic d, DocumentAnalysis analysis) {
        return toLsp(d, file -> uriOf(file, analysis));
    }

    /** One diagnostic, its related locations named by {@code uriOf} (the Eclipse builder's files have no analysis). */
    public static Diagnostic toLsp(dev.csfstudio.program.Diagnostic d, java.util.function.Function<Path, String> uriOf) {
        Diagnostic out = new Diagnostic(range(d.range()), d.message(), severity(d.severity()), SOURCE);
        if (d.code() != null) {
            out.setCode(Either.forLeft(d.code().id()));
        }
        if (!d.suggestions().isEmpty()) {
            // Code actions read the replacements back from here, so they need no second assembly.
            JsonArray suggestions = new JsonArray();
            d.suggestions().forEach(s -> suggestions.add(new JsonPrimitive(s)));
            out.setData(suggestions);
        }
        if (!d.related().isEmpty()) {
            List<DiagnosticRelatedInformation> related = new ArrayList<>();
            for (dev.csfstudio.program.Diagnostic.Related r : d.related()) {
                related.add(new DiagnosticRelatedInformation(
                        new Location(uriOf.apply(r.range().file()), range(r.range())), r.message()));
            }
            out.setRelatedInformation(related);
        }
        return out;
    }

    private static DiagnosticSeverity severity(Severity s) {
        return switch (s) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case NOTE -> DiagnosticSeverity.Information;
        };
    }
}
