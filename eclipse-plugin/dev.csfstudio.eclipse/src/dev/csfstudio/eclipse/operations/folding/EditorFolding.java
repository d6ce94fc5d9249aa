package dev.csfstudio.eclipse.operations.folding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotationModel;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.eclipse.lsp4j.FoldingRange;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.server.CsfServers;

/** Folding from the server's folding ranges (sections, comment blocks); a range that stays keeps its state. */
public final class EditorFolding {

    private final ProjectionViewer viewer;

    public EditorFolding(ProjectionViewer viewer) {
        this.viewer = viewer;
    }

    public void update(CsfServerConnection c, String uri) {
        String asked = viewer.getDocument() == null ? null : viewer.getDocument().get();
        c.foldingRanges(uri).thenAccept(ranges -> CsfServers.ui(() -> {
            IDocument d = viewer.getDocument();
            if (d != null && d.get().equals(asked)) {
                apply(d, ranges);
            }
        }));
    }

    /** Replaces the folding annotations with the ranges' lines (UI thread). */
    void apply(IDocument d, List<FoldingRange> ranges) {
        ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
        if (model == null) {
            return;
        }
        Map<Position, Annotation> existing = new HashMap<>();
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            Annotation a = it.next();
            if (a instanceof ProjectionAnnotation) {
                existing.put(model.getPosition(a), a);
            }
        }
        Map<Annotation, Position> added = new HashMap<>();
        for (FoldingRange r : ranges) {
            Position p = position(d, r);
            if (p == null) {
                continue;
            }
            if (existing.remove(p) == null) {
                added.put(new ProjectionAnnotation(), p);
            }
        }
        List<Annotation> removed = new ArrayList<>(existing.values());
        model.modifyAnnotations(removed.toArray(Annotation[]::new), added, null);
    }

    /** Whole lines start..end (the last with its line break). */
    private static Position position(IDocument d, FoldingRange r) {
        try {
            if (r.getEndLine() <= r.getStartLine() || r.getEndLine() >= d.getNumberOfLines()) {
                return null;
            }
            int start = d.getLineOffset(r.getStartLine());
            int end = d.getLineOffset(r.getEndLine()) + d.getLineLength(r.getEndLine());
            return new Position(start, end - start);
        } catch (BadLocationException e) {
            return null;
        }
    }

    /** The folded regions now (for tests): {start line, end line} per range. */
    public List<int[]> lines() {
        List<int[]> out = new ArrayList<>();
        ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
        IDocument d = viewer.getDocument();
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            Position p = model.getPosition(it.next());
            try {
                out.add(new int[] {d.getLineOfOffset(p.getOffset()), d.getLineOfOffset(Math.max(p.getOffset(), p.getOffset() + p.getLength() - 1))});
            } catch (BadLocationException e) {
                // gone meanwhile
            }
        }
        return out;
    }
}
