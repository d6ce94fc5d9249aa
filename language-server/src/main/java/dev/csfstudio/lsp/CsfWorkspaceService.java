package dev.csfstudio.lsp;

import dev.csfstudio.lsp.protocol.CsfProtocol;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidChangeWorkspaceFoldersParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.WorkspaceService;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

import dev.csfstudio.program.Section;

/** workspace/*: symbols across open documents and the {@code csf.run} / {@code csf.assemble} commands. */
final class CsfWorkspaceService implements WorkspaceService {

    private final CsfLanguageServer server;
    private final NavigationService navigation;

    CsfWorkspaceService(CsfLanguageServer server) {
        this.server = server;
        this.navigation = new NavigationService(dev.csfstudio.isa.Arch.DEFAULT.instructionSet());
    }

    @Override
    public CompletableFuture<Either<List<? extends SymbolInformation>, List<? extends WorkspaceSymbol>>> symbol(
            WorkspaceSymbolParams params) {
        return CompletableFutures.computeAsync(server.requests, cancel ->
                Either.forRight(navigation.workspaceSymbols(server.latestAnalyses(), params.getQuery())));
    }

    /**
     * {@code csf.run [uri, stream?]} answers like {@code csf/run}; {@code csf.assemble [uri]} answers
     * {@code {ok, errors: [headline], warnings: [headline], sections: [{name, kind, address, size}]}};
     * {@code csf.test [uri]} answers like {@code csf/test}; {@code csf.updateGolden [uri, line]} writes a golden PNG.
     */
    @Override
    public CompletableFuture<Object> executeCommand(ExecuteCommandParams params) {
        if (params == null || params.getCommand() == null) {
            throw CsfLanguageServer.invalid("workspace/executeCommand needs a command: one of " + String.join(", ",
                    CsfLanguageServer.COMMANDS));
        }
        List<Object> args = params.getArguments() == null ? List.of() : params.getArguments();
        String uri = args.isEmpty() ? null : text(args.get(0));
        if (uri == null) {
            throw CsfLanguageServer.invalid(params.getCommand() + " needs the document URI as its first argument");
        }
        return switch (params.getCommand()) {
            case CodeLensService.RUN -> {
                yield server.run(new CsfProtocol.RunParams(uri, args.size() > 1 ? text(args.get(1)) : null))
                        .thenApply(o -> o);
            }
            case StreamTestService.RUN_TEST -> {
                yield server.test(new CsfProtocol.TestParams(uri)).thenApply(o -> o);
            }
            case StreamTestService.UPDATE_GOLDEN -> {
                Object line = args.size() > 1 ? args.get(1) : null;
                int n = line instanceof Number num ? num.intValue()
                        : line instanceof com.google.gson.JsonPrimitive jp && jp.isNumber() ? jp.getAsInt() : -1;
                if (n < 0) {
                    throw CsfLanguageServer.invalid(params.getCommand() + " needs [uri, line]");
                }
                yield server.updateGolden(uri, n).thenApply(o -> o);
            }
            case CodeLensService.ASSEMBLE -> server.analyzer.analysis(uri)
                    .thenApplyAsync(a -> assemble(uri, a), server.requests);
            default -> throw CsfLanguageServer.invalid("unknown command " + params.getCommand());
        };
    }

    private CsfProtocol.AssembleAnswer assemble(String uri, java.util.Optional<DocumentAnalysis> analysis) {
        DocumentAnalysis a = analysis.orElseThrow(() -> CsfLanguageServer.invalid("document " + uri + " is not open"));
        List<CsfProtocol.AssembledSection> sections = a.result().program() == null ? List.of()
                : a.result().program().sections().stream().map(s -> new CsfProtocol.AssembledSection(s.name(),
                        s.kind().name().toLowerCase(java.util.Locale.ROOT), "0x" + Long.toHexString(s.address()),
                        s.size())).toList();
        return new CsfProtocol.AssembleAnswer(!a.result().hasErrors(),
                a.result().errors().stream().map(d -> d.headline()).toList(),
                a.result().warnings().stream().map(d -> d.headline()).toList(), sections);
    }

    private static String text(Object arg) {
        if (arg instanceof String s) {
            return s;
        }
        if (arg instanceof JsonPrimitive p && p.isString()) {
            return p.getAsString();
        }
        if (arg instanceof JsonElement e && !e.isJsonNull()) {
            return e.toString();
        }
        return null;
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        // Settings come once, as initializationOptions; nothing changes at run time.
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        // Every analysis reads included files afresh, so a changed file is seen at the next edit.
    }

    @Override
    public void didChangeWorkspaceFolders(DidChangeWorkspaceFoldersParams params) {
        var roots = new java.util.ArrayList<>(server.roots.roots());
        var event = params.getEvent();
        if (event.getRemoved() != null) {
            event.getRemoved().forEach(f -> DocumentStore.pathOf(f.getUri()).map(WorkspaceRoots::canonical)
                    .ifPresent(roots::remove));
        }
        if (event.getAdded() != null) {
            event.getAdded().forEach(f -> DocumentStore.pathOf(f.getUri()).ifPresent(roots::add));
        }
        server.roots.set(roots);
    }
}
