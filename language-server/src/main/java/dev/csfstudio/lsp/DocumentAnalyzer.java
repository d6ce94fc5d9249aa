package dev.csfstudio.lsp;

import dev.csfstudio.isa.Arch;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Keeps the latest analysis of every open document. The current version is assembled at most once,
 * however many features ask for it at the same time, and never on a request thread: {@link #analysis}
 * answers with a future that the assembler threads complete, so a slow or stuck assembly holds up only
 * the requests about its own document.
 */
public final class DocumentAnalyzer implements AutoCloseable {

    private final DocumentStore store;
    private final WorkspaceRoots roots;
    private final AssemblyFunction assembler;
    private final ConcurrentMap<String, DocumentAnalysis> latest = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();
    /** Per document: the version being assembled for {@link #analysis} and its result. */
    private final ConcurrentMap<String, Pending> pending = new ConcurrentHashMap<>();
    private final ExecutorService assemblers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "csf-assemble");
        t.setDaemon(true);
        return t;
    });

    private record Pending(TextDocument document, CompletableFuture<Optional<DocumentAnalysis>> result) {
    }

    /** The architecture a document is assembled for when it says nothing else (the client's {@code arch} option). */
    private volatile Arch defaultArch = Arch.DEFAULT;

    public DocumentAnalyzer(DocumentStore store, WorkspaceRoots roots, AssemblyFunction assembler) {
        this.store = store;
        this.roots = roots;
        this.assembler = assembler;
    }

    public Arch defaultArch() {
        return defaultArch;
    }

    void defaultArch(Arch arch) {
        defaultArch = arch;
    }

    /** The architecture of the document's newest analysis, the default before it has one. */
    public Arch archOf(String uri) {
        DocumentAnalysis known = latest.get(uri);
        return known == null ? defaultArch : known.arch();
    }

    /** The analysis of the document's current version, assembled on an assembler thread if nobody has yet. */
    public CompletableFuture<Optional<DocumentAnalysis>> analysis(String uri) {
        Optional<TextDocument> doc = store.get(uri);
        if (doc.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Optional<DocumentAnalysis> ready = ready(uri);
        if (ready.isPresent()) {
            return CompletableFuture.completedFuture(ready);
        }
        return pending.compute(uri, (u, old) -> old != null && old.document() == doc.get() ? old
                : new Pending(doc.get(), CompletableFuture.supplyAsync(() -> current(u), assemblers))).result();
    }

    /** The analysis of the document's current version if it is already known; never waits. */
    public Optional<DocumentAnalysis> ready(String uri) {
        Optional<TextDocument> doc = store.get(uri);
        DocumentAnalysis known = latest.get(uri);
        return doc.isPresent() && known != null && known.document() == doc.get() ? Optional.of(known) : Optional.empty();
    }

    /**
     * The analysis of the document's current version, assembling it in the calling thread if nobody has
     * yet (for the server's own threads; requests use {@link #analysis}).
     */
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
        Optional<Path> file = DocumentStore.pathOf(doc.uri());
        Path path = DocumentStore.pathFor(doc.uri());
        var allowed = roots.rootsFor(file);
        var reader = new WorkspaceSourceReader(store, allowed, roots.roots().isEmpty());
        // The reader refuses what the roots do not allow (an empty list means anywhere to the assembler).
        var result = assembler.assemble(path, doc.text(), reader, allowed, defaultArch);
        // A version that did not assemble keeps the architecture the document had (its .arch is still there).
        Arch arch = result.program() != null ? result.program().arch() : archOf(doc.uri());
        return new DocumentAnalysis(doc, path, result, reader, arch);
    }

    /** The document closed: its analyses are dropped, and whoever waits for one gets none. */
    public void forget(String uri) {
        latest.remove(uri);
        locks.remove(uri);
        Pending p = pending.remove(uri);
        if (p != null) {
            p.result().complete(Optional.empty());
        }
    }

    @Override
    public void close() {
        assemblers.shutdownNow();
    }
}
