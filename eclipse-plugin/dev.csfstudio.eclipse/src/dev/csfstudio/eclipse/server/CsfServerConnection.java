package dev.csfstudio.eclipse.server;

import dev.csfstudio.lsp.protocol.CsfProtocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolLocation;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

import com.google.gson.JsonObject;

/**
 * One {@code csf lsp} process and its LSP4J connection: lifecycle, full-text document sync, every request the
 * editor features send (hover, completion, navigation, rename, formatting, code actions, symbols, folding, semantic
 * tokens, inlay hints, code lenses, commands) and {@code csf/run}. No UI: diagnostics and log lines go to a {@link Listener}, on LSP4J's
 * reader thread. Outgoing messages leave in order from one thread, so a request sent after an edit always
 * sees the edit; edits to a document that pile up are coalesced into one {@code didChange}.
 */
public final class CsfServerConnection {

    /** The server with its custom request, typed with the server's own records (csf.jar's {@link CsfProtocol}). */
    public interface CsfServer extends LanguageServer {
        @JsonRequest(CsfProtocol.RUN)
        CompletableFuture<CsfProtocol.RunAnswer> run(CsfProtocol.RunParams params);
    }

    public interface Listener {
        /** Diagnostics for a URI, with the text they were computed against (null when the client never sent it). */
        void diagnostics(String uri, List<org.eclipse.lsp4j.Diagnostic> diagnostics, String text);

        /** A line for the log: the server's stderr, window/logMessage, window/showMessage. */
        void log(String line);

        default void runFinished(CsfProtocol.RunFinished params) {
        }

        default void exited(int code) {
        }
    }

    private static final long INITIALIZE_SECONDS = 60;

    private final Process process;
    private final CsfServer server;
    private final Listener listener;
    private final ExecutorService out = Executors.newSingleThreadExecutor(r -> daemon(r, "csf-lsp-out"));
    private final ExecutorService in = Executors.newCachedThreadPool(r -> daemon(r, "csf-lsp-in"));
    private final Future<Void> listening;
    /** Text and version last sent per open URI. */
    private final Map<String, Sent> sent = new ConcurrentHashMap<>();
    /** Edits not sent yet, per URI (the latest text wins). */
    private final Map<String, String> pending = new ConcurrentHashMap<>();
    private volatile InitializeResult initializeResult;
    private volatile boolean stopping;

    private record Sent(int version, String text) {
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private CsfServerConnection(Process process, Listener listener) {
        this.process = process;
        this.listener = listener;
        Launcher<CsfServer> launcher = new Launcher.Builder<CsfServer>()
                .setLocalService(new Client())
                .setRemoteInterface(CsfServer.class)
                .setInput(process.getInputStream())
                .setOutput(process.getOutputStream())
                .setExecutorService(in)
                .create();
        server = launcher.getRemoteProxy();
        listening = launcher.startListening();
        Thread err = daemon(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    listener.log("[server] " + line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "csf-lsp-stderr");
        err.start();
        process.onExit().thenAccept(p -> {
            if (!stopping) {
                listener.log("The CSF language server exited with code " + p.exitValue());
            }
            listener.exited(p.exitValue());
        });
    }

    /**
     * Starts the command, connects and initializes with the workspace folders (the first is the root URI;
     * none is allowed).
     *
     * @throws IOException when the process cannot start or does not answer initialize
     */
    public static CsfServerConnection start(List<String> command, List<Path> roots, JsonObject initializationOptions,
                                            Listener listener) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        Path root = roots.isEmpty() ? null : roots.get(0);
        if (root != null && root.toFile().isDirectory()) {
            pb.directory(root.toFile());
        }
        Process p = pb.start();
        CsfServerConnection c = new CsfServerConnection(p, listener);
        try {
            c.initialize(roots, initializationOptions);
        } catch (IOException e) {
            c.stop();
            throw e;
        }
        return c;
    }

    private void initialize(List<Path> roots, JsonObject options) throws IOException {
        InitializeParams params = new InitializeParams();
        params.setProcessId((int) ProcessHandle.current().pid());
        params.setClientInfo(new org.eclipse.lsp4j.ClientInfo("CSF Studio for Eclipse", "0.1.0"));
        if (!roots.isEmpty()) {
            params.setRootUri(roots.get(0).toUri().toString());
            params.setWorkspaceFolders(roots.stream()
                    .map(r -> new WorkspaceFolder(r.toUri().toString(), String.valueOf(r.getFileName()))).toList());
        }
        params.setInitializationOptions(options);
        params.setCapabilities(ClientFeatures.capabilities());
        try {
            initializeResult = server.initialize(params).get(INITIALIZE_SECONDS, TimeUnit.SECONDS);
            server.initialized(new InitializedParams());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the CSF language server initialized", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the CSF language server did not initialize: " + (e.getCause() != null ? e.getCause().getMessage() : "no answer in " + INITIALIZE_SECONDS + " s")
                    + (process.isAlive() ? "" : " (it exited with code " + process.exitValue() + ")"), e);
        }
    }

