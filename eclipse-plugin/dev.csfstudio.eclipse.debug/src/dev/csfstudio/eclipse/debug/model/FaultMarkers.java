package dev.csfstudio.eclipse.debug.model;

import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;

import dev.csfstudio.eclipse.debug.CsfDebug;
import dev.csfstudio.eclipse.debug.SourceFiles;

/**
 * The fault a debug session stopped on, as an error marker on the faulting line (the Problems view, the editor's
 * ruler and overview): the whole text the Debug view's label has no room for. Markers of a session live until the
 * next CSF session starts.
 */
final class FaultMarkers {

    static final String TYPE = "dev.csfstudio.eclipse.debug.fault";

    private FaultMarkers() {
    }

    /** Marks `line` of the workspace file at `path` (no marker for a file outside the workspace). */
    static void mark(String path, int line, String message) {
        if (!(SourceFiles.element(path) instanceof IFile file)) {
            return;
        }
        try {
            file.createMarker(TYPE, Map.of(IMarker.SEVERITY, IMarker.SEVERITY_ERROR, IMarker.LINE_NUMBER, line,
                    IMarker.MESSAGE, message));
        } catch (CoreException e) {
            CsfDebug.log(IStatus.WARNING, "cannot mark the fault in " + path, e);
        }
    }

    /** Removes every session's fault markers. */
    static void clear() {
        try {
            ResourcesPlugin.getWorkspace().getRoot().deleteMarkers(TYPE, false, IResource.DEPTH_INFINITE);
        } catch (CoreException e) {
            CsfDebug.log(IStatus.WARNING, "cannot remove the CSF fault markers", e);
        }
    }
}
