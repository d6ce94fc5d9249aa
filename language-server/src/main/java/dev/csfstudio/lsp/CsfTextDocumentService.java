package dev.csfstudio.lsp;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
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
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.services.TextDocumentService;

/** textDocument/* requests: look the document up, then delegate to the feature's service. */
final class CsfTextDocumentService implements TextDocumentService {

    private final CsfLanguageServer server;
    private final CompletionService completion;
    private final HoverService hover;
    private final SignatureHelpService signatures;
    private final NavigationService navigation;
    private final SemanticTokenService semanticTokens = new SemanticTokenService();
    private final FoldingRangeService folding = new FoldingRangeService();
    private final CodeActionService codeActions;
    private final InlayHintService inlayHints = new InlayHintService();
    private final CodeLensService codeLenses = new CodeLensService();

    CsfTextDocumentService(CsfLanguageServer server) {
        this.server = server;
        this.completion = new CompletionService(server.isa, server.descriptors);
        this.hover = new HoverService(server.isa, server.descriptors);
        this.signatures = new SignatureHelpService(server.isa);
        this.navigation = new NavigationService(server.isa, server.store);
        this.codeActions = new CodeActionService(server.isa);
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        var item = params.getTextDocument();
        server.store.open(item.getUri(), item.getVersion(), item.getText() == null ? "" : item.getText());
        server.scheduler().changed(item.getUri());
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        Optional<TextDocument> doc = server.store.get(uri);
        if (doc.isEmpty()) {
            return;
        }
        Integer version = params.getTextDocument().getVersion();
        server.store.put(doc.get().apply(version == null ? doc.get().version() + 1 : version, params.getContentChanges()));
        server.scheduler().changed(uri);
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        server.store.close(uri);
        server.analyzer.forget(uri);
        server.scheduler().closed(uri);
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        // Open documents are served from memory; saving changes nothing the server sees.
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        return onDocument(params.getTextDocument().getUri(), doc -> Either.forRight(
                completion.complete(doc, params.getPosition(), server.analyzer.latest(doc.uri()))));
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        return onDocument(params.getTextDocument().getUri(), doc -> hover.hover(doc, params.getPosition(),
                server.analyzer.current(doc.uri()),
                server.scheduler().lastFeedback(doc.uri()).map(RunFeedback::registers)).orElse(null));
    }

    @Override
    public CompletableFuture<SignatureHelp> signatureHelp(SignatureHelpParams params) {
        return onDocument(params.getTextDocument().getUri(),
                doc -> signatures.signatureHelp(doc, params.getPosition()).orElse(null));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(
            DefinitionParams params) {
        return onAnalysis(params.getTextDocument().getUri(),
                a -> Either.forLeft(navigation.definition(a, params.getPosition())));
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        return onAnalysis(params.getTextDocument().getUri(), a -> navigation.references(a, params.getPosition(),
                params.getContext() == null || params.getContext().isIncludeDeclaration()));
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(
            PrepareRenameParams params) {
        return onAnalysis(params.getTextDocument().getUri(), a -> navigation.prepareRename(a, params.getPosition())
                .<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>>map(Either3::forFirst)
                .orElse(null));
    }

    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        return onAnalysis(params.getTextDocument().getUri(),
                a -> navigation.rename(a, params.getPosition(), params.getNewName()));
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(
            DocumentSymbolParams params) {
        return onAnalysis(params.getTextDocument().getUri(), navigation::documentSymbols);
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams params) {
        return onDocument(params.getTextDocument().getUri(), semanticTokens::tokens);
    }

    @Override
    public CompletableFuture<List<FoldingRange>> foldingRange(FoldingRangeRequestParams params) {
        return onDocument(params.getTextDocument().getUri(), folding::ranges);
    }

    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams params) {
        return onDocument(params.getTextDocument().getUri(), doc -> {
            String formatted = server.toolchain.formatter().apply(doc.text());
            return formatted.equals(doc.text()) ? List.of() : List.of(new TextEdit(doc.fullRange(), formatted));
        });
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        return onAnalysis(params.getTextDocument().getUri(), a -> codeActions.actions(a, params));
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        return onAnalysis(params.getTextDocument().getUri(), a -> inlayHints.hints(a, params.getRange(),
                server.scheduler().feedback(a.document().uri())));
    }

    @Override
    public CompletableFuture<List<? extends CodeLens>> codeLens(CodeLensParams params) {
        return onAnalysis(params.getTextDocument().getUri(), codeLenses::lenses);
    }

    /** Answers on the request pool (so $/cancelRequest works); an unknown document gets an empty answer. */
    private <T> CompletableFuture<T> onDocument(String uri, Function<TextDocument, T> feature) {
        return CompletableFutures.computeAsync(server.requests, cancel -> {
            Optional<TextDocument> doc = server.store.get(uri);
            return doc.map(feature).orElse(null);
        });
    }

    private <T> CompletableFuture<T> onAnalysis(String uri, Function<DocumentAnalysis, T> feature) {
        return CompletableFutures.computeAsync(server.requests, cancel -> {
            Optional<DocumentAnalysis> a = server.analyzer.current(uri);
            cancel.checkCanceled();
            return a.map(feature).orElse(null);
        });
    }
}
