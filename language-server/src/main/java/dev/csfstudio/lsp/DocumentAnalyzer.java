package dev.csfstudio.lsp;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Keeps the latest analysis of every open document. A request for the current version assembles it at
 * most once, however many features ask for it at the same time.
 */
public final class DocumentAnalyzer {

    private final DocumentStore store;
    private final WorkspaceRoots roots;
    private final AssemblyFunction assembler;
    private final ConcurrentMap<String, DocumentAnalysis> latest = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();

    public DocumentAnalyzer(DocumentStore store, WorkspaceRoots roots, AssemblyFunction assembler) {
        this.store = store;
        this.roots = roots;
        this.assembler = assembler;
    }

    /** The analysis of the document's current version, assembling it if nobody has yet. */
    public Optional<DocumentAnalysis> current(String uri) {
        Optional<TextDocument> doc = store.get(uri);
        if (doc.isEmpty()) {
            return Optional.empty();
        }
        DocumentAnalysis known = latest.get(uri);
        if (known != null && known.document() == doc.get()) {
            return Optional.of(known);
        }
        synchronized (locks.computeIfAbsent(uri, u -> new Object())) {
            TextDocument now = store.get(uri).orElse(doc.get());
            known = latest.get(uri);
            if (known != null && known.document() == now) {
                return Optional.of(known);
            }
            DocumentAnalysis fresh = analyze(now);
            if (store.get(uri).isPresent()) {
                latest.put(uri, fresh);
            }
            return Optional.of(fresh);
        }
    }

    /** The newest analysis there is, possibly of an older version; never waits for the assembler. */
    public Optional<DocumentAnalysis> latest(String uri) {
        return Optional.ofNullable(latest.get(uri));
    }

    public DocumentAnalysis analyze(TextDocument doc) {
        Path path = DocumentStore.pathFor(doc.uri());
        var allowed = roots.rootsFor(path);
        var result = assembler.assemble(path, doc.text(), new WorkspaceSourceReader(store, allowed), allowed);
        return new DocumentAnalysis(doc, path, result);
    }

    public void forget(String uri) {
        latest.remove(uri);
        locks.remove(uri);
    }
}
