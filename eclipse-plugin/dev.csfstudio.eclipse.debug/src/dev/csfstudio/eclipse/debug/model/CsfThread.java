package dev.csfstudio.eclipse.debug.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StackTraceResponse;

/** A queue of the simulated device (DAP thread id = queue index + 1); its frames are the CS call stack. */
public final class CsfThread extends CsfDebugElement implements IThread {

    /** The adapter's thread name: {@code queue NAME (STATE)}, STATE the queue's state on the simulated device. */
    private static final Pattern ADAPTER_NAME = Pattern.compile("(.*) \\(([^()]*)\\)");

    private final int id;
    private volatile String name;
    /** Why this queue stopped (breakpoint, step, the fault's text), when it was the one that stopped. */
    private volatile String stopReason;
    /** The frames of the current stop, read once per stop. */
    private volatile IStackFrame[] frames;

    CsfThread(CsfDebugTarget target, int id) {
        super(target);
        this.id = id;
    }

    public int id() {
        return id;
    }

    void setName(String name) {
        this.name = name;
    }

    void stopped(String reason) {
        stopReason = reason;
        frames = null;
    }

    void resumed() {
        stopReason = null;
        frames = null;
    }

    @Override
    public String getName() {
        return label(name != null ? name : "queue " + (id - 1), isSuspended(), stopReason);
    }

    /**
     * The Debug view's label of a queue the adapter calls {@code adapterName}: while the session is suspended,
     * "Suspended" and why (the stop's reason for the queue that stopped) as Eclipse's own debuggers say it, with
     * the device state only where it says more than that the queue could run (waiting for a sync object, done);
     * the adapter's name as it is while the session runs.
     */
    static String label(String adapterName, boolean suspended, String reason) {
        if (!suspended) {
            return adapterName;
        }
        Matcher m = ADAPTER_NAME.matcher(adapterName);
        String queue = m.matches() ? m.group(1) : adapterName;
        String device = m.matches() && !sameAsSuspended(m.group(2)) ? "; " + m.group(2) : "";
        return queue + " (Suspended" + (reason != null ? ": " + reason : "") + device + ")";
    }

    /** Whether the adapter's state of a queue says no more than "Suspended" and the stop's reason do. */
    private static boolean sameAsSuspended(String state) {
        return state.equals("running") || state.equals("not started") || state.equals("suspended")
                || state.equals("paused") || state.startsWith("stopped ");
    }

    @Override
    public synchronized IStackFrame[] getStackFrames() throws DebugException {
        if (!isSuspended()) {
            return new IStackFrame[0];
        }
        IStackFrame[] f = frames;
        if (f == null) {
            StackTraceArguments a = new StackTraceArguments();
            a.setThreadId(id);
            StackTraceResponse r = target.call(target.server().stackTrace(a), "stackTrace");
            StackFrame[] dap = r != null && r.getStackFrames() != null ? r.getStackFrames() : new StackFrame[0];
            f = new IStackFrame[dap.length];
            for (int i = 0; i < dap.length; i++) {
                f[i] = new CsfStackFrame(target, this, dap[i]);
            }
            frames = f;
        }
        return f;
    }

    @Override
    public boolean hasStackFrames() throws DebugException {
        return isSuspended() && getStackFrames().length > 0;
    }

    @Override
    public int getPriority() {
        return 0;
    }

    @Override
    public IStackFrame getTopStackFrame() throws DebugException {
        IStackFrame[] f = getStackFrames();
        return f.length > 0 ? f[0] : null;
    }

    @Override
    public IBreakpoint[] getBreakpoints() {
        return new IBreakpoint[0];
    }

    @Override
    public boolean canResume() {
        return target.canResume();
    }

    @Override
    public boolean canSuspend() {
        return target.canSuspend();
    }

    @Override
    public boolean isSuspended() {
        return target.isSuspended();
    }

    @Override
    public void resume() throws DebugException {
        target.resume();
    }

    @Override
    public void suspend() throws DebugException {
        target.suspend();
    }

    @Override
    public boolean canStepInto() {
        return isSuspended() && !isTerminated();
    }

    @Override
    public boolean canStepOver() {
        return canStepInto();
    }

    @Override
    public boolean canStepReturn() {
        return canStepInto();
    }

    @Override
    public boolean isStepping() {
        return false;
    }

    @Override
    public void stepInto() throws DebugException {
        target.step(this, "stepIn");
    }

    @Override
    public void stepOver() throws DebugException {
        target.step(this, "next");
    }

    @Override
    public void stepReturn() throws DebugException {
        target.step(this, "stepOut");
    }

    /** One instruction back (DAP stepBack), when the adapter records history. */
    public void stepBack() throws DebugException {
        target.step(this, "stepBack");
    }

    /** Back to the previous stop (DAP reverseContinue). */
    public void reverseContinue() throws DebugException {
        target.step(this, "reverseContinue");
    }

    public boolean canStepBack() {
        return target.canStepBack();
    }

    @Override
    public boolean canTerminate() {
        return target.canTerminate();
    }

    @Override
    public boolean isTerminated() {
        return target.isTerminated();
    }

    @Override
    public void terminate() throws DebugException {
        target.terminate();
    }
}
