package dev.csfstudio.eclipse.operations.completion;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposalExtension2;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.link.LinkedModeModel;
import org.eclipse.jface.text.link.LinkedModeUI;
import org.eclipse.jface.text.link.LinkedPosition;
import org.eclipse.jface.text.link.LinkedPositionGroup;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.InsertReplaceEdit;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;

import dev.csfstudio.eclipse.HoverText;
import dev.csfstudio.eclipse.LineOffsets;

/**
 * One completion item: replaces its range with the text; a snippet's tab stops become a linked-mode template
 * (Tab goes to the next placeholder, a placeholder used twice is edited in both places, Enter leaves at $0).
 */
public final class CsfCompletionProposal implements ICompletionProposal, ICompletionProposalExtension2 {

    private final CompletionItem item;
    private final int offset;
    private final int length;
    private final CompletionText.Result text;
    private final String filter;
    private LinkedModeModel linked;

    private CsfCompletionProposal(CompletionItem item, int offset, int length, CompletionText.Result text) {
        this.item = item;
        this.offset = offset;
        this.length = length;
        this.text = text;
        this.filter = CsfContentAssistProcessor.lower(item.getFilterText() != null ? item.getFilterText() : item.getLabel());
    }

    /** The proposal for an item at the caret, or null when what was typed does not match it. */
    public static CsfCompletionProposal of(CompletionItem item, String document, LineOffsets lines, int caret) {
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
    public void apply(ITextViewer viewer, char trigger, int stateMask, int caret) {
        IDocument document = viewer.getDocument();
        int typed = Math.max(0, caret - (offset + length)); // typed after the popup opened
        try {
            document.replace(offset, length + typed, text.text());
        } catch (BadLocationException e) {
            return;
        }
        linked = linkedMode(viewer, document);
    }

    /** Links the tab stops that have a number other than 0; null when the snippet has none. */
    private LinkedModeModel linkedMode(ITextViewer viewer, IDocument document) {
        Map<Integer, java.util.List<CompletionText.Stop>> byNumber = new TreeMap<>();
        int exit = offset + text.text().length();
        for (CompletionText.Stop stop : text.stops()) {
            if (stop.number() == 0) {
                exit = offset + stop.offset();
            } else {
                byNumber.computeIfAbsent(stop.number(), n -> new java.util.ArrayList<>()).add(stop);
            }
        }
        if (byNumber.isEmpty()) {
            return null;
        }
        try {
            LinkedModeModel model = new LinkedModeModel();
            int sequence = 0;
            for (java.util.List<CompletionText.Stop> same : byNumber.values()) {
                LinkedPositionGroup g = new LinkedPositionGroup();
                for (int i = 0; i < same.size(); i++) {
                    g.addPosition(new LinkedPosition(document, offset + same.get(i).offset(), same.get(i).length(),
                            i == 0 ? sequence : LinkedPositionGroup.NO_STOP));
                }
                sequence++;
                model.addGroup(g);
            }
            model.forceInstall();
            LinkedModeUI ui = new LinkedModeUI(model, viewer);
            ui.setExitPosition(viewer, exit, 0, Integer.MAX_VALUE);
            ui.setCyclingMode(LinkedModeUI.CYCLE_WHEN_NO_PARENT);
            ui.enter();
            return model;
        } catch (BadLocationException e) {
            return null;
        }
    }

    @Override
    public void selected(ITextViewer viewer, boolean smartToggle) {
    }

    @Override
    public void unselected(ITextViewer viewer) {
    }

    @Override
    public boolean validate(IDocument document, int caret, DocumentEvent event) {
        if (caret < offset) {
            return false;
        }
        try {
            String typed = CsfContentAssistProcessor.lower(document.get(offset, caret - offset));
            return typed.isEmpty() || filter.startsWith(typed) || CsfContentAssistProcessor.lower(text.text()).startsWith(typed);
        } catch (BadLocationException e) {
            return false;
        }
    }

    @Override
    public Point getSelection(IDocument document) {
        if (linked != null) {
            return null; // linked mode has selected the first placeholder
        }
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

    /** Whether applying it entered linked mode (for tests). */
    public LinkedModeModel linkedMode() {
        return linked;
    }

    /** The text inserted (for tests). */
    String insertedText() {
        return text.text();
    }
}
