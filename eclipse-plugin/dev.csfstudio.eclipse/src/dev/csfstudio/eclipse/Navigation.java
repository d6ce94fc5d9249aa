package dev.csfstudio.eclipse;

import java.net.URI;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.lsp4j.Location;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;


/** Opens a server location in an editor (a workspace file, or a file outside the workspace) and selects it. */
public final class Navigation {

    private Navigation() {
    }

    public static IEditorPart open(Location location) {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        try {
            IFile file = WorkspaceEditChange.fileOf(location.getUri());
            IEditorPart part = file != null ? IDE.openEditor(page, file, true)
                    : IDE.openEditorOnFileStore(page, EFS.getStore(URI.create(location.getUri())));
            if (part instanceof ITextEditor text) {
                IDocument d = text.getDocumentProvider().getDocument(text.getEditorInput());
                IRegion r = DocumentPositions.region(d, location.getRange());
                text.selectAndReveal(r.getOffset(), r.getLength());
            }
            return part;
        } catch (CoreException | IllegalArgumentException e) {
            CsfPlugin.log(IStatus.WARNING, "Cannot open " + location.getUri() + ": " + e.getMessage(), null);
            return null;
        }
    }
}
