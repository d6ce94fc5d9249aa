package dev.csfstudio.lsp;

import dev.csfstudio.lsp.protocol.CsfProtocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CodeLensOptions;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.ExecuteCommandOptions;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.RenameOptions;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.SignatureHelpOptions;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.csfstudio.runtime.RunOptions;

/**
 * The protocol edge: capabilities, lifecycle and the custom {@code csf/run} request. Every feature is a
 * service over the cached {@link DocumentAnalysis}; the LSP4J service classes only delegate. Cheap
 * features answer on two request threads; assembly runs on the analyzer's threads and on-demand runs on
 * a run thread of their own, so neither ever holds up a request.
 */
public final class CsfLanguageServer implements LanguageServer, LanguageClientAware {

    /** Default step budget of an on-demand run ({@code csf/run}, {@code csf.run}), as for {@code csf run}. */
    public static final long RUN_STEPS = 10_000_000;
    /** Default wall-clock limit of an on-demand run. */
    public static final long RUN_TIMEOUT_MILLIS = 10_000;
    /** Default step budget of the background run after each edit. */
    public static final long BACKGROUND_STEPS = 1_000_000;
    /** Default wall-clock limit of the background run after each edit. */
    public static final long BACKGROUND_TIMEOUT_MILLIS = 2_000;
    public static final long RUN_DELAY_MILLIS = 150;
    /** The workspace/executeCommand commands. */
    static final List<String> COMMANDS = List.of(CodeLensService.RUN, CodeLensService.ASSEMBLE, StreamTestService.RUN_TEST,
            StreamTestService.UPDATE_GOLDEN);

    final DocumentStore store = new DocumentStore();
    final WorkspaceRoots roots = new WorkspaceRoots();
    final Toolchain toolchain;
    final DocumentAnalyzer analyzer;
    final ExecutorService requests = Executors.newFixedThreadPool(2, daemon("csf-request"));
    /** On-demand runs, one at a time, each bounded by its limits and ended when its document closes. */
    private final ExecutorService runs = Executors.newSingleThreadExecutor(daemon("csf-run-request"));
    private final CsfTextDocumentService textDocuments;
    private final CsfWorkspaceService workspace;
    private final CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    private final AtomicBoolean shutdownRequested = new AtomicBoolean();
    private volatile CsfLanguageClient client;
    private volatile AnalysisScheduler scheduler;
    private volatile boolean inlayHintRefresh;
    /** The format hover text is written in: the client's {@code textDocument.hover.contentFormat}. */
    volatile Markup hoverMarkup = Markup.MARKDOWN;
    private volatile RunOptions runLimits = limits(RUN_STEPS, RUN_TIMEOUT_MILLIS);

    public CsfLanguageServer(Toolchain toolchain) {
        this.toolchain = toolchain;
        this.analyzer = new DocumentAnalyzer(store, roots, toolchain.assembler());
        this.textDocuments = new CsfTextDocumentService(this);
        this.workspace = new CsfWorkspaceService(this);
    }

