package dev.csfstudio.eclipse.debug;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;

/** The identifiers the debugger's plugin.xml, model and UI share. */
public final class CsfDebug {

    public static final String BUNDLE = "dev.csfstudio.eclipse.debug";
    /** The debug model of every element, breakpoint and presentation. */
    public static final String MODEL = "dev.csfstudio.eclipse.debug";
    /** The launch configuration type "CSF Stream". */
    public static final String LAUNCH_TYPE = "dev.csfstudio.eclipse.debug.stream";
    /** The marker type of CSF line breakpoints (a line breakpoint marker). */
    public static final String LINE_BREAKPOINT_MARKER = "dev.csfstudio.eclipse.debug.lineBreakpoint.marker";

    private CsfDebug() {
    }

    public static IStatus error(String message, Throwable cause) {
        return new Status(IStatus.ERROR, BUNDLE, message, cause);
    }

    public static void log(int severity, String message, Throwable error) {
        Platform.getLog(CsfDebug.class).log(new Status(severity, BUNDLE, message, error));
    }
}
