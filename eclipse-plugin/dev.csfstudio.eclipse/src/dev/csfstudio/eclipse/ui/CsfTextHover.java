package dev.csfstudio.eclipse.ui;

import java.util.concurrent.TimeUnit;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;

import dev.csfstudio.eclipse.core.CsfServerConnection;
import dev.csfstudio.eclipse.core.HoverText;
import dev.csfstudio.eclipse.core.LineOffsets;

/** textDocument/hover, shown as plain text (the hover manager calls this off the UI thread). */
final class CsfTextHover implements ITextHover {

    private final CsfEditor editor;

    CsfTextHover(CsfEditor editor) {
        this.editor = editor;
    }

    @Override
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        DocumentSession s = editor.session();
        CsfServerConnection c = s == null ? null : s.connection();
        if (c == null) {
            return null;
        }
        try {
            int[] pos = new LineOffsets(viewer.getDocument().get()).position(region.getOffset());
            return HoverText.of(c.hover(s.uri(), pos[0], pos[1]).get(3, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        String text = viewer.getDocument().get();
        int start = offset;
        int end = offset;
        while (start > 0 && word(text.charAt(start - 1))) {
            start--;
        }
        while (end < text.length() && word(text.charAt(end))) {
            end++;
        }
        return new Region(start, end - start);
    }

    private static boolean word(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
