package dev.csfstudio.eclipse.debug.ui;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.eclipse.run.RunViewModel;
import dev.csfstudio.eclipse.debug.model.CsfDebugTarget;
import dev.csfstudio.eclipse.run.RunStreamHandler;

/**
 * The CSF Run view while debugging: at every stop of the session, the render targets d40's FBD describes, read
 * again (csf/renderTargets), so a poked clear colour shows once the fragment job ran again.
 */
public final class RenderTargetsOnSuspend implements IDebugEventSetListener {

    private final CsfDebugTarget target;

    private RenderTargetsOnSuspend(CsfDebugTarget target) {
        this.target = target;
    }

    /** Follows the session's stops until it terminates. */
    public static void follow(CsfDebugTarget target) {
        RenderTargetsOnSuspend listener = new RenderTargetsOnSuspend(target);
        DebugPlugin.getDefault().addDebugEventListener(listener);
        if (target.isSuspended()) {
            listener.read(); // stopped on entry before the listener was there
        }
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        for (DebugEvent e : events) {
            if (e.getSource() != target) {
                continue;
            }
            if (e.getKind() == DebugEvent.TERMINATE) {
                DebugPlugin.getDefault().removeDebugEventListener(this);
            } else if (e.getKind() == DebugEvent.SUSPEND) {
                read();
            }
        }
    }

    private void read() {
        Job job = Job.create("Reading the CSF render targets", monitor -> {
            if (!target.isSuspended()) {
                return Status.OK_STATUS;
            }
            CsfDebugProtocol.RenderTargets body;
            try {
                body = target.renderTargets();
            } catch (DebugException e) {
                return new Status(IStatus.WARNING, dev.csfstudio.eclipse.debug.CsfDebug.BUNDLE, e.getMessage(), e);
            }
            RunViewModel model = RunViewModel.fromRenderTargets(target.getLaunch().getLaunchConfiguration().getName(),
                    target.stopText(), target.stoppedOnFault(), body);
            Display.getDefault().asyncExec(() -> {
                IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
                if (w == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
                    w = PlatformUI.getWorkbench().getWorkbenchWindows()[0]; // the window has no focus
                }
                IWorkbenchPage page = w != null ? w.getActivePage() : null;
                if (page != null && (!model.targets().isEmpty() || page.findView(dev.csfstudio.eclipse.run.RunView.ID) != null)) {
                    RunStreamHandler.show(page, model);
                }
            });
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }
}
