package dev.csfstudio.eclipse.operations.references;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.lsp4j.Location;
import org.eclipse.search.ui.ISearchQuery;
import org.eclipse.search.ui.ISearchResult;
import org.eclipse.search.ui.text.AbstractTextSearchResult;
import org.eclipse.search.ui.text.IEditorMatchAdapter;
import org.eclipse.search.ui.text.IFileMatchAdapter;
import org.eclipse.search.ui.text.Match;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.WorkspaceEditChange;
import dev.csfstudio.eclipse.run.RunStreamHandler;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;

/** Search > References: the server's references of the symbol at the caret, as matches in the Search view. */
public final class ReferencesSearch implements ISearchQuery {

    private final String uri;
    private final int line;
    private final int character;
    private final String name;
    private final Result result = new Result(this);

    public ReferencesSearch(String uri, int line, int character, String name) {
        this.uri = uri;
        this.line = line;
        this.character = character;
        this.name = name;
    }

    @Override
    public IStatus run(IProgressMonitor monitor) throws OperationCanceledException {
        result.removeAll();
        try {
            CsfServerConnection c = CsfServers.get().ensureStarted().get(60, TimeUnit.SECONDS);
            List<Location> locations = c.references(uri, line, character, true).get(30, TimeUnit.SECONDS);
            Map<String, LineOffsets> texts = new HashMap<>();
            for (Location l : locations) {
                IFile file = WorkspaceEditChange.fileOf(l.getUri());
                if (file == null) {
                    continue;
                }
                LineOffsets lines = texts.computeIfAbsent(l.getUri(), u -> new LineOffsets(text(file)));
                int start = lines.offset(l.getRange().getStart().getLine(), l.getRange().getStart().getCharacter());
                int end = lines.offset(l.getRange().getEnd().getLine(), l.getRange().getEnd().getCharacter());
                result.addMatch(new Match(file, start, Math.max(0, end - start)));
            }
            return Status.OK_STATUS;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.CANCEL_STATUS;
        } catch (Exception e) {
            return new Status(IStatus.ERROR, CsfPlugin.ID, "CSF references of '" + name + "' failed: "
                    + RunStreamHandler.message(e.getCause() != null ? e.getCause() : e));
        }
    }

    /** The file's text as an open editor holds it, else as saved. */
    private static String text(IFile file) {
        CsfServers servers = CsfServers.get();
        String uri = java.nio.file.Path.of(file.getLocationURI()).toUri().toString();
        DocumentSession open = servers.session(uri);
        if (open != null) {
            return open.document().get();
        }
        try (InputStream in = file.getContents(true)) {
            return new String(in.readAllBytes(), file.getCharset() == null ? StandardCharsets.UTF_8.name() : file.getCharset());
        } catch (Exception e) {
            return "";
        }
    }

    @Override
    public String getLabel() {
        return "CSF references of '" + name + "'";
    }

    @Override
    public boolean canRerun() {
        return true;
    }

    @Override
    public boolean canRunInBackground() {
        return true;
    }

    @Override
    public ISearchResult getSearchResult() {
        return result;
    }

    /** The matches, by file. */
    public static final class Result extends AbstractTextSearchResult implements IFileMatchAdapter, IEditorMatchAdapter {
        private final ReferencesSearch query;

        Result(ReferencesSearch query) {
            this.query = query;
        }

        @Override
        public String getLabel() {
            int n = getMatchCount();
            return query.getLabel() + " \u2013 " + n + (n == 1 ? " match" : " matches") + " in " + getElements().length
                    + (getElements().length == 1 ? " file" : " files");
        }

        @Override
        public String getTooltip() {
            return getLabel();
        }

        @Override
        public ImageDescriptor getImageDescriptor() {
            return null;
        }

        @Override
        public ISearchQuery getQuery() {
            return query;
        }

        @Override
        public IEditorMatchAdapter getEditorMatchAdapter() {
            return this;
        }

        @Override
        public IFileMatchAdapter getFileMatchAdapter() {
            return this;
        }

        @Override
        public Match[] computeContainedMatches(AbstractTextSearchResult result, IFile file) {
            return result.getMatches(file);
        }

        @Override
        public IFile getFile(Object element) {
            return element instanceof IFile f ? f : null;
        }

        @Override
        public boolean isShownInEditor(Match match, IEditorPart editor) {
            return editor.getEditorInput() instanceof IFileEditorInput in && in.getFile().equals(match.getElement());
        }

        @Override
        public Match[] computeContainedMatches(AbstractTextSearchResult result, IEditorPart editor) {
            return editor.getEditorInput() instanceof IFileEditorInput in ? result.getMatches(in.getFile()) : new Match[0];
        }
    }
}
