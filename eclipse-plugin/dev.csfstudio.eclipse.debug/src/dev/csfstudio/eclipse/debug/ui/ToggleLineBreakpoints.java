package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IBreakpointManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.ui.actions.IToggleBreakpointsTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.csfstudio.eclipse.debug.CsfDebug;
import dev.csfstudio.eclipse.debug.model.CsfLineBreakpoint;
import dev.csfstudio.eclipse.ui.CsfEditor;

/**
 * Toggle Breakpoint (Ctrl+Shift+B, ruler double-click) in the CSF editor: a CSF line breakpoint on the
 * selection's line, or its removal. Registered as the editor's IToggleBreakpointsTarget adapter.
 */
public final class ToggleLineBreakpoints implements IToggleBreakpointsTarget, IAdapterFactory {

    /** The breakpoint on `line` (1-based) of the file, or null. */
    public static CsfLineBreakpoint at(IResource file, int line) throws CoreException {
        for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL)) {
            if (b instanceof CsfLineBreakpoint l && file.equals(l.getMarker().getResource()) && l.getLineNumber() == line) {
                return l;
            }
        }
        return null;
    }

    /** Adds a breakpoint on the line, or removes the one there; returns the breakpoint added, or null. */
    public static CsfLineBreakpoint toggle(IResource file, int line) throws CoreException {
        IBreakpointManager manager = DebugPlugin.getDefault().getBreakpointManager();
        CsfLineBreakpoint existing = at(file, line);
        if (existing != null) {
            manager.removeBreakpoint(existing, true);
            return null;
        }
        CsfLineBreakpoint added = new CsfLineBreakpoint(file, line);
        manager.addBreakpoint(added);
        return added;
    }

    private static IResource fileOf(IWorkbenchPart part) {
        return part instanceof ITextEditor editor ? editor.getEditorInput().getAdapter(IResource.class) : null;
    }

    @Override
    public void toggleLineBreakpoints(IWorkbenchPart part, ISelection selection) throws CoreException {
        IResource file = fileOf(part);
        if (file != null && selection instanceof ITextSelection text) {
            toggle(file, text.getStartLine() + 1);
        }
    }

    @Override
    public boolean canToggleLineBreakpoints(IWorkbenchPart part, ISelection selection) {
        return fileOf(part) != null && selection instanceof ITextSelection;
    }

    @Override
    public void toggleMethodBreakpoints(IWorkbenchPart part, ISelection selection) {
        // streams have no method breakpoints
    }

    @Override
    public boolean canToggleMethodBreakpoints(IWorkbenchPart part, ISelection selection) {
        return false;
    }

    @Override
    public void toggleWatchpoints(IWorkbenchPart part, ISelection selection) {
        // data breakpoints are set through the adapter (DAP setDataBreakpoints), not from the editor
    }

    @Override
    public boolean canToggleWatchpoints(IWorkbenchPart part, ISelection selection) {
        return false;
    }

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> type) {
        return adaptable instanceof CsfEditor && type == IToggleBreakpointsTarget.class ? type.cast(this) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] { IToggleBreakpointsTarget.class };
    }
}
