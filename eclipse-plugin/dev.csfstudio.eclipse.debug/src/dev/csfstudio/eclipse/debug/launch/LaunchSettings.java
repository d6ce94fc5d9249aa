package dev.csfstudio.eclipse.debug.launch;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;

/**
 * What a "CSF Stream" launch configuration holds, and the `launch` arguments of `csf debug` it becomes. The
 * program is a workspace path (/project/x.csf) or a file system path; steps, timeout and history 0 mean the
 * adapter's defaults ({@code historyMiB}: the adapter's {@code historyBytes} in MiB, what Step Back's snapshots may hold).
 */
public record LaunchSettings(String program, String entry, boolean stopOnEntry, long steps, int timeoutSeconds,
                             long historyMiB) {

    public static final String PROGRAM = "dev.csfstudio.eclipse.debug.program";
    public static final String ENTRY = "dev.csfstudio.eclipse.debug.entry";
    public static final String STOP_ON_ENTRY = "dev.csfstudio.eclipse.debug.stopOnEntry";
    public static final String STEPS = "dev.csfstudio.eclipse.debug.steps";
    public static final String TIMEOUT = "dev.csfstudio.eclipse.debug.timeout";
    public static final String HISTORY_MIB = "dev.csfstudio.eclipse.debug.historyMiB";
    /** The most {@code historyMiB} may be: the adapter's bound on {@code historyBytes}, 1 TiB. */
    public static final long MAX_HISTORY_MIB = 1L << 20;

    /** Settings with the adapter's default history bound. */
    public LaunchSettings(String program, String entry, boolean stopOnEntry, long steps, int timeoutSeconds) {
        this(program, entry, stopOnEntry, steps, timeoutSeconds, 0);
    }

    public static final LaunchSettings DEFAULTS = new LaunchSettings("", "", false, 0, 0);

    public static LaunchSettings read(ILaunchConfiguration c) throws CoreException {
        return new LaunchSettings(c.getAttribute(PROGRAM, ""), c.getAttribute(ENTRY, ""),
                c.getAttribute(STOP_ON_ENTRY, false), steps(c.getAttribute(STEPS, "0")), c.getAttribute(TIMEOUT, 0),
                steps(c.getAttribute(HISTORY_MIB, "0")));
    }

    /** A stored step budget; text that is no number (a hand-edited .launch) reads as -1, which problem() names. */
    static long steps(String text) {
        try {
            return Long.parseLong(text.strip().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public void write(ILaunchConfigurationWorkingCopy c) {
        c.setAttribute(PROGRAM, program);
        c.setAttribute(ENTRY, entry);
        c.setAttribute(STOP_ON_ENTRY, stopOnEntry);
        c.setAttribute(STEPS, Long.toString(steps));
        c.setAttribute(TIMEOUT, timeoutSeconds);
        c.setAttribute(HISTORY_MIB, Long.toString(historyMiB));
    }

    /** Why the configuration cannot launch (for the tab and the delegate), or null when it can. */
    public String problem(Function<String, String> programFile) {
        if (program.isBlank()) {
            return "Choose the .csf file to debug.";
        }
        if (programFile.apply(program) == null) {
            return "The file " + program + " does not exist.";
        }
        if (steps < 0) {
            return "The step budget must be 0 (the default) or more, not " + steps + ".";
        }
        if (timeoutSeconds < 0) {
            return "The timeout must be 0 (the default) or more seconds, not " + timeoutSeconds + ".";
        }
        if (historyMiB < 0 || historyMiB > MAX_HISTORY_MIB) {
            return "The history bound must be 0 (the default, 256 MiB) to " + MAX_HISTORY_MIB + " MiB, not " + historyMiB + ".";
        }
        return null;
    }

    /** The `launch` request's arguments; `programFile` maps the program attribute to the file's path. */
    public Map<String, Object> dapArguments(Function<String, String> programFile) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("program", programFile.apply(program));
        args.put("stopOnEntry", stopOnEntry);
        if (!entry.isBlank()) {
            args.put("entry", entry.strip());
        }
        if (steps > 0) {
            args.put("steps", steps);
        }
        if (timeoutSeconds > 0) {
            args.put("timeout", timeoutSeconds);
        }
        if (historyMiB > 0) {
            args.put("historyBytes", historyMiB << 20);
        }
        return args;
    }
}