    public InitializeResult initializeResult() {
        return initializeResult;
    }

    public boolean isAlive() {
        return process.isAlive() && !stopping;
    }

    // ---- documents ----------------------------------------------------------------------------------

    public void didOpen(String uri, String text) {
        pending.remove(uri);
        out.execute(() -> {
            sent.put(uri, new Sent(1, text));
            server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "csf", 1, text)));
        });
    }

    /** The document's new full text; sent (coalesced with later edits) after what is queued. */
    public void didChange(String uri, String text) {
        pending.put(uri, text);
        out.execute(() -> flushOne(uri));
    }

    private void flushOne(String uri) {
        String text = pending.remove(uri);
        Sent before = sent.get(uri);
        if (text == null || before == null) {
            return;
        }
        int version = before.version() + 1;
        sent.put(uri, new Sent(version, text));
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version), List.of(new TextDocumentContentChangeEvent(text))));
    }

    public void didSave(String uri, String text) {
        out.execute(() -> {
            flushOne(uri);
            server.getTextDocumentService().didSave(new DidSaveTextDocumentParams(new TextDocumentIdentifier(uri), text));
        });
    }

    public void didClose(String uri) {
        pending.remove(uri);
        out.execute(() -> {
            if (sent.remove(uri) != null) {
                server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(new TextDocumentIdentifier(uri)));
            }
        });
    }

    /** The text last sent for a URI, or null. */
    public String sentText(String uri) {
        Sent s = sent.get(uri);
        return s == null ? null : s.text();
    }

    // ---- requests -----------------------------------------------------------------------------------

    private <T> CompletableFuture<T> request(Supplier<CompletableFuture<T>> send) {
        if (stopping) {
            return CompletableFuture.failedFuture(new IOException("the CSF language server is stopping"));
        }
        return CompletableFuture.supplyAsync(send, out).thenCompose(f -> f);
    }

    public CompletableFuture<Hover> hover(String uri, int line, int character) {
        return request(() -> server.getTextDocumentService().hover(
                new HoverParams(new TextDocumentIdentifier(uri), new Position(line, character))));
    }

    public CompletableFuture<List<org.eclipse.lsp4j.CompletionItem>> completion(String uri, int line, int character) {
        return request(() -> server.getTextDocumentService().completion(
                new CompletionParams(new TextDocumentIdentifier(uri), new Position(line, character))))
                .thenApply(r -> r == null ? List.of() : r.isLeft() ? r.getLeft() : items(r.getRight()));
    }

    private static List<org.eclipse.lsp4j.CompletionItem> items(CompletionList list) {
        return list == null || list.getItems() == null ? List.of() : list.getItems();
    }

    public CompletableFuture<SignatureHelp> signatureHelp(String uri, int line, int character) {
        return request(() -> server.getTextDocumentService().signatureHelp(
                new SignatureHelpParams(new TextDocumentIdentifier(uri), new Position(line, character))));
    }

    public CompletableFuture<List<Location>> definition(String uri, int line, int character) {
        return request(() -> server.getTextDocumentService().definition(
                new DefinitionParams(new TextDocumentIdentifier(uri), new Position(line, character))))
                .thenApply(r -> r == null ? List.<Location>of() : r.isLeft() ? List.copyOf(r.getLeft())
                        : r.getRight().stream().map(l -> new Location(l.getTargetUri(), l.getTargetSelectionRange())).toList());
    }

    public CompletableFuture<List<Location>> references(String uri, int line, int character, boolean includeDeclaration) {
        ReferenceParams p = new ReferenceParams(new TextDocumentIdentifier(uri), new Position(line, character),
                new ReferenceContext(includeDeclaration));
        return request(() -> server.getTextDocumentService().references(p))
                .thenApply(r -> r == null ? List.<Location>of() : List.copyOf(r));
    }

    /** The range of the symbol that would be renamed, or null when nothing there can be renamed. */
    public CompletableFuture<Range> prepareRename(String uri, int line, int character) {
        return request(() -> server.getTextDocumentService().prepareRename(
                new PrepareRenameParams(new TextDocumentIdentifier(uri), new Position(line, character))))
                .thenApply(r -> r == null ? null : r.isFirst() ? r.getFirst() : r.isSecond() ? r.getSecond().getRange() : null);
    }

    public CompletableFuture<WorkspaceEdit> rename(String uri, int line, int character, String newName) {
        return request(() -> server.getTextDocumentService().rename(
                new RenameParams(new TextDocumentIdentifier(uri), new Position(line, character), newName)));
    }

    public CompletableFuture<List<TextEdit>> formatting(String uri, int tabSize, boolean insertSpaces) {
        return request(() -> server.getTextDocumentService().formatting(new DocumentFormattingParams(
                new TextDocumentIdentifier(uri), new FormattingOptions(tabSize, insertSpaces))))
                .thenApply(r -> r == null ? List.<TextEdit>of() : List.copyOf(r));
    }

    /** Code actions (quick fixes and rewrites) for a range and the diagnostics there. */
    public CompletableFuture<List<CodeAction>> codeActions(String uri, Range range, List<org.eclipse.lsp4j.Diagnostic> diagnostics) {
        CodeActionParams p = new CodeActionParams(new TextDocumentIdentifier(uri), range, new CodeActionContext(diagnostics));
        return request(() -> server.getTextDocumentService().codeAction(p))
                .thenApply(r -> r == null ? List.<CodeAction>of() : r.stream().filter(Either::isRight).map(Either::getRight).toList());
    }

    public CompletableFuture<List<DocumentSymbol>> documentSymbols(String uri) {
        return request(() -> server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri))))
                .thenApply(r -> r == null ? List.<DocumentSymbol>of() : r.stream().filter(Either::isRight).map(Either::getRight).toList());
    }

    public CompletableFuture<List<FoldingRange>> foldingRanges(String uri) {
        return request(() -> server.getTextDocumentService().foldingRange(new FoldingRangeRequestParams(new TextDocumentIdentifier(uri))))
                .thenApply(r -> r == null ? List.<FoldingRange>of() : r);
    }

    public CompletableFuture<SemanticTokens> semanticTokens(String uri) {
        return request(() -> server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(new TextDocumentIdentifier(uri))));
    }

    /** The token types of the server's semantic tokens legend, in legend order (empty without the capability). */
    public List<String> semanticTokenTypes() {
        InitializeResult r = initializeResult;
        var provider = r == null || r.getCapabilities() == null ? null : r.getCapabilities().getSemanticTokensProvider();
        return provider == null || provider.getLegend() == null ? List.of() : provider.getLegend().getTokenTypes();
    }

    public CompletableFuture<List<InlayHint>> inlayHints(String uri, Range range) {
        return request(() -> server.getTextDocumentService().inlayHint(new InlayHintParams(new TextDocumentIdentifier(uri), range)))
                .thenApply(r -> r == null ? List.<InlayHint>of() : r);
    }

    public CompletableFuture<List<CodeLens>> codeLenses(String uri) {
        return request(() -> server.getTextDocumentService().codeLens(new CodeLensParams(new TextDocumentIdentifier(uri))))
                .thenApply(r -> r == null ? List.<CodeLens>of() : List.copyOf(r));
    }

    public CompletableFuture<List<WorkspaceSymbol>> workspaceSymbols(String query) {
        return request(() -> server.getWorkspaceService().symbol(new WorkspaceSymbolParams(query)))
                .thenApply(r -> r == null ? List.<WorkspaceSymbol>of() : r.isRight() ? List.copyOf(r.getRight())
                        : r.getLeft().stream().map(si -> new WorkspaceSymbol(si.getName(), si.getKind(),
                                Either.<Location, WorkspaceSymbolLocation>forLeft(si.getLocation()), si.getContainerName())).toList());
    }

    /** workspace/executeCommand (e.g. a code lens's command). */
    public CompletableFuture<Object> executeCommand(Command command) {
        return request(() -> server.getWorkspaceService().executeCommand(
                new ExecuteCommandParams(command.getCommand(), command.getArguments() == null ? List.of() : command.getArguments())));
    }

    /** {@code csf/run {uri}}: the run's report and its render targets. */
    public CompletableFuture<CsfProtocol.RunAnswer> run(String uri) {
        return request(() -> server.run(new CsfProtocol.RunParams(uri, null)));
    }

    // ---- stop ---------------------------------------------------------------------------------------

    /** shutdown, exit, then the process ends (destroyed if it has not after a few seconds). */
    public void stop() {
        if (stopping) {
            return;
        }
        stopping = true;
        try {
            if (process.isAlive()) {
                CompletableFuture.supplyAsync(server::shutdown, out).thenCompose(f -> f).get(3, TimeUnit.SECONDS);
                out.submit(server::exit).get(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            listener.log("The CSF language server did not shut down cleanly: " + e);
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        listening.cancel(true);
        out.shutdownNow();
        in.shutdownNow();
    }

    /** What the server calls on us. */
    public final class Client implements LanguageClient {
        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            String uri = params.getUri();
            listener.diagnostics(uri, params.getDiagnostics() == null ? List.of() : params.getDiagnostics(), sentText(uri));
        }

        @JsonNotification(CsfProtocol.RUN_FINISHED)
        public void runFinished(CsfProtocol.RunFinished params) {
            listener.runFinished(params);
        }

        @Override
        public void telemetryEvent(Object object) {
        }

        @Override
        public void showMessage(MessageParams message) {
            listener.log(message.getMessage());
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams request) {
            listener.log(request.getMessage());
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams message) {
            listener.log(message.getMessage());
        }
    }
}
