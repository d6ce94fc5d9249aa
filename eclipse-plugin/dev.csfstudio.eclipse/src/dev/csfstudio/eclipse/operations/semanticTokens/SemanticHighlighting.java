package dev.csfstudio.eclipse.operations.semanticTokens;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.text.TokenKind;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.text.CsfColors;

/**
 * Semantic colouring from the server's semantic tokens, laid over the rule-based colouring (which stays as the
 * fallback while the server starts, and while a new text waits for its analysis): tokens of the text that was
 * analysed are applied only while the document still holds that text.
 */
public final class SemanticHighlighting implements ITextPresentationListener {

    private final ISourceViewer viewer;
    private List<StyleRange> ranges = List.of();
    private String text;

    public SemanticHighlighting(ISourceViewer viewer) {
        this.viewer = viewer;
        if (viewer instanceof org.eclipse.jface.text.TextViewer v) {
            v.addTextPresentationListener(this);
        }
    }

    public void update(CsfServerConnection c, String uri) {
        List<String> legend = c.semanticTokenTypes();
        if (legend.isEmpty() || viewer.getDocument() == null) {
            return;
        }
        String asked = viewer.getDocument().get();
        c.semanticTokens(uri).thenAccept(tokens -> CsfServers.ui(() -> {
            IDocument d = viewer.getDocument();
            if (d == null || tokens == null || !d.get().equals(asked) || viewer.getTextWidget() == null
                    || viewer.getTextWidget().isDisposed()) {
                return;
            }
            ranges = decode(d, tokens, legend);
            text = asked;
            viewer.invalidateTextPresentation();
        }));
    }

    /** LSP's relative encoding (line delta, start delta, length, type, modifiers) to style ranges. */
    static List<StyleRange> decode(IDocument d, SemanticTokens tokens, List<String> legend) {
        List<StyleRange> out = new ArrayList<>();
        List<Integer> data = tokens.getData();
        int line = 0;
        int start = 0;
        for (int i = 0; i + 4 < data.size(); i += 5) {
            int dl = data.get(i);
            line += dl;
            start = dl == 0 ? start + data.get(i + 1) : data.get(i + 1);
            int length = data.get(i + 2);
            int type = data.get(i + 3);
            boolean declaration = (data.get(i + 4) & 1) != 0;
            TokenKind kind = type < legend.size() ? kind(legend.get(type)) : null;
            if (kind == null) {
                continue;
            }
            try {
                int offset = d.getLineOffset(line) + start;
                StyleRange r = new StyleRange(offset, length, CsfColors.color(kind), null,
                        CsfColors.style(kind) | (declaration ? SWT.BOLD : SWT.NORMAL));
                out.add(r);
            } catch (BadLocationException e) {
                break;
            }
        }
        return out;
    }

    /** The colour of each token type of the server's legend (types this editor does not colour map to null). */
    static TokenKind kind(String type) {
        return switch (type) {
            case "keyword" -> TokenKind.MNEMONIC;
            case "enumMember" -> TokenKind.MODIFIER;
            case "macro" -> TokenKind.DIRECTIVE;
            case "parameter" -> TokenKind.REGISTER;
            case "number" -> TokenKind.NUMBER;
            case "variable" -> TokenKind.SYMBOL;
            case "function" -> TokenKind.LABEL;
            case "property" -> TokenKind.KEY;
            case "string" -> TokenKind.STRING;
            case "comment" -> TokenKind.COMMENT;
            default -> null;
        };
    }

    @Override
    public void applyTextPresentation(TextPresentation presentation) {
        IDocument d = viewer.getDocument();
        if (ranges.isEmpty() || d == null || !d.get().equals(text)) {
            return;
        }
        var extent = presentation.getExtent();
        int from = extent.getOffset();
        int to = from + extent.getLength();
        List<StyleRange> inside = new ArrayList<>();
        for (StyleRange r : ranges) {
            if (r.start + r.length > from && r.start < to) {
                inside.add(r);
            }
        }
        presentation.mergeStyleRanges(inside.toArray(StyleRange[]::new));
    }

    /** The style ranges applied now (for tests). */
    public List<StyleRange> ranges() {
        return ranges;
    }

    public void dispose() {
        if (viewer instanceof org.eclipse.jface.text.TextViewer v) {
            v.removeTextPresentationListener(this);
        }
    }
}
