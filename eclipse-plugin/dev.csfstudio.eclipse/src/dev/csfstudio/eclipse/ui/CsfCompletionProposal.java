package dev.csfstudio.eclipse.ui;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.InsertReplaceEdit;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;

import dev.csfstudio.eclipse.core.CompletionText;
import dev.csfstudio.eclipse.core.HoverText;
import dev.csfstudio.eclipse.core.LineOffsets;

/** One completion item: replaces its range with the text, then selects the first placeholder's default. */
final class CsfCompletionProposal implements ICompletionProposal {

    private final CompletionItem item;
    private final int offset;
    private final int length;
    private final CompletionText.Result text;

    private CsfCompletionProposal(CompletionItem item, int offset, int length, CompletionText.Result text) {
        this.item = item;
        this.offset = offset;
        this.length = length;
        this.text = text;
    }

    /** The proposal for an item at the caret, or null when what was typed does not match it. */
    static CsfCompletionProposal of(CompletionItem item, String document, LineOffsets lines, int caret) {
        int start;
        int end;
        String raw;
        if (item.getTextEdit() != null) {
            Range range;
            if (item.getTextEdit().isLeft()) {
                TextEdit e = item.getTextEdit().getLeft();
                range = e.getRange();
                raw = e.getNewText();
            } else {
                InsertReplaceEdit e = item.getTextEdit().getRight();
                range = e.getReplace();
                raw = e.getNewText();
            }
            start = lines.offset(range.getStart().getLine(), range.getStart().getCharacter());
            end = lines.offset(range.getEnd().getLine(), range.getEnd().getCharacter());
        } else {
            raw = item.getInsertText() != null ? item.getInsertText() : item.getLabel();
            start = caret;
            while (start > 0 && (Character.isLetterOrDigit(document.charAt(start - 1)) || document.charAt(start - 1) == '_')) {
                start--;
            }
            end = caret;
        }
        if (start > caret) {
            return null;
        }
        String typed = CsfContentAssistProcessor.lower(document.substring(start, Math.min(caret, document.length())));
        String filter = CsfContentAssistProcessor.lower(item.getFilterText() != null ? item.getFilterText() : item.getLabel());
        if (!typed.isEmpty() && !filter.startsWith(typed) && !CsfContentAssistProcessor.lower(raw).startsWith(typed)) {
            return null;
        }
        return new CsfCompletionProposal(item, start, Math.max(end, caret) - start, CsfContentAssistProcessor.textOf(item, raw));
    }

    String sortKey() {
        return item.getSortText() != null ? item.getSortText() : item.getLabel();
    }

    @Override
    public void apply(IDocument document) {
        try {
            document.replace(offset, length, text.text());
        } catch (BadLocationException e) {
            // the document changed under the popup: nothing to insert
        }
    }

    @Override
    public Point getSelection(IDocument document) {
        return new Point(offset + text.selectionStart(), text.selectionLength());
    }

    @Override
    public String getAdditionalProposalInfo() {
        StringBuilder b = new StringBuilder();
        if (item.getDetail() != null) {
            b.append(item.getDetail());
        }
        if (item.getDocumentation() != null) {
            String doc = item.getDocumentation().isLeft() ? item.getDocumentation().getLeft()
                    : HoverText.markdownToPlain(item.getDocumentation().getRight().getValue());
            if (b.length() > 0) {
                b.append("\n\n");
            }
            b.append(doc);
        }
        return b.length() == 0 ? null : b.toString();
    }

    @Override
    public String getDisplayString() {
        return item.getDetail() == null || item.getDetail().isEmpty() ? item.getLabel() : item.getLabel() + " \u2014 " + item.getDetail();
    }

    @Override
    public Image getImage() {
        return null;
    }

    @Override
    public IContextInformation getContextInformation() {
        return null;
    }

    /** The text inserted (for tests). */
    String insertedText() {
        return text.text();
    }
}
