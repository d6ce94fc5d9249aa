package dev.csfstudio.lsp;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
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
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SemanticTokensRangeParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * textDocument/* requests: check the parameters (a missing or negative position is InvalidParams; one
 * past the end of the document finds nothing there), look the document up, then delegate to the
 * feature's service on the request threads. Features that need the assembly wait for it without
 * holding a request thread.
 */
final class CsfTextDocumentService implements TextDocumentService {

    private final CsfLanguageServer server;
    private final FoldingRangeService folding = new FoldingRangeService();
    private final InlayHintService inlayHints = new InlayHintService();
    private final CodeLensService codeLenses = new CodeLensService();

    CsfTextDocumentService(CsfLanguageServer server) {
        this.server = server;
    }

    /** The features of the document's architecture (its program's, following its {@code .arch}). */
    private ArchFeatures features(String uri) {
        return ArchFeatures.of(server.analyzer.archOf(uri));
    }

    private ArchFeatures features(DocumentAnalysis a) {
        return ArchFeatures.of(a.arch());
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
        return atPosition(present(params).getTextDocument(), params.getPosition(),
                (doc, p) -> Either.forRight(features(doc.uri()).completion().complete(doc, p,
                        server.analyzer.latest(doc.uri()))));
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        Position at = position(present(params).getPosition());
        return onAnalysis(params.getTextDocument(), a -> inside(a.document(), at).flatMap(p -> features(a).hover()
                .hover(a.document(), p, Optional.of(a),
                        server.scheduler().lastFeedback(a.document().uri()).map(RunFeedback::registers),
                        server.scheduler().lastFeedback(a.document().uri()).map(f -> f.jobsAt(p.getLine()))
                                .orElse(List.of()),
                        server.scheduler().lastFeedback(a.document().uri()).map(f -> f.waitsAt(p.getLine()))
                                .orElse(List.of()),
                        server.hoverMarkup))
                .orElse(null));
    }

