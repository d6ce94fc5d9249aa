package dev.csfstudio.eclipse.ui;

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

import dev.csfstudio.eclipse.core.CompletionText;
import dev.csfstudio.eclipse.core.CsfServerConnection;
import dev.csfstudio.eclipse.core.LineOffsets;

/** textDocument/completion: each item's textEdit (or insert text) without snippet syntax; auto-activated on '.'. */
final class CsfContentAssistProcessor implements IContentAssistProcessor {

    private final CsfEditor editor;
    private String error;

    CsfContentAssistProcessor(CsfEditor editor) {
        this.editor = editor;
    }

    @Override
    public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
        error = null;
        DocumentSession s = editor.session();
        CsfServerConnection c = s == null ? null : s.connection();
        if (c == null) {
            error = "The CSF language server is not running";
            return new ICompletionProposal[0];
        }
        String text = viewer.getDocument().get();
        LineOffsets lines = new LineOffsets(text);
        int[] pos = lines.position(offset);
        List<CompletionItem> items;
        try {
            items = c.completion(s.uri(), pos[0], pos[1]).get(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ICompletionProposal[0];
        } catch (Exception e) {
            error = "CSF completion failed: " + e.getMessage();
            return new ICompletionProposal[0];
        }
        List<ICompletionProposal> out = new ArrayList<>();
        for (CompletionItem item : items) {
            CsfCompletionProposal p = CsfCompletionProposal.of(item, text, lines, offset);
            if (p != null) {
                out.add(p);
            }
        }
        out.sort((a, b) -> ((CsfCompletionProposal) a).sortKey().compareTo(((CsfCompletionProposal) b).sortKey()));
        return out.toArray(new ICompletionProposal[0]);
    }

    @Override
    public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
        return null;
    }

    @Override
    public char[] getCompletionProposalAutoActivationCharacters() {
        return new char[] {'.'};
    }

    @Override
    public char[] getContextInformationAutoActivationCharacters() {
        return null;
    }

    @Override
    public String getErrorMessage() {
        return error;
    }

    @Override
    public IContextInformationValidator getContextInformationValidator() {
        return null;
    }

    static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    static CompletionText.Result textOf(CompletionItem item, String raw) {
        boolean snippet = item.getInsertTextFormat() == org.eclipse.lsp4j.InsertTextFormat.Snippet;
        return snippet ? CompletionText.fromSnippet(raw) : CompletionText.plain(raw);
    }
}
