package dev.csfstudio.bench.lsp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.services.LanguageServer;

import com.google.gson.JsonObject;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.lsp.CsfLanguageClient;
import dev.csfstudio.lsp.CsfLanguageServerLauncher;
import dev.csfstudio.lsp.Toolchain;
import dev.csfstudio.lsp.protocol.CsfProtocol;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;

/**
 * Editor latencies, measured as a client sees them: an in-process server spoken to
 * over pipes with JSON-RPC. Each figure is the median over repeated edits or requests, printed with its
 * goal and, as the reference measured in the same run, the time the toolchain alone takes for the same
 * work (the assembler for diagnostics, the simulator for run feedback).
 *
 * <p>Usage: {@code java -Xmx512m -cp benchmarks.jar dev.csfstudio.bench.lsp.LspLatencyBenchmark [REPEATS]}
 */
public final class LspLatencyBenchmark {

    static final int DOCUMENT_LINES = 10_000;
    static final int RUN_INSTRUCTIONS = 1_000;

    private LspLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path root = Files.createTempDirectory("csf-lsp-bench");
        String big = BenchmarkDocuments.editorDocument(DOCUMENT_LINES);
        String clear = BenchmarkDocuments.clearStream(RUN_INSTRUCTIONS, 256, 256);

        Results r = new Results();
        try (Session s = Session.start(root, 150)) {
            String uri = s.open("big.csf", big);
            s.awaitDiagnostics(uri, s.version);
            int line = BenchmarkDocuments.immediateLine(DOCUMENT_LINES / 2);
            String lineText = big.lines().skip(line).findFirst().orElseThrow();
            int digit = lineText.indexOf('#') + 1;
            Path refFile = root.resolve("ref.csf");
            for (int i = 0; i < repeats + 5; i++) {
                // paired with the reference, so both see the same machine load
                long refStart = System.nanoTime();
                assemble(refFile, big);
                double ref = millis(refStart);
                long start = System.nanoTime();
                int v = s.edit(uri, line, digit, String.valueOf(1 + i % 9));
                s.awaitDiagnostics(uri, v);
                if (i >= 5) {
                    r.diagnostics.add(millis(start));
                    r.assembler.add(ref);
                }
            }
            int branchLine = BenchmarkDocuments.branchLine(DOCUMENT_LINES / 2);
            for (int i = 0; i < repeats + 5; i++) {
                long start = System.nanoTime();
                s.server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri),
                        new Position(branchLine, 18))).get(30, TimeUnit.SECONDS);
                if (i >= 5) {
                    r.completion.add(millis(start));
                }
                start = System.nanoTime();
                s.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
                        new Position(line, 6))).get(30, TimeUnit.SECONDS);
                if (i >= 5) {
                    r.hover.add(millis(start));
                }
            }

            String runUri = s.open("clear.csf", clear);
            s.awaitRun(runUri, s.version);
            int colorLine = BenchmarkDocuments.clearColorLine(clear);
            String colorText = clear.lines().skip(colorLine).findFirst().orElseThrow();
            int at = colorText.indexOf("0xff") + 4;
            for (int i = 0; i < Math.max(repeats / 2, 5) + 2; i++) {
                Thread.sleep(200); // edits have settled: the next one is the first of a burst
                long start = System.nanoTime();
                int v = s.edit(runUri, colorLine, at, Integer.toHexString(i % 16));
                s.awaitRun(runUri, v);
                if (i >= 2) {
                    r.run.add(millis(start));
                }
            }
            for (int i = 0; i < Math.max(repeats / 2, 5) + 2; i++) {
                long start = System.nanoTime();
                int v = s.edit(runUri, colorLine, at, Integer.toHexString(i % 16));
                s.edit(runUri, colorLine, at, Integer.toHexString((i + 1) % 16));
                s.awaitRun(runUri, v + 1);
                if (i >= 2) {
                    r.runBurst.add(millis(start));
                }
            }
        }
        try (Session s = Session.start(root, 0)) {
            String runUri = s.open("clear.csf", clear);
            s.awaitRun(runUri, s.version);
            int colorLine = BenchmarkDocuments.clearColorLine(clear);
            int at = clear.lines().skip(colorLine).findFirst().orElseThrow().indexOf("0xff") + 4;
            for (int i = 0; i < Math.max(repeats / 2, 5) + 2; i++) {
                long start = System.nanoTime();
                int v = s.edit(runUri, colorLine, at, Integer.toHexString(i % 16));
                s.awaitRun(runUri, v);
                if (i >= 2) {
                    r.runNoDelay.add(millis(start));
                }
            }
        }
        long heap;
        try (Session s = Session.start(root, 150)) {
            long before = usedHeapAfterGc();
            Map<String, Integer> opened = new java.util.LinkedHashMap<>();
            for (int i = 0; i < 10; i++) {
                String u = s.open("doc" + i + ".csf", big.replace("main", "main" + i));
                opened.put(u, s.version);
            }
            for (Map.Entry<String, Integer> e : opened.entrySet()) {
                s.awaitDiagnostics(e.getKey(), e.getValue());
            }
            heap = usedHeapAfterGc() - before;
        }

        // The references run last, on a JVM as warm as the server was.
        double assembleRef = median(r.assembler);
        double simulateRef = median(timeSimulator(root.resolve("clear-ref.csf"), clear, repeats));
        System.out.printf(Locale.ROOT, "document: %,d lines; median of %d%n", DOCUMENT_LINES, repeats);
        row("diagnostics after a 1-char edit", median(r.diagnostics), 50, "assembler alone", assembleRef);
        row("completion", median(r.completion), 20, null, 0);
        row("hover", median(r.hover), 20, null, 0);
        row("run feedback after an edit (default)", median(r.run), 100, "simulator alone", simulateRef);
        row("run feedback after two quick edits (burst)", median(r.runBurst), 100 + 150, "simulator alone", simulateRef);
        row("run feedback after an edit (runDelayMs=0)", median(r.runNoDelay), 100, "simulator alone", simulateRef);
        System.out.printf(Locale.ROOT, "%-44s %8.1f MiB   goal <= 512 MiB   ratio %.2f   (max heap %d MiB)%n",
                "heap with ten documents open", heap / 1048576.0, heap / 1048576.0 / 512,
                Runtime.getRuntime().maxMemory() / 1048576);
        System.exit(0);
    }

    private static void row(String what, double ms, double goal, String refName, double ref) {
        System.out.printf(Locale.ROOT, "%-44s %8.1f ms    goal <= %3.0f ms   ratio %.2f%s%n", what, ms, goal, ms / goal,
                refName == null ? "" : String.format(Locale.ROOT, "   (%s %.1f ms, ratio %.2f)", refName, ref, ms / ref));
    }

    private static void assemble(Path file, String text) {
        AssemblyResult result = new Assembler().assembleText(file, text, SourceReader.fileSystem());
        if (result.hasErrors()) {
            throw new IllegalStateException("benchmark document does not assemble: " + result.errors().get(0).headline());
        }
    }

    private static List<Double> timeSimulator(Path file, String text, int repeats) {
        AssemblyResult result = new Assembler().assembleText(file, text, SourceReader.fileSystem());
        if (result.hasErrors()) {
            throw new IllegalStateException("clear stream does not assemble: " + result.errors().get(0).headline());
        }
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < repeats + 5; i++) {
            long start = System.nanoTime();
            RunReport report = new Simulator().run(result.program());
            if (!report.ok()) {
                throw new IllegalStateException("clear stream did not run: " + report.status());
            }
            if (i >= 5) {
                out.add(millis(start));
            }
        }
        return out;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double millis(long start) {
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static final class Results {
        final List<Double> diagnostics = new ArrayList<>();
        final List<Double> assembler = new ArrayList<>();
        final List<Double> completion = new ArrayList<>();
        final List<Double> hover = new ArrayList<>();
        final List<Double> run = new ArrayList<>();
        final List<Double> runNoDelay = new ArrayList<>();
        final List<Double> runBurst = new ArrayList<>();
    }

    /** A server on pipes and a client that records when diagnostics and run results arrive. */
    private static final class Session implements AutoCloseable, CsfLanguageClient {
        final LanguageServer server;
        final Path root;
        final CompletableFuture<Integer> exit;
        final Map<String, Integer> diagnosed = new ConcurrentHashMap<>();
        final Map<String, Integer> ran = new ConcurrentHashMap<>();
        int version = 1;

        private Session(Path root, long runDelayMillis) throws IOException, Exception {
            this.root = root;
            CsfLanguageServerLauncher.Connection connection = CsfLanguageServerLauncher.inProcess(Toolchain.standard());
            exit = connection.exitCode();
            Launcher<LanguageServer> launcher = new Launcher.Builder<LanguageServer>().setLocalService(this)
                    .setRemoteInterface(LanguageServer.class).setInput(connection.fromServer())
                    .setOutput(connection.toServer()).create();
            launcher.startListening();
            server = launcher.getRemoteProxy();
            InitializeParams init = new InitializeParams();
            init.setCapabilities(new ClientCapabilities());
            init.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "bench")));
            JsonObject options = new JsonObject();
            options.addProperty("runDelayMs", runDelayMillis);
            init.setInitializationOptions(options);
            server.initialize(init).get(30, TimeUnit.SECONDS);
            server.initialized(new InitializedParams());
        }

        static Session start(Path root, long runDelayMillis) throws Exception {
            return new Session(root, runDelayMillis);
        }

        String open(String name, String text) {
            String uri = root.resolve(name).toUri().toString();
            server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "csf",
                    ++version, text)));
            return uri;
        }

        /** Replaces one character; returns the new version. */
        int edit(String uri, int line, int col, String text) {
            int v = ++version;
            server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, v), List.of(new TextDocumentContentChangeEvent(
                    new Range(new Position(line, col), new Position(line, col + 1)), text))));
            return v;
        }

        synchronized void awaitDiagnostics(String uri, int v) throws InterruptedException {
            while (diagnosed.getOrDefault(uri, 0) < v) {
                wait(30_000);
            }
        }

        synchronized void awaitRun(String uri, int v) throws InterruptedException {
            while (ran.getOrDefault(uri, 0) < v) {
                wait(30_000);
            }
        }

        @Override
        public synchronized void publishDiagnostics(PublishDiagnosticsParams p) {
            if (p.getVersion() != null) {
                diagnosed.merge(p.getUri(), p.getVersion(), Math::max);
            }
            notifyAll();
        }

        @Override
        public synchronized void runFinished(CsfProtocol.RunFinished params) {
            ran.merge(params.uri(), params.version(), Math::max);
            notifyAll();
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

        @Override
        public void close() throws Exception {
            server.shutdown().get(30, TimeUnit.SECONDS);
            server.exit();
            exit.get(30, TimeUnit.SECONDS);
        }
    }
}
