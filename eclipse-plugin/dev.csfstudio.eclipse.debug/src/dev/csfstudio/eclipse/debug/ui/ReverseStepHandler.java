package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.contexts.DebugContextEvent;
import org.eclipse.debug.ui.contexts.IDebugContextListener;
import org.eclipse.swt.widgets.Display;

import dev.csfstudio.eclipse.debug.model.CsfStackFrame;
import dev.csfstudio.eclipse.debug.model.CsfThread;

/**
 * Step Back and Reverse Resume on the Debug view's toolbar and the Run menu (Eclipse has no reverse commands of
 * its own): DAP stepBack / reverseContinue on the selected queue, when the adapter records history.
 */
public final class ReverseStepHandler extends AbstractHandler implements IDebugEventSetListener, IDebugContextListener {

    public static final String STEP_BACK = "dev.csfstudio.eclipse.debug.stepBack";
    public static final String REVERSE_RESUME = "dev.csfstudio.eclipse.debug.reverseResume";

    public ReverseStepHandler() {
        DebugPlugin.getDefault().addDebugEventListener(this);
        DebugUITools.getDebugContextManager().addDebugContextListener(this);
        update();
    }

    /** Enabled while the selected queue is suspended and the adapter can go back; re-evaluated on each change. */
    private void update() {
        Display d = Display.getDefault();
        if (!d.isDisposed()) {
            d.asyncExec(() -> {
                CsfThread thread = selectedThread();
                setBaseEnabled(thread != null && thread.canStepBack());
            });
        }
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        update();
    }

    @Override
    public void debugContextChanged(DebugContextEvent event) {
        update();
    }

    @Override
    public void dispose() {
        DebugPlugin.getDefault().removeDebugEventListener(this);
        DebugUITools.getDebugContextManager().removeDebugContextListener(this);
        super.dispose();
    }

    /** The queue of the debug context: the selected thread, or the thread of the selected frame. */
    public static CsfThread selectedThread() {
        IAdaptable context = DebugUITools.getDebugContext();
        return context instanceof CsfThread t ? t : context instanceof CsfStackFrame f ? (CsfThread) f.getThread() : null;
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        CsfThread thread = selectedThread();
        if (thread == null || !thread.canStepBack()) {
            return null;
        }
        try {
            if (REVERSE_RESUME.equals(event.getCommand().getId())) {
                thread.reverseContinue();
            } else {
                thread.stepBack();
            }
        } catch (DebugException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
        return null;
    }
}
