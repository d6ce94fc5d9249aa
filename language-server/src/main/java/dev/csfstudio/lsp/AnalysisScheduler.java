package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.PublishDiagnosticsParams;

import dev.csfstudio.runtime.RunOptions;

/**
 * Background work after edits. Assembly is coalesced, not delayed: an edit starts an analysis of the
 * newest text at once unless one is already queued, so diagnostics follow typing closely. Runs are
 * debounced on both edges: an edit after a quiet spell runs at once, an edit in a burst waits until the
 * edits settle ({@code runDelayMillis} without another). A newer edit cancels an older run through its
 * {@code cancelled} supplier, and so does closing the document (the simulator asks during every time
 * slice and fragment job); runs are bounded by a step budget and a wall-clock limit, so none can occupy
 * the runner for long.
 */
public final class AnalysisScheduler implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(AnalysisScheduler.class.getName());

    /** Where results go: the client, or a test. */
    public interface Publisher {
        void publishDiagnostics(PublishDiagnosticsParams params);

        void runFinished(String uri, RunFeedback feedback);
    }

    private final DocumentStore store;
    private final DocumentAnalyzer analyzer;
    private final BackgroundRunner runner;
    private final Publisher publisher;
    private final long runDelayMillis;
    private final RunOptions limits;
    private final ExecutorService analysis = Executors.newSingleThreadExecutor(daemon("csf-analysis"));
    private final ExecutorService runs = Executors.newSingleThreadExecutor(daemon("csf-run"));
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("csf-debounce"));
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private final ConcurrentMap<String, ScheduledFuture<?>> pendingRuns = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, RunFeedback> feedback = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Set<String>> publishedTo = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Long> lastEdit = new ConcurrentHashMap<>();

    public AnalysisScheduler(DocumentStore store, DocumentAnalyzer analyzer, BackgroundRunner runner,
                             Publisher publisher, long runDelayMillis, RunOptions limits) {
        this.store = store;
        this.analyzer = analyzer;
        this.runner = runner;
        this.publisher = publisher;
        this.runDelayMillis = runDelayMillis;
        this.limits = limits;
    }

    /** A document was opened or edited: publish its diagnostics soon, run it once edits settle. */
    public void changed(String uri) {
        if (queued.add(uri)) {
            analysis.execute(() -> {
                queued.remove(uri);
                try {
                    analyzer.current(uri).ifPresent(this::publish);
                } catch (RuntimeException e) {
                    LOG.log(Level.SEVERE, "analysis of " + uri + " failed", e);
                }
            });
        }
        long now = System.nanoTime();
        Long previous = lastEdit.put(uri, now);
        boolean quiet = previous == null || now - previous >= TimeUnit.MILLISECONDS.toNanos(runDelayMillis);
        ScheduledFuture<?> old = pendingRuns.put(uri, timer.schedule(() -> startRun(uri), quiet ? 0 : runDelayMillis,
                TimeUnit.MILLISECONDS));
        if (old != null) {
            old.cancel(false);
        }
    }

    public synchronized void closed(String uri) {
        ScheduledFuture<?> old = pendingRuns.remove(uri);
        if (old != null) {
            old.cancel(false);
        }
        feedback.remove(uri);
        lastEdit.remove(uri);
        Set<String> uris = new HashSet<>(publishedTo.getOrDefault(uri, Set.of()));
        publishedTo.remove(uri);
        uris.add(uri);
        uris.forEach(u -> publisher.publishDiagnostics(new PublishDiagnosticsParams(u, List.of())));
    }

    /** The last run's results, if they belong to the document's current version. */
    public Optional<RunFeedback> feedback(String uri) {
        Optional<TextDocument> doc = store.get(uri);
        return doc.isPresent() ? feedback(uri, doc.get().version()) : Optional.empty();
    }

    /** The last run's results, if they belong to that version of the document. */
    public Optional<RunFeedback> feedback(String uri, int version) {
        RunFeedback f = feedback.get(uri);
        return f != null && f.version() == version ? Optional.of(f) : Optional.empty();
    }

    /** The last run's results, of whichever version ran last (hover shows registers while the user types). */
    public Optional<RunFeedback> lastFeedback(String uri) {
        return Optional.ofNullable(feedback.get(uri));
    }

    private void startRun(String uri) {
        Optional<TextDocument> doc = store.get(uri);
        if (doc.isEmpty()) {
            return;
        }
        int version = doc.get().version();
        runs.execute(() -> {
            try {
                if (!isCurrent(uri, version)) {
                    return;
                }
                Optional<DocumentAnalysis> a = analyzer.current(uri);
                if (a.isEmpty() || a.get().document().version() != version || a.get().result().hasErrors()
                        || a.get().result().program() == null) {
                    return;
                }
                Optional<RunFeedback> result = runner.run(a.get(), limits, () -> !isCurrent(uri, version), false);
                if (result.isPresent() && isCurrent(uri, version)) {
                    feedback.put(uri, result.get());
                    publish(a.get());
                    publisher.runFinished(uri, result.get());
                }
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "background run of " + uri + " failed", e);
            }
        });
    }

    private boolean isCurrent(String uri, int version) {
        return store.get(uri).map(d -> d.version() == version).orElse(false);
    }

    /** Assembly diagnostics plus, when it ran this very version, the run's faults. */
    private synchronized void publish(DocumentAnalysis a) {
        String uri = a.document().uri();
        if (!isCurrent(uri, a.document().version())) {
            return;
        }
        List<dev.csfstudio.program.Diagnostic> all = new ArrayList<>(a.result().diagnostics());
        feedback(uri).ifPresent(f -> all.addAll(f.diagnostics()));
        Map<String, List<Diagnostic>> grouped = DiagnosticMapper.byDocument(all, a);
        Set<String> before = publishedTo.getOrDefault(uri, Set.of());
        for (String stale : before) {
            if (!grouped.containsKey(stale)) {
                publisher.publishDiagnostics(new PublishDiagnosticsParams(stale, List.of()));
            }
        }
        grouped.forEach((u, list) -> {
            PublishDiagnosticsParams p = new PublishDiagnosticsParams(u, list);
            if (u.equals(uri)) {
                p.setVersion(a.document().version());
            }
            publisher.publishDiagnostics(p);
        });
        publishedTo.put(uri, new HashSet<>(grouped.keySet()));
    }

    @Override
    public void close() {
        timer.shutdownNow();
        analysis.shutdownNow();
        runs.shutdownNow();
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
