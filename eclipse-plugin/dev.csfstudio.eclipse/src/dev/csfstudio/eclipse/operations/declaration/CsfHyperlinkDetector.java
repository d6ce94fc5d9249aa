package dev.csfstudio.eclipse.operations.declaration;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.hyperlink.AbstractHyperlinkDetector;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.lsp4j.Location;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.Navigation;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/**
 * Ctrl+click: a label, constant, stream or buffer links to its definition (in an included file too, which opens).
 * The question waits at most half a second, as hyperlink detection runs while the mouse moves.
 */
public final class CsfHyperlinkDetector extends AbstractHyperlinkDetector {

    private final ServedEditor editor;

    public CsfHyperlinkDetector(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public IHyperlink[] detectHyperlinks(ITextViewer viewer, IRegion region, boolean canShowMultipleHyperlinks) {
        List<Location> targets = definitions(editor, region.getOffset(), 500);
        if (targets.isEmpty()) {
            return null;
        }
        IRegion word = DocumentPositions.word(viewer.getDocument().get(), region.getOffset());
        return targets.stream().map(t -> new Link(word, t)).toArray(IHyperlink[]::new);
    }

    /** The definitions of the symbol at an offset of the editor's document (empty when none or no answer in time). */
    public static List<Location> definitions(ServedEditor editor, int offset, long timeoutMillis) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            return List.of();
        }
        var pos = DocumentPositions.position(editor.document(), offset);
        try {
            return c.definition(s.uri(), pos.getLine(), pos.getCharacter()).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } catch (Exception e) {
            return List.of();
        }
    }

    /** A link to one definition. */
    record Link(IRegion region, Location target) implements IHyperlink {
        @Override
        public IRegion getHyperlinkRegion() {
            return region;
        }

        @Override
        public String getTypeLabel() {
            return "Definition";
        }

        @Override
        public String getHyperlinkText() {
            return "Open Definition";
        }

        @Override
        public void open() {
            Navigation.open(target);
        }
    }
}