    @Override
    public void connect(LanguageClient languageClient) {
        this.client = languageClient instanceof CsfLanguageClient c ? c : new PlainClient(languageClient);
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        roots.initialize(params);
        var clientCaps = params.getCapabilities();
        inlayHintRefresh = clientCaps != null && clientCaps.getWorkspace() != null && clientCaps.getWorkspace().getInlayHint() != null
                && Boolean.TRUE.equals(clientCaps.getWorkspace().getInlayHint().getRefreshSupport());
        hoverMarkup = Markup.preferred(clientCaps == null || clientCaps.getTextDocument() == null
                || clientCaps.getTextDocument().getHover() == null ? null
                : clientCaps.getTextDocument().getHover().getContentFormat());
        ServerOptions options = ServerOptions.of(params.getInitializationOptions());
        options.arch().ifPresent(analyzer::defaultArch);
        BackgroundRunner runner = options.backgroundRun() ? toolchain.runner()
                : (a, limits, cancelled, images) -> Optional.empty();
        runLimits = limits(options.get(ServerOptions.Limit.RUN_STEPS), options.get(ServerOptions.Limit.RUN_TIMEOUT_MS));
        scheduler = new AnalysisScheduler(store, analyzer, runner, new ClientPublisher(),
                options.get(ServerOptions.Limit.RUN_DELAY_MS), limits(options.get(ServerOptions.Limit.BACKGROUND_STEPS),
                        options.get(ServerOptions.Limit.BACKGROUND_TIMEOUT_MS)));

        ServerCapabilities caps = new ServerCapabilities();
        caps.setTextDocumentSync(TextDocumentSyncKind.Incremental);
        CompletionOptions completion = new CompletionOptions(false, List.of(".", " ", ",", "=", "["));
        caps.setCompletionProvider(completion);
        caps.setHoverProvider(true);
        caps.setSignatureHelpProvider(new SignatureHelpOptions(List.of(" ", ","), List.of(",")));
        caps.setDefinitionProvider(true);
        caps.setReferencesProvider(true);
        caps.setRenameProvider(new RenameOptions(true));
        caps.setDocumentSymbolProvider(true);
        caps.setWorkspaceSymbolProvider(true);
        caps.setSemanticTokensProvider(new SemanticTokensWithRegistrationOptions(SemanticTokenService.legend(),
                true, true)); // (legend, full, range): both are served
        caps.setFoldingRangeProvider(true);
        caps.setDocumentFormattingProvider(true);
        caps.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite)));
        caps.setInlayHintProvider(true);
        caps.setCodeLensProvider(new CodeLensOptions(false));
        caps.setExecuteCommandProvider(new ExecuteCommandOptions(COMMANDS));
        return CompletableFuture.completedFuture(new InitializeResult(caps, new ServerInfo("csf-studio", "0.1.0")));
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdownRequested.set(true);
        AnalysisScheduler s = scheduler;
        if (s != null) {
            s.close();
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        exitCode.complete(shutdownRequested.get() ? 0 : 1);
    }

    /** Stops every thread the server started (after the connection ended). */
    void dispose() {
        AnalysisScheduler s = scheduler;
        if (s != null) {
            s.close();
        }
        requests.shutdownNow();
        runs.shutdownNow();
        analyzer.close();
    }

    /** Completes with the process exit code the protocol asks for: 0 after shutdown then exit, else 1. */
    public CompletableFuture<Integer> exitCode() {
        return exitCode;
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return textDocuments;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspace;
    }

    /**
     * {@code csf/run} with {@code {uri[, stream]}}: assembles the open document, runs it with the on-demand
     * limits and answers {@code {report, renderTargets: [{buffer, width, height, pngBase64}]}}. The run
     * happens on the run thread; cancelling the request or closing the document stops it.
     */
    @JsonRequest(CsfProtocol.RUN)
    public CompletableFuture<CsfProtocol.RunAnswer> run(JsonObject params) {
        String uri = stringParam(params, "uri");
        String stream = params.has("stream") && params.get("stream").isJsonPrimitive()
                ? params.get("stream").getAsString() : null;
        return run(new CsfProtocol.RunParams(uri, stream));
    }

    CompletableFuture<CsfProtocol.RunAnswer> run(CsfProtocol.RunParams params) {
        return onRunThread(params.uri(), analyzer.analysis(params.uri()),
                (a, cancelled) -> runNow(a, params.stream(), cancelled));
    }

    /**
     * {@code csf/test} with {@code {uri}}: runs the document (open, or else the file as saved: a test explorer
     * runs files nobody opened) with the on-demand limits and checks its expectations; answers as
     * {@link StreamTestService#answer} (also for a document that does not assemble).
     */
    @JsonRequest(CsfProtocol.TEST)
    public CompletableFuture<CsfProtocol.TestAnswer> test(JsonObject params) {
        return test(new CsfProtocol.TestParams(stringParam(params, "uri")));
    }

    CompletableFuture<CsfProtocol.TestAnswer> test(CsfProtocol.TestParams params) {
        String uri = params.uri();
        CompletableFuture<Optional<DocumentAnalysis>> analysis = store.get(uri).isPresent() ? analyzer.analysis(uri)
                : CompletableFuture.supplyAsync(() -> Optional.of(analyzer.analyze(savedFile(uri, roots.roots()))), runs);
        return onRunThread(uri, analysis, (a, cancelled) -> {
            RunFeedback f = a.result().program() == null ? null : toolchain.runner().run(a, runLimits, cancelled, true)
                    .orElseThrow(() -> cancelled(uri));
            return StreamTestService.answer(uri, a, f);
        });
    }

    /** {@code csf.updateGolden [uri, line]}: writes the golden PNG of that line's image expectation from a run. */
    CompletableFuture<CsfProtocol.GoldenWritten> updateGolden(String uri, int line) {
        return onRunThread(uri, analyzer.analysis(uri), (a, cancelled) -> {
            if (a.result().program() == null) {
                throw invalid("the document does not assemble");
            }
            dev.csfstudio.runtime.RunReport report = new dev.csfstudio.runtime.Simulator(runLimits)
                    .run(a.result().program(), cancelled);
            CsfProtocol.GoldenWritten out = StreamTestService.updateGolden(a, line, report,
                    roots.rootsFor(DocumentStore.pathOf(a.document().uri())));
            scheduler().changed(uri); // run again: the expectation now holds
            return out;
        });
    }

    /** A file that is not open, as saved (UTF-8): only a regular file inside the workspace folders. */
    private static TextDocument savedFile(String uri, List<java.nio.file.Path> workspace) {
        try {
            java.nio.file.Path file = java.nio.file.Path.of(java.net.URI.create(uri));
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw invalid("document " + uri + " is neither open nor a file");
            }
            if (!WorkspaceRoots.isInside(file, workspace)) {
                throw invalid("document " + uri + " is not open and not inside the workspace folders"
                        + (workspace.isEmpty() ? " (the client sent none)" : "") + ": open it to test it");
            }
            if (java.nio.file.Files.size(file) > dev.csfstudio.asm.AssemblerOptions.DEFAULT_MAX_SOURCE_BYTES) {
                throw invalid("document " + uri + " is larger than a source may be ("
                        + dev.csfstudio.asm.AssemblerOptions.DEFAULT_MAX_SOURCE_BYTES + " bytes)");
            }
            return new TextDocument(uri, 0, java.nio.file.Files.readString(file));
        } catch (java.io.IOException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw invalid("cannot read " + uri + ": " + e.getMessage());
        }
    }

    private <T> CompletableFuture<T> onRunThread(String uri, CompletableFuture<Optional<DocumentAnalysis>> analysis,
            java.util.function.BiFunction<DocumentAnalysis, java.util.function.BooleanSupplier, T> work) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        boolean open = store.get(uri).isPresent();
        analysis.thenAcceptAsync(a -> {
            try {
                DocumentAnalysis doc = a.orElseThrow(() -> invalid("document " + uri + " is not open"));
                answer.complete(work.apply(doc, () -> answer.isDone() || open && store.get(uri).isEmpty()));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }, runs).exceptionally(e -> {
            answer.completeExceptionally(e);
            return null;
        });
        return answer;
    }

    private ResponseErrorException cancelled(String uri) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestCancelled,
                store.get(uri).isEmpty() ? "run cancelled: the document was closed" : "run cancelled", null));
    }

    private CsfProtocol.RunAnswer runNow(DocumentAnalysis a, String stream, java.util.function.BooleanSupplier cancelled) {
        String uri = a.document().uri();
        if (a.result().hasErrors() || a.result().program() == null) {
            String first = a.result().errors().stream().findFirst().map(d -> d.headline()).orElse("");
            throw invalid("the document does not assemble: " + first);
        }
        DocumentAnalysis target = stream == null ? a : RunTargets.withEntry(a, stream)
                .orElseThrow(() -> invalid("no stream named " + stream));
        RunFeedback f = toolchain.runner().run(target, runLimits, cancelled, true).orElseThrow(() -> cancelled(uri));
        return new CsfProtocol.RunAnswer(f.report(), f.renderTargets().stream()
                .map(i -> new CsfProtocol.RunImage(i.buffer(), i.width(), i.height(), i.pngBase64())).toList());
    }

    AnalysisScheduler scheduler() {
        AnalysisScheduler s = scheduler;
        if (s == null) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.ServerNotInitialized,
                    "initialize first", null));
        }
        return s;
    }

    CsfLanguageClient client() {
        return client;
    }

    static ResponseErrorException invalid(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }

    static String stringParam(JsonObject params, String name) {
        if (params == null || !params.has(name) || !params.get(name).isJsonPrimitive()) {
            throw invalid("missing parameter '" + name + "'");
        }
        return params.get(name).getAsString();
    }

    /** Run limits from checked options ({@link ServerOptions}: both at least 1, the time at most a day). */
    private static RunOptions limits(long steps, long timeoutMillis) {
        return RunOptions.defaults().withStepBudget(steps).withTimeout(java.time.Duration.ofMillis(timeoutMillis));
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** Sends results to the client (if one is connected). */
    private final class ClientPublisher implements AnalysisScheduler.Publisher {
        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            CsfLanguageClient c = client;
            if (c != null && !shutdownRequested.get()) {
                c.publishDiagnostics(params);
            }
        }

        @Override
        public void runFinished(String uri, RunFeedback feedback) {
            CsfLanguageClient c = client;
            if (c == null || shutdownRequested.get()) {
                return;
            }
            Long instructions = feedback.report() != null && feedback.report().has("instructions")
                    && feedback.report().get("instructions").isJsonPrimitive()
                    ? feedback.report().get("instructions").getAsLong() : null;
            c.runFinished(new CsfProtocol.RunFinished(uri, feedback.version(), feedback.status(), feedback.expected(),
                    instructions, feedback.renderTargets().stream()
                            .map(i -> new CsfProtocol.RunTarget(i.buffer(), i.width(), i.height())).toList()));
            if (inlayHintRefresh) {
                c.refreshInlayHints();
            }
        }
    }

    /** A client that only speaks standard LSP: run notifications are dropped. */
    private static final class PlainClient implements CsfLanguageClient {
        private final LanguageClient delegate;

        PlainClient(LanguageClient delegate) {
            this.delegate = delegate;
        }

        @Override
        public void runFinished(CsfProtocol.RunFinished params) {
        }

        @Override
        public void telemetryEvent(Object object) {
            delegate.telemetryEvent(object);
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
            delegate.publishDiagnostics(diagnostics);
        }

        @Override
        public void showMessage(org.eclipse.lsp4j.MessageParams messageParams) {
            delegate.showMessage(messageParams);
        }

        @Override
        public CompletableFuture<org.eclipse.lsp4j.MessageActionItem> showMessageRequest(
                org.eclipse.lsp4j.ShowMessageRequestParams requestParams) {
            return delegate.showMessageRequest(requestParams);
        }

        @Override
        public void logMessage(org.eclipse.lsp4j.MessageParams message) {
            delegate.logMessage(message);
        }

        @Override
        public CompletableFuture<Void> refreshInlayHints() {
            return delegate.refreshInlayHints();
        }
    }

    List<DocumentAnalysis> latestAnalyses() {
        List<DocumentAnalysis> out = new ArrayList<>();
        for (TextDocument d : store.all()) {
            analyzer.latest(d.uri()).ifPresent(out::add);
        }
        return out;
    }
}
