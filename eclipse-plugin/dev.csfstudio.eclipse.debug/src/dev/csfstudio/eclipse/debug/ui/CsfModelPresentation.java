package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.ui.IDebugModelPresentation;
import org.eclipse.debug.ui.IValueDetailListener;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IEditorInput;

import dev.csfstudio.eclipse.debug.SourceFiles;
import dev.csfstudio.eclipse.debug.model.CsfLineBreakpoint;
import dev.csfstudio.eclipse.debug.model.CsfValue;
import dev.csfstudio.eclipse.ui.CsfEditor;

/** Labels come from the elements' names; sources and breakpoints open in the CSF editor. */
public final class CsfModelPresentation extends LabelProvider implements IDebugModelPresentation {

    @Override
    public void setAttribute(String attribute, Object value) {
        // no presentation options
    }

    @Override
    public Image getImage(Object element) {
        return null; // the debug platform's images
    }

    @Override
    public String getText(Object element) {
        if (element instanceof CsfLineBreakpoint b) {
            IMarker m = b.getMarker();
            if (m != null && m.exists()) {
                String reason = m.getAttribute(CsfLineBreakpoint.UNVERIFIED_REASON, null);
                return m.getResource().getName() + " [line: " + m.getAttribute(IMarker.LINE_NUMBER, 0) + "]"
                        + (reason != null ? " (not verified: " + reason + ")" : "");
            }
        }
        return null; // the element's own name
    }

    @Override
    public void computeDetail(IValue value, IValueDetailListener listener) {
        String detail = value.toString();
        try {
            detail = value.getValueString();
            if (value instanceof CsfValue v && v.memoryReference() != null) {
                detail += "\nGPU address " + v.memoryReference() + " (Memory view: add a monitor at it)";
            }
        } catch (org.eclipse.debug.core.DebugException e) {
            detail = e.getMessage();
        }
        listener.detailComputed(value, detail);
    }

    @Override
    public IEditorInput getEditorInput(Object element) {
        if (element instanceof CsfLineBreakpoint b && b.getMarker() != null && b.getMarker().getResource() instanceof IFile f) {
            return SourceFiles.editorInput(f);
        }
        return SourceFiles.editorInput(element);
    }

    @Override
    public String getEditorId(IEditorInput input, Object element) {
        return CsfEditor.ID;
    }
}
