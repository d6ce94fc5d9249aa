package dev.csfstudio.eclipse.operations.completion;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.SignatureHelp;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/**
 * textDocument/completion (auto-activated on '.') and textDocument/signatureHelp as context information
 * (auto-activated on ' ' and ',' while typing operands). The content assistant is asynchronous, so both run off
 * the UI thread: waiting for the server never blocks typing.
 */
public final class CsfContentAssistProcessor implements IContentAssistProcessor {

    private final ServedEditor editor;
    private final SignatureInformationValidator validator = new SignatureInformationValidator();
    private volatile String error;
    /** The thread the last completion was computed on (for tests: never the UI thread). */
    public volatile Thread lastThread;

    public CsfContentAssistProcessor(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
        lastThread = Thread.currentThread();
        error = null;
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            error = "The CSF language server is not running";
            return new ICompletionProposal[0];
        }
        String text = viewer.getDocument().get();
        LineOffsets lines = new LineOffsets(text);
        int[] pos = lines.position(offset);
        List<CompletionItem> items;
        try {
            items = c.completion(s.uri(), pos[0], pos[1]).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ICompletionProposal[0];
        } catch (Exception e) {
            error = "CSF completion failed: " + e.getMessage();
            return new ICompletionProposal[0];
        }
        List<CsfCompletionProposal> out = new ArrayList<>();
        for (CompletionItem item : items) {
            CsfCompletionProposal p = CsfCompletionProposal.of(item, text, lines, offset);
            if (p != null) {
                out.add(p);
            }
        }
        out.sort((a, b) -> a.sortKey().compareTo(b.sortKey()));
        return out.toArray(new ICompletionProposal[0]);
    }

    @Override
    public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            return null;
        }
        var pos = DocumentPositions.position(viewer.getDocument(), offset);
        try {
            SignatureHelp help = c.signatureHelp(s.uri(), pos.getLine(), pos.getCharacter()).get(5, TimeUnit.SECONDS);
            SignatureInformation info = SignatureInformation.of(help, offset, viewer.getDocument());
            return info == null ? null : new IContextInformation[] {info};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public char[] getCompletionProposalAutoActivationCharacters() {
        return new char[] {'.'};
    }

    @Override
    public char[] getContextInformationAutoActivationCharacters() {
        return new char[] {' ', ','};
    }

    @Override
    public String getErrorMessage() {
        return error;
    }

    @Override
    public IContextInformationValidator getContextInformationValidator() {
        return validator;
    }

    static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    static CompletionText.Result textOf(CompletionItem item, String raw) {
        boolean snippet = item.getInsertTextFormat() == org.eclipse.lsp4j.InsertTextFormat.Snippet;
        return snippet ? CompletionText.fromSnippet(raw) : CompletionText.plain(raw);
    }
}
