package dev.csfstudio.lsp;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;

import com.google.gson.JsonObject;

/** An in-process server and an LSP4J client talking JSON-RPC over pipes, rooted at a temporary workspace. */
final class LspSession implements AutoCloseable {

    final RecordingClient client = new RecordingClient();
    final CsfServerApi server;
    final Path root;
    final CompletableFuture<Integer> exitCode;
    private int version = 1;
    private OutputStream toServer;

    private LspSession(Path root, Toolchain toolchain, JsonObject options) {
        this(root, toolchain, options, true);
    }

    private LspSession(Path root, Toolchain toolchain, JsonObject options, boolean workspace) {
        this.root = root;
        try {
            CsfLanguageServerLauncher.Connection connection = CsfLanguageServerLauncher.inProcess(toolchain);
            toServer = connection.toServer();
            exitCode = connection.exitCode();
            Launcher<CsfServerApi> launcher = new Launcher.Builder<CsfServerApi>()
                    .setLocalService(client).setRemoteInterface(CsfServerApi.class)
                    .setInput(connection.fromServer()).setOutput(toServer).create();
            launcher.startListening();
            server = launcher.getRemoteProxy();
            InitializeParams init = new InitializeParams();
            init.setCapabilities(new ClientCapabilities());
            if (workspace) {
                init.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "test")));
            }
            init.setInitializationOptions(options);
            server.initialize(init).get(10, TimeUnit.SECONDS);
            server.initialized(new InitializedParams());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A session whose background runs are off unless a test turns them on. */
    static LspSession start(Path root) {
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        return new LspSession(root, TestToolchain.get(), options);
    }

    /** A session whose client names no workspace folder and no root: files are written below {@code dir}. */
    static LspSession startWithoutWorkspace(Path dir) {
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        return new LspSession(dir, TestToolchain.get(), options, false);
    }

    /** A session whose server delegates to {@code toolchain} (a test's stand-ins for the assembler, formatter or runner). */
    static LspSession start(Path root, Toolchain toolchain, JsonObject options) {
        return new LspSession(root, toolchain, options);
    }

    static LspSession start(Path root, JsonObject options) {
        return new LspSession(root, TestToolchain.get(), options);
    }

    /** Writes {@code name} into the workspace and opens it; returns its URI. */
    String open(String name, String text) {
        Path file = root.resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String uri = DocumentStore.uriOf(file);
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                new TextDocumentItem(uri, "csf", version, text)));
        return uri;
    }

    /** Replaces a range of an open document (an incremental change); returns the new version. */
    int edit(String uri, int line, int col, int endLine, int endCol, String text) {
        version++;
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version),
                List.of(new TextDocumentContentChangeEvent(new Range(new Position(line, col),
                        new Position(endLine, endCol)), text))));
        return version;
    }

    PublishDiagnosticsParams diagnostics(String uri) throws InterruptedException {
        return client.awaitDiagnostics(uri, p -> true);
    }

    /** The diagnostics of the document's latest version. */
    PublishDiagnosticsParams currentDiagnostics(String uri) throws InterruptedException {
        int v = version;
        return client.awaitDiagnostics(uri, p -> p.getVersion() != null && p.getVersion() == v);
    }

    static TextDocumentIdentifier id(String uri) {
        return new TextDocumentIdentifier(uri);
    }

    @Override
    public void close() throws Exception {
        server.shutdown().get(30, TimeUnit.SECONDS);
        server.exit();
        int code = exitCode.get(30, TimeUnit.SECONDS);
        toServer.close();
        if (code != 0) {
            throw new AssertionError("server exit code " + code + " after shutdown and exit");
        }
    }
}
