package dev.csfstudio.eclipse.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IRegisterGroup;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.ScopesResponse;
import org.eclipse.lsp4j.debug.StackFrame;

/**
 * A frame of a queue's CS call stack: its source line, and the adapter's scopes (registers, framebuffer
 * descriptor, render targets, sync objects, labels) as expandable variables.
 */
public final class CsfStackFrame extends CsfDebugElement implements IStackFrame {

    private final CsfThread thread;
    private final StackFrame frame;
    private IVariable[] scopes;

    CsfStackFrame(CsfDebugTarget target, CsfThread thread, StackFrame frame) {
        super(target);
        this.thread = thread;
        this.frame = frame;
    }

    public int id() {
        return frame.getId();
    }

    /** The file system path of the frame's source, or null (a frame without source, e.g. a patched page). */
    public String sourcePath() {
        return frame.getSource() != null ? frame.getSource().getPath() : null;
    }

    /** The GPU VA of the frame's instruction, when the adapter gives it. */
    public String instructionPointer() {
        return frame.getInstructionPointerReference();
    }

    @Override
    public IThread getThread() {
        return thread;
    }

    @Override
    public synchronized IVariable[] getVariables() throws DebugException {
        if (scopes == null) {
            ScopesArguments a = new ScopesArguments();
            a.setFrameId(frame.getId());
            ScopesResponse r = target.call(target.server().scopes(a), "scopes");
            Scope[] s = r != null && r.getScopes() != null ? r.getScopes() : new Scope[0];
            IVariable[] v = new IVariable[s.length];
            for (int i = 0; i < s.length; i++) {
                v[i] = CsfVariable.scope(target, s[i]);
            }
            scopes = v;
        }
        return scopes;
    }

    @Override
    public boolean hasVariables() throws DebugException {
        return getVariables().length > 0;
    }

    @Override
    public int getLineNumber() {
        return frame.getLine();
    }

    @Override
    public int getCharStart() {
        return -1;
    }

    @Override
    public int getCharEnd() {
        return -1;
    }

    @Override
    public String getName() {
        String where = frame.getSource() != null && frame.getSource().getName() != null
                ? frame.getSource().getName() + ":" + frame.getLine() : "no source";
        return frame.getName() + " (" + where + ")";
    }

    @Override
    public IRegisterGroup[] getRegisterGroups() {
        return new IRegisterGroup[0];
    }

    @Override
    public boolean hasRegisterGroups() {
        return false;
    }

    @Override
    public boolean canStepInto() {
        return thread.canStepInto();
    }

    @Override
    public boolean canStepOver() {
        return thread.canStepOver();
    }

    @Override
    public boolean canStepReturn() {
        return thread.canStepReturn();
    }

    @Override
    public boolean isStepping() {
        return false;
    }

    @Override
    public void stepInto() throws DebugException {
        thread.stepInto();
    }

    @Override
    public void stepOver() throws DebugException {
        thread.stepOver();
    }

    @Override
    public void stepReturn() throws DebugException {
        thread.stepReturn();
    }

    @Override
    public boolean canResume() {
        return thread.canResume();
    }

    @Override
    public boolean canSuspend() {
        return thread.canSuspend();
    }

    @Override
    public boolean isSuspended() {
        return thread.isSuspended();
    }

    @Override
    public void resume() throws DebugException {
        thread.resume();
    }

    @Override
    public void suspend() throws DebugException {
        thread.suspend();
    }

    @Override
    public boolean canTerminate() {
        return thread.canTerminate();
    }

    @Override
    public boolean isTerminated() {
        return thread.isTerminated();
    }

    @Override
    public void terminate() throws DebugException {
        thread.terminate();
    }
}
