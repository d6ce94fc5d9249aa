package dev.csfstudio.lsp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;

import com.google.gson.JsonObject;

/** An editor stand-in that records what the server sends and lets a test wait for it. */
final class RecordingClient implements CsfLanguageClient {

    final Map<String, PublishDiagnosticsParams> diagnostics = new ConcurrentHashMap<>();
    final List<JsonObject> runs = new CopyOnWriteArrayList<>();

    @Override
    public synchronized void publishDiagnostics(PublishDiagnosticsParams params) {
        diagnostics.put(params.getUri(), params);
        notifyAll();
    }

    @Override
    public synchronized void runFinished(dev.csfstudio.lsp.protocol.CsfProtocol.RunFinished params) {
        runs.add(new com.google.gson.Gson().toJsonTree(params).getAsJsonObject()); // the tests read it as JSON
        notifyAll();
    }

    /** Waits (up to 10 s) until the diagnostics published for {@code uri} satisfy {@code condition}. */
    synchronized PublishDiagnosticsParams awaitDiagnostics(String uri, Predicate<PublishDiagnosticsParams> condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            PublishDiagnosticsParams p = diagnostics.get(uri);
            if (p != null && condition.test(p)) {
                return p;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no matching diagnostics for " + uri + "; last: " + p);
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }

    synchronized JsonObject awaitRun(Predicate<JsonObject> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            for (JsonObject r : runs) {
                if (condition.test(r)) {
                    return r;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no matching run; runs: " + runs);
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }

    @Override
    public void telemetryEvent(Object object) {
    }

    @Override
    public void showMessage(MessageParams messageParams) {
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams message) {
    }
}
