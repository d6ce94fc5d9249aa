package dev.csfstudio.eclipse.run;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

import com.google.gson.JsonObject;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/** "Run Stream": csf/run on the active CSF editor's document, the answer shown in the CSF Run view. */
public final class RunStreamHandler extends AbstractHandler {

    public static final String COMMAND_ID = "dev.csfstudio.eclipse.runStream";

    @Override
    public Object execute(ExecutionEvent event) {
        IEditorPart part = HandlerUtil.getActiveEditor(event);
        if (!(part instanceof ServedEditor editor)) {
            return null;
        }
        IWorkbenchPage page = part.getSite().getPage();
        String name = editor.getEditorInput().getName();
        DocumentSession session = editor.session();
        if (session == null) {
            show(page, RunViewModel.error(name, "only files on the local file system can run"));
            return null;
        }
        runAndShow(page, name, c -> {
            session.attachIfNeeded(c);
            return c.run(session.uri());
        });
        return null;
    }

    /** Runs on the simulated device in a job (starting the server if needed) and shows the answer in the CSF Run view. */
    public static void runAndShow(IWorkbenchPage page, String name,
                           java.util.function.Function<CsfServerConnection, java.util.concurrent.CompletableFuture<?>> run) {
        Job job = Job.create("Running " + name + " on the simulated device", monitor -> {
            RunViewModel model;
            try {
                CsfServerConnection c = CsfServers.get().ensureStarted().get(60, TimeUnit.SECONDS);
                Object result = run.apply(c).get(120, TimeUnit.SECONDS);
                model = result instanceof JsonObject o ? RunViewModel.from(name, o)
                        : RunViewModel.from(name, new com.google.gson.Gson().toJsonTree(result).getAsJsonObject());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Status.CANCEL_STATUS;
            } catch (ExecutionException | CompletionException e) {
                model = RunViewModel.error(name, message(e.getCause()));
            } catch (Exception e) {
                model = RunViewModel.error(name, message(e));
            }
            RunViewModel shown = model;
            CsfServers.ui(() -> show(page, shown));
            return Status.OK_STATUS;
        });
        job.setUser(false);
        job.schedule();
    }

    public static String message(Throwable t) {
        if (t instanceof ResponseErrorException r && r.getResponseError() != null) {
            return r.getResponseError().getMessage();
        }
        return t == null ? "unknown error" : t.getMessage() != null ? t.getMessage() : t.toString();
    }

    /** Shows the model in the CSF Run view, opening it without taking the focus (UI thread). */
    public static void show(IWorkbenchPage page, RunViewModel model) {
        try {
            RunView view = (RunView) page.showView(RunView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
            view.show(model);
        } catch (PartInitException e) {
            CsfPlugin.log(IStatus.ERROR, "Cannot open the CSF Run view: " + e.getMessage(), null);
        }
    }
}
