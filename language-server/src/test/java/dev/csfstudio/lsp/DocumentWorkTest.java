package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * Assembly and runs happen off the request threads and stop when their document closes: a stream that
 * would run for hours, or an include that would block forever, never keeps the server from answering.
 */
@Timeout(120)
class DocumentWorkTest {

    @TempDir
    Path root;

    /** Clears of a 4096 x 4096 frame whose rows all land on one 16 KiB row, forever: 64 MiB of writes each. */
    static final String HEAVY = """
            .buffer color, size=4096 * 4
            .buffer fb, align=64
            fbd:    .fbd width=4096, height=4096
                    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=0, clear=0xff0000ff
            .stream main
                    MOVE48 d40, fbd(fbd)
                    MOVE32 r42, #0
                    MOVE32 r43, 4095 | 4095 << 16
            loop:   RUN_FRAGMENT
                    BRANCH.always r0, loop
            """;

    /** No background runs; on-demand runs with no step budget to speak of and the given wall-clock limit. */
    private static JsonObject onDemandRunsFor(long timeoutMillis) {
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        options.addProperty("runTimeoutMs", timeoutMillis);
        options.addProperty("runSteps", Long.MAX_VALUE);
        return options;
    }

    private static JsonObject runParams(String uri) {
        JsonObject p = new JsonObject();
        p.addProperty("uri", uri);
        return p;
    }

    /** CPU time the server's threads whose names start with {@code prefix} have used so far. */
    private static long cpuNanos(String prefix) {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                total += Math.max(0, bean.getThreadCpuTime(t.getId()));
            }
        }
        return total;
    }

    @Test
    void closingADocumentStopsItsBackgroundRunAtOnce() throws Exception {
        JsonObject options = new JsonObject();
        options.addProperty("runDelayMs", 0);
        options.addProperty("backgroundSteps", Long.MAX_VALUE);
        options.addProperty("backgroundTimeoutMs", 600_000);
        try (LspSession s = LspSession.start(root, options)) {
            String uri = s.open("heavy.csf", HEAVY);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (cpuNanos("csf-run") < 200_000_000L && System.nanoTime() < deadline) {
                Thread.sleep(50); // the endless run is under way
            }
            s.server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(LspSession.id(uri)));
            Thread.sleep(500); // closing has reached the server
            long before = cpuNanos("csf-run");
            Thread.sleep(1000);
            long used = cpuNanos("csf-run") - before;
            assertTrue(used < 100_000_000L, "the closed document's run still used " + used / 1_000_000 + " ms of CPU");
        }
    }

    @Test
    void runsOfHeavyStreamsLeaveTheRequestThreadsFreeAndEndWhenTheirDocumentCloses() throws Exception {
        try (LspSession s = LspSession.start(root, onDemandRunsFor(600_000))) {
            String heavy = s.open("heavy.csf", HEAVY);
            CompletableFuture<JsonObject> first = s.server.run(runParams(heavy));
            CompletableFuture<JsonObject> second = s.server.run(runParams(heavy));
            String light = s.open("light.csf", "loop: NOP\n    BRANCH.ne r4, loop\n");
            s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(light), new Position(1, 4)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().completion(new CompletionParams(LspSession.id(light), new Position(1, 4)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(LspSession.id(light)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(LspSession.id(heavy)));
            for (CompletableFuture<JsonObject> run : List.of(first, second)) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(10, TimeUnit.SECONDS));
                assertTrue(e.getCause() instanceof ResponseErrorException, String.valueOf(e.getCause()));
            }
        }
    }

    @Test
    void onDemandRunEndsAsATimeoutAfterItsWallClockLimit() throws Exception {
        try (LspSession s = LspSession.start(root, onDemandRunsFor(300))) {
            String endless = s.open("endless.csf", "loop: BRANCH.always r0, loop\n");
            JsonObject report = s.server.run(runParams(endless)).get(30, TimeUnit.SECONDS).getAsJsonObject("report");
            assertEquals("timeout", report.get("status").getAsString());
            assertTrue(report.getAsJsonObject("fault").get("message").getAsString().contains("wall-clock limit of 300 ms"),
                    report.toString());
        }
    }

    @Test
    void includeOfAFifoIsADiagnosticAndEveryLaterRequestIsAnswered() throws Exception {
        Path fifo = root.resolve("pipe.csf");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (java.io.IOException e) {
            mkfifo = null;
        }
        assumeTrue(mkfifo != null && mkfifo.waitFor() == 0, "mkfifo is needed to make a FIFO");
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".include \"pipe.csf\"\nloop: NOP\n    BRANCH.ne r4, loop\n");
            List<Diagnostic> diagnostics = s.currentDiagnostics(uri).getDiagnostics();
            String text = diagnostics.stream().map(d -> d.getMessage().getLeft()).collect(Collectors.joining("\n"));
            assertTrue(text.contains("not a regular file"), text);
            s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(2, 20)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(LspSession.id(uri)))
                    .get(10, TimeUnit.SECONDS);
        }
    }
}