    @Override
    public CompletableFuture<SignatureHelp> signatureHelp(SignatureHelpParams params) {
        return atPosition(present(params).getTextDocument(), params.getPosition(),
                (doc, p) -> features(doc.uri()).signatures().signatureHelp(doc, p).orElse(null));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(
            DefinitionParams params) {
        Position at = position(present(params).getPosition());
        return onAnalysis(params.getTextDocument(), a -> Either.forLeft(inside(a.document(), at)
                .map(p -> features(a).navigation().definition(a, p)).orElse(List.of())));
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        Position at = position(present(params).getPosition());
        boolean declaration = params.getContext() == null || params.getContext().isIncludeDeclaration();
        return onAnalysis(params.getTextDocument(), a -> inside(a.document(), at)
                .map(p -> features(a).navigation().references(a, p, declaration)).orElse(List.of()));
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(
            PrepareRenameParams params) {
        Position at = position(present(params).getPosition());
        return onAnalysis(params.getTextDocument(), a -> inside(a.document(), at)
                .flatMap(p -> features(a).navigation().prepareRename(a, p))
                .<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>>map(Either3::forFirst)
                .orElse(null));
    }

    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        Position at = position(present(params).getPosition());
        if (params.getNewName() == null) {
            throw CsfLanguageServer.invalid("rename needs newName");
        }
        return onAnalysis(params.getTextDocument(), a -> features(a).navigation().rename(a,
                inside(a.document(), at).orElse(at), params.getNewName()));
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(
            DocumentSymbolParams params) {
        return onAnalysis(present(params).getTextDocument(), a -> features(a).navigation().documentSymbols(a));
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams params) {
        return onDocument(present(params).getTextDocument(), doc -> features(doc.uri()).semanticTokens().tokens(doc));
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensRange(SemanticTokensRangeParams params) {
        Range r = range(present(params).getRange());
        return onDocument(params.getTextDocument(), doc -> features(doc.uri()).semanticTokens().tokens(doc, r));
    }

    @Override
    public CompletableFuture<List<FoldingRange>> foldingRange(FoldingRangeRequestParams params) {
        return onDocument(present(params).getTextDocument(), folding::ranges);
    }

    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams params) {
        return onDocument(present(params).getTextDocument(), doc -> {
            String formatted = server.toolchain.formatter().apply(doc.text());
            return formatted.equals(doc.text()) ? List.of() : List.of(new TextEdit(doc.fullRange(), formatted));
        });
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        range(present(params).getRange());
        if (params.getContext() == null || params.getContext().getDiagnostics() == null) {
            throw CsfLanguageServer.invalid("codeAction needs a context with diagnostics");
        }
        params.getContext().getDiagnostics().forEach(d -> range(d.getRange()));
        return onAnalysis(params.getTextDocument(), a -> features(a).codeActions().actions(a, params));
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        Range r = range(present(params).getRange());
        return onAnalysis(params.getTextDocument(), a -> inlayHints.hints(a, r,
                server.scheduler().feedback(a.document().uri(), a.document().version())));
    }

    @Override
    public CompletableFuture<List<? extends CodeLens>> codeLens(CodeLensParams params) {
        return onAnalysis(present(params).getTextDocument(), codeLenses::lenses);
    }

    /** A feature of the text at a position inside the document; none past its end. */
    private <T> CompletableFuture<T> atPosition(TextDocumentIdentifier id, Position position,
                                                BiFunction<TextDocument, Position, T> feature) {
        Position at = position(position);
        return onDocument(id, doc -> inside(doc, at).map(p -> feature.apply(doc, p)).orElse(null));
    }

    /*
     * A request is answered for the document version it was asked about. LSP4J calls these methods on its
     * message thread, in the order the client sent its messages, so the version in the store when a request
     * arrives is that version: it is taken here, before any later didChange is applied, and the answer is
     * computed from it even when newer edits arrive meanwhile.
     */

    /** Answers on the request pool (so $/cancelRequest works); an unknown document gets an empty answer. */
    private <T> CompletableFuture<T> onDocument(TextDocumentIdentifier id, Function<TextDocument, T> feature) {
        Optional<TextDocument> asked = server.store.get(uri(id));
        return CompletableFutures.computeAsync(server.requests, cancel -> asked.map(feature).orElse(null));
    }

    /**
     * Answers on the request pool once the version asked about is assembled (off the request threads); when a
     * newer version took its place first, the request fails with ContentModified, as LSP has it.
     */
    private <T> CompletableFuture<T> onAnalysis(TextDocumentIdentifier id, Function<DocumentAnalysis, T> feature) {
        String uri = uri(id);
        Optional<TextDocument> asked = server.store.get(uri);
        Optional<DocumentAnalysis> ready = server.analyzer.ready(uri);
        if (ready.isPresent()) {
            return CompletableFutures.computeAsync(server.requests, cancel -> feature.apply(ready.get()));
        }
        return server.analyzer.analysis(uri).thenApplyAsync(a -> {
            if (a.isEmpty() || asked.isEmpty()) {
                return null;
            }
            if (a.get().document() != asked.get()) {
                throw new ResponseErrorException(new ResponseError(ResponseErrorCode.ContentModified,
                        "the document changed (version " + asked.get().version() + " is gone): ask again", null));
            }
            return feature.apply(a.get());
        }, server.requests);
    }

    /** The position within the document: the character clamped to its line; empty past the last line. */
    private static Optional<Position> inside(TextDocument doc, Position p) {
        if (p.getLine() >= doc.lineCount()) {
            return Optional.empty();
        }
        return Optional.of(new Position(p.getLine(), Math.min(p.getCharacter(), doc.line(p.getLine()).length())));
    }

    private static <T> T present(T params) {
        if (params == null) {
            throw CsfLanguageServer.invalid("the request has no params");
        }
        return params;
    }

    private static String uri(TextDocumentIdentifier id) {
        if (id == null || id.getUri() == null) {
            throw CsfLanguageServer.invalid("the request names no textDocument uri");
        }
        return id.getUri();
    }

    static Position position(Position p) {
        if (p == null) {
            throw CsfLanguageServer.invalid("the request has no position");
        }
        if (p.getLine() < 0 || p.getCharacter() < 0) {
            throw CsfLanguageServer.invalid("position (line " + p.getLine() + ", character " + p.getCharacter()
                    + ") is invalid: line and character count from 0");
        }
        return p;
    }

    static Range range(Range r) {
        if (r == null) {
            throw CsfLanguageServer.invalid("the request has no range");
        }
        position(r.getStart());
        position(r.getEnd());
        return r;
    }
}
