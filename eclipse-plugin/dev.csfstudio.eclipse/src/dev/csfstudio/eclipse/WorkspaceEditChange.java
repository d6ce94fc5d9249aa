package dev.csfstudio.eclipse;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.ltk.core.refactoring.CompositeChange;
import org.eclipse.ltk.core.refactoring.TextFileChange;
import org.eclipse.text.edits.MultiTextEdit;
import org.eclipse.text.edits.ReplaceEdit;

/**
 * A server's workspace edit as an LTK change: one text file change per file, whose edits the refactoring preview
 * lists and which changes open editors' documents (saving only files that were not dirty) and closed files alike.
 */
public final class WorkspaceEditChange {

    private WorkspaceEditChange() {
    }

    /** The edits per URI, whether the server sent {@code changes} or {@code documentChanges}. */
    public static Map<String, List<TextEdit>> editsByUri(WorkspaceEdit edit) {
        Map<String, List<TextEdit>> out = new LinkedHashMap<>();
        if (edit == null) {
            return out;
        }
        if (edit.getChanges() != null) {
            edit.getChanges().forEach((uri, edits) -> out.computeIfAbsent(uri, u -> new ArrayList<>()).addAll(edits));
        }
        if (edit.getDocumentChanges() != null) {
            for (var c : edit.getDocumentChanges()) {
                if (c.isLeft()) {
                    TextDocumentEdit t = c.getLeft();
                    out.computeIfAbsent(t.getTextDocument().getUri(), u -> new ArrayList<>())
                            .addAll(t.getEdits().stream().filter(e -> e.isLeft()).map(e -> e.getLeft()).toList());
                }
            }
        }
        return out;
    }

    /** The workspace file of a file: URI, or null when it is outside the workspace. */
    public static IFile fileOf(String uri) {
        try {
            IFile[] files = ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(URI.create(uri));
            return files.length == 0 ? null : files[0];
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The change, or a reason it cannot be made: every file must be in the workspace.
     *
     * @throws CoreException when a file's text cannot be read
     */
    public static CompositeChange of(String name, WorkspaceEdit edit) throws CoreException {
        CompositeChange all = new CompositeChange(name);
        for (Map.Entry<String, List<TextEdit>> e : editsByUri(edit).entrySet()) {
            IFile file = fileOf(e.getKey());
            if (file == null) {
                throw new CoreException(org.eclipse.core.runtime.Status.error(
                        e.getKey() + " is outside the workspace, so " + name + " cannot change it"));
            }
            TextFileChange change = new TextFileChange(file.getName(), file);
            IDocument document = change.getCurrentDocument(null);
            change.setEdit(multiEdit(document, e.getValue()));
            change.setTextType("csf");
            all.add(change);
        }
        return all;
    }

    /** Text edits of one document as one multi-edit (LSP edits never overlap; equal ranges keep their order). */
    public static MultiTextEdit multiEdit(IDocument document, List<TextEdit> edits) {
        MultiTextEdit multi = new MultiTextEdit();
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt((TextEdit t) -> DocumentPositions.offset(document, t.getRange().getStart())));
        for (TextEdit t : sorted) {
            IRegion r = DocumentPositions.region(document, t.getRange());
            multi.addChild(new ReplaceEdit(r.getOffset(), r.getLength(), t.getNewText()));
        }
        return multi;
    }
}
