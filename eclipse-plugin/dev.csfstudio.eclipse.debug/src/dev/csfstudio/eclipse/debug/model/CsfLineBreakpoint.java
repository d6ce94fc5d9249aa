package dev.csfstudio.eclipse.debug.model;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.LineBreakpoint;

import dev.csfstudio.eclipse.debug.CsfDebug;

/** A breakpoint on a line of a .csf file; the adapter says whether an instruction is there (or moves it to the next). */
public final class CsfLineBreakpoint extends LineBreakpoint {

    /** Marker attribute: the adapter's reason when the line has no instruction. */
    public static final String UNVERIFIED_REASON = "dev.csfstudio.eclipse.debug.unverified";

    /** For the breakpoint manager, which restores breakpoints from their markers. */
    public CsfLineBreakpoint() {
    }

    /** A new enabled breakpoint on `line` (1-based) of the file, registered with the breakpoint manager. */
    public CsfLineBreakpoint(IResource file, int line) throws CoreException {
        IMarker marker = file.createMarker(CsfDebug.LINE_BREAKPOINT_MARKER);
        marker.setAttribute(IBreakpoint.ENABLED, Boolean.TRUE);
        marker.setAttribute(IMarker.LINE_NUMBER, line);
        marker.setAttribute(IBreakpoint.ID, CsfDebug.MODEL);
        marker.setAttribute(IMarker.MESSAGE, "CSF breakpoint: " + file.getName() + " [line: " + line + "]");
        setMarker(marker);
    }

    @Override
    public String getModelIdentifier() {
        return CsfDebug.MODEL;
    }

    /** The file's path on disk, as the adapter's sources name it, or null when it has none. */
    public String filePath() {
        IMarker m = getMarker();
        IPath location = m != null && m.exists() ? m.getResource().getLocation() : null;
        return location != null ? location.toOSString() : null;
    }

    /** What setBreakpoints answered: unverified lines keep the adapter's reason in the marker's message. */
    void verified(boolean verified, String reason, Integer line) {
        IMarker m = getMarker();
        if (m == null || !m.exists()) {
            return;
        }
        try {
            m.setAttribute(UNVERIFIED_REASON, verified ? null : reason != null ? reason : "no instruction on this line");
            if (verified && line != null && line != m.getAttribute(IMarker.LINE_NUMBER, -1)) {
                m.setAttribute(IMarker.LINE_NUMBER, line);
            }
        } catch (CoreException e) {
            CsfDebug.log(org.eclipse.core.runtime.IStatus.WARNING, "Updating a CSF breakpoint: " + e.getMessage(), e);
        }
    }
}

