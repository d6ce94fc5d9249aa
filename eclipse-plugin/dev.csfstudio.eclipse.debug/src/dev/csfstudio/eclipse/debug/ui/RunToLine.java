package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.ISuspendResume;
import org.eclipse.debug.ui.actions.IRunToLineTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.csfstudio.eclipse.debug.model.CsfDebugTarget;
import dev.csfstudio.eclipse.ui.CsfEditor;

/**
 * Run to Line (Ctrl+R, Run menu, the editor's context menu) in the CSF editor: the suspended CSF session runs until
 * the queue reaches the selection's line (a one-shot breakpoint the adapter is sent until the next stop) or stops
 * for another reason. Registered as the editor's IRunToLineTarget adapter.
 */
public final class RunToLine implements IRunToLineTarget, IAdapterFactory {

    private static CsfDebugTarget targetOf(ISuspendResume context) {
        if (context instanceof IDebugElement e && e.getDebugTarget() instanceof CsfDebugTarget t) {
            return t;
        }
        return context instanceof IAdaptable a ? a.getAdapter(CsfDebugTarget.class) : null;
    }

    private static IResource fileOf(IWorkbenchPart part) {
        return part instanceof ITextEditor editor ? editor.getEditorInput().getAdapter(IResource.class) : null;
    }

    @Override
    public void runToLine(IWorkbenchPart part, ISelection selection, ISuspendResume context) throws CoreException {
        CsfDebugTarget target = targetOf(context);
        IResource file = fileOf(part);
        if (target != null && file != null && file.getLocation() != null && selection instanceof ITextSelection text) {
            target.runToLine(file.getLocation().toOSString(), text.getStartLine() + 1);
        }
    }

    @Override
    public boolean canRunToLine(IWorkbenchPart part, ISelection selection, ISuspendResume context) {
        CsfDebugTarget target = targetOf(context);
        return target != null && target.canResume() && fileOf(part) != null && selection instanceof ITextSelection;
    }

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> type) {
        return adaptable instanceof CsfEditor && type == IRunToLineTarget.class ? type.cast(this) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] { IRunToLineTarget.class };
    }
}
