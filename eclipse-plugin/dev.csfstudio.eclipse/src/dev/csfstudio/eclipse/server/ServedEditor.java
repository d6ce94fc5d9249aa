package dev.csfstudio.eclipse.server;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Range;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * A CSF editor as the feature packages ({@code operations.*}, {@code outline}, {@code run}) see it: a text editor
 * whose document has a session with the server. {@code ui.CsfEditor} implements it and wires the features in, so
 * the features depend on this and not on the editor (no package cycle).
 */
public interface ServedEditor extends ITextEditor {

    /** The document's session with the server, or null when the input is not a local file. */
    DocumentSession session();

    /** The server connection, or null when it is not running. */
    CsfServerConnection connection();

    ISourceViewer viewer();

    IDocument document();

    /** textDocument/documentSymbol of the document (empty when there is no session). */
    CompletableFuture<List<DocumentSymbol>> symbols();

    /** Selects and shows a range of the document. */
    void reveal(Range range);
}
