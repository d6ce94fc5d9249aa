package dev.csfstudio.eclipse.operations.codeactions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.ltk.core.refactoring.Change;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.WorkspaceEditChange;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;

/** The server's code actions for diagnostics, and applying one: its workspace edit, then its command, if any. */
final class CodeActions {

    private CodeActions() {
    }

    /**
     * The actions for a diagnostic of a file, asked of the running server; a file not open in an editor is opened
     * in the server for the question and closed after it.
     */
    static List<CodeAction> forFile(IFile file, Diagnostic diagnostic, long timeoutSeconds) throws Exception {
        String uri = file.getLocationURI() == null ? null : java.nio.file.Path.of(file.getLocationURI()).toUri().toString();
        if (uri == null) {
            return List.of();
        }
        CsfServers servers = CsfServers.get();
        CsfServerConnection c = servers.ensureStarted().get(timeoutSeconds, TimeUnit.SECONDS);
        DocumentSession open = servers.session(uri);
        if (open != null) {
            open.attachIfNeeded(c);
            return c.codeActions(uri, diagnostic.getRange(), List.of(diagnostic)).get(timeoutSeconds, TimeUnit.SECONDS);
        }
        c.didOpen(uri, text(file));
        try {
            return c.codeActions(uri, diagnostic.getRange(), List.of(diagnostic)).get(timeoutSeconds, TimeUnit.SECONDS);
        } finally {
            if (servers.session(uri) == null) {
                c.didClose(uri);
            }
        }
    }

    private static String text(IFile file) throws CoreException, IOException {
        try (InputStream in = file.getContents(true)) {
            return new String(in.readAllBytes(), file.getCharset() == null ? StandardCharsets.UTF_8.name() : file.getCharset());
        }
    }

    /** Applies an action; a failure goes to the error log (quick fixes have nowhere else to say it). */
    static void applyLogged(CodeAction action) {
        try {
            apply(action);
        } catch (CoreException e) {
            CsfPlugin.log(org.eclipse.core.runtime.IStatus.ERROR, "Cannot apply \"" + action.getTitle() + "\": " + e.getMessage(), null);
        }
    }

    /** Applies an action's edit to the files (open editors' documents included; undoable there). */
    static void apply(CodeAction action) throws CoreException {
        WorkspaceEdit edit = action.getEdit();
        if (edit != null) {
            Change change = WorkspaceEditChange.of(action.getTitle(), edit);
            change.initializeValidationData(new NullProgressMonitor());
            change.perform(new NullProgressMonitor());
        }
        if (action.getCommand() != null) {
            CsfServerConnection c = CsfServers.get().current();
            if (c != null) {
                c.executeCommand(action.getCommand());
            }
        }
    }
}
