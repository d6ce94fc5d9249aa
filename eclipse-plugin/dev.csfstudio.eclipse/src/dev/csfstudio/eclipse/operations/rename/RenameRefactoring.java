package dev.csfstudio.eclipse.operations.rename;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.ltk.core.refactoring.Change;
import org.eclipse.ltk.core.refactoring.Refactoring;
import org.eclipse.ltk.core.refactoring.RefactoringStatus;

import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.WorkspaceEditChange;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/**
 * Refactor > Rename of a label, constant, stream or buffer: the server's rename edits (its definition and every
 * use, in included files too) as one change with a text change per file, which the preview lists.
 */
public final class RenameRefactoring extends Refactoring {

    private final CsfServerConnection server;
    private final String uri;
    private final int line;
    private final int character;
    private String oldName = "";
    private String newName = "";
    private Change change;

    RenameRefactoring(CsfServerConnection server, String uri, int line, int character) {
        this.server = server;
        this.uri = uri;
        this.line = line;
        this.character = character;
    }

    public static RenameRefactoring at(ServedEditor editor, int offset) {
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            return null;
        }
        var p = DocumentPositions.position(editor.document(), offset);
        return new RenameRefactoring(c, s.uri(), p.getLine(), p.getCharacter());
    }

    @Override
    public String getName() {
        return "Rename '" + oldName + "'";
    }

    public String oldName() {
        return oldName;
    }

    public void setNewName(String name) {
        newName = name == null ? "" : name.strip();
    }

    @Override
    public RefactoringStatus checkInitialConditions(IProgressMonitor pm) {
        try {
            Range r = server.prepareRename(uri, line, character).get(10, TimeUnit.SECONDS);
            if (r == null) {
                return RefactoringStatus.createFatalErrorStatus(
                        "Nothing to rename here: put the cursor on a label, constant, stream or buffer.");
            }
            IDocument d = documentOf(uri);
            if (d != null) {
                var region = DocumentPositions.region(d, r);
                oldName = d.get(region.getOffset(), region.getLength());
            }
            if (newName.isEmpty()) {
                newName = oldName;
            }
            return new RefactoringStatus();
        } catch (Exception e) {
            return RefactoringStatus.createFatalErrorStatus(message(e));
        }
    }

    @Override
    public RefactoringStatus checkFinalConditions(IProgressMonitor pm) {
        if (newName.equals(oldName)) {
            return RefactoringStatus.createFatalErrorStatus("The new name is the old one.");
        }
        try {
            WorkspaceEdit edit = server.rename(uri, line, character, newName).get(30, TimeUnit.SECONDS);
            if (edit == null || WorkspaceEditChange.editsByUri(edit).isEmpty()) {
                return RefactoringStatus.createFatalErrorStatus("The server found nothing to rename.");
            }
            change = WorkspaceEditChange.of("Rename '" + oldName + "' to '" + newName + "'", edit);
            return new RefactoringStatus();
        } catch (Exception e) {
            return RefactoringStatus.createFatalErrorStatus(message(e));
        }
    }

    @Override
    public Change createChange(IProgressMonitor pm) throws CoreException {
        return change;
    }

    private static IDocument documentOf(String uri) {
        DocumentSession s = dev.csfstudio.eclipse.server.CsfServers.get().session(uri);
        return s == null ? null : s.document();
    }

    /** The server's own words for a refused rename (e.g. "'x' is already defined"). */
    static String message(Throwable e) {
        Throwable t = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        if (t instanceof ResponseErrorException r && r.getResponseError() != null) {
            return r.getResponseError().getMessage();
        }
        if (t instanceof CoreException c) {
            return c.getStatus().getMessage();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
