package dev.csfstudio.eclipse.operations.format;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.DocumentRewriteSession;
import org.eclipse.jface.text.DocumentRewriteSessionType;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.text.edits.MalformedTreeException;

import dev.csfstudio.eclipse.WorkspaceEditChange;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/** textDocument/formatting (Source > Format, format on save): the server's edits applied as one undoable change. */
public final class CsfFormatter {

    private CsfFormatter() {
    }

    /**
     * Formats the editor's document, waiting at most {@code timeoutMillis} for the server.
     *
     * @return whether anything changed
     */
    public static boolean format(ServedEditor editor, long timeoutMillis) {
        DocumentSession s = editor.session();
        CsfServerConnection c = s == null ? null : s.connection();
        if (c == null) {
            return false;
        }
        List<TextEdit> edits;
        try {
            edits = c.formatting(s.uri(), 8, true).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            editor.getEditorSite().getActionBars().getStatusLineManager().setErrorMessage("CSF formatting failed: " + e.getMessage());
            return false;
        }
        if (edits.isEmpty()) {
            return false;
        }
        IDocument d = editor.document();
        try {
            DocumentRewriteSession rewrite = ((IDocumentExtension4) d).startRewriteSession(DocumentRewriteSessionType.UNRESTRICTED);
            try {
                WorkspaceEditChange.multiEdit(d, edits).apply(d);
            } finally {
                ((IDocumentExtension4) d).stopRewriteSession(rewrite);
            }
            return true;
        } catch (BadLocationException | MalformedTreeException e) {
            return false;
        }
    }
}
