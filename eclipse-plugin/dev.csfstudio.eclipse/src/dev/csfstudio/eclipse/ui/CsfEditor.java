package dev.csfstudio.eclipse.ui;

import java.net.URI;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.editors.text.TextEditor;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.text.CsfPartitions;

/** The editor of {@code .csf} files: colouring, and the language server's diagnostics, hover and completion. */
public class CsfEditor extends TextEditor {

    public static final String ID = "dev.csfstudio.eclipse.editor";
    public static final String CONTEXT_MENU_ID = "#CsfEditorContext";

    private DocumentSession session;

    @Override
    protected void initializeEditor() {
        super.initializeEditor();
        setSourceViewerConfiguration(new CsfSourceViewerConfiguration(getPreferenceStore(), this));
        setEditorContextMenuId(CONTEXT_MENU_ID);
    }

    @Override
    protected void doSetInput(IEditorInput input) throws org.eclipse.core.runtime.CoreException {
        closeSession();
        super.doSetInput(input);
        IDocument document = getDocumentProvider() == null ? null : getDocumentProvider().getDocument(input);
        if (document == null) {
            return;
        }
        CsfPartitions.install(document);
        IFile file = input == null ? null : input.getAdapter(IFile.class);
        String uri = uriOf(input, file);
        if (uri != null && CsfPlugin.getDefault() != null) {
            session = CsfPlugin.getDefault().servers().open(uri, file, document);
            session.onRunStatus(message -> {
                if (getEditorSite() != null && getEditorSite().getActionBars() != null) {
                    getEditorSite().getActionBars().getStatusLineManager().setMessage(message);
                }
            });
        }
    }

    /** The file: URI the server knows the document by, or null when the input is not a local file. */
    static String uriOf(IEditorInput input, IFile file) {
        if (file != null) {
            IPath location = file.getLocation();
            return location == null ? null : location.toFile().toPath().toUri().toString();
        }
        if (input instanceof IURIEditorInput u && u.getURI() != null && "file".equals(u.getURI().getScheme())) {
            return Path.of(URI.create(u.getURI().toString())).toUri().toString();
        }
        return null;
    }

    /** The document's link to the language server, or null (not a local file). */
    public DocumentSession session() {
        return session;
    }

    /** The source viewer (for tests and the handlers). */
    public ISourceViewer viewer() {
        return getSourceViewer();
    }

    @Override
    protected void editorSaved() {
        super.editorSaved();
        if (session != null) {
            session.saved();
        }
    }

    private void closeSession() {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    @Override
    public void dispose() {
        closeSession();
        super.dispose();
    }
}
