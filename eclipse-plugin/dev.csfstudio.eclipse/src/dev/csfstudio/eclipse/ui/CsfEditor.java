package dev.csfstudio.eclipse.ui;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension5;
import org.eclipse.jface.text.source.IVerticalRuler;
import org.eclipse.jface.text.source.projection.ProjectionSupport;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Range;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.text.CsfPartitions;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.operations.folding.EditorFolding;
import dev.csfstudio.eclipse.operations.format.CsfFormatter;
import dev.csfstudio.eclipse.operations.semanticTokens.SemanticHighlighting;
import dev.csfstudio.eclipse.outline.CsfOutlinePage;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;
import dev.csfstudio.eclipse.run.RunViewModel;

/**
 * The editor of {@code .csf} files: rule-based colouring, then from the language server semantic colours,
 * diagnostics, hover, completion, folding, Outline, code minings, navigation, rename and formatting. Each time
 * the server has analysed a new text, the features that depend on the analysis ask again.
 */
public class CsfEditor extends TextEditor implements ServedEditor {

    public static final String ID = "dev.csfstudio.eclipse.editor";
    public static final String CONTEXT_MENU_ID = "#CsfEditorContext";
    /** The key binding context of CSF editors (F3, Ctrl+O, Ctrl+Shift+F, Alt+Shift+R, Ctrl+Shift+G). */
    public static final String SCOPE = "dev.csfstudio.eclipse.editorScope";
    public static final String FORMAT_ON_SAVE = "editor.formatOnSave";

    private DocumentSession session;
    private ProjectionSupport projection;
    private EditorFolding folding;
    private SemanticHighlighting semantic;
    private CsfOutlinePage outline;
    /** Switching a kind of code mining on or off shows at once. */
    private final org.eclipse.jface.util.IPropertyChangeListener miningPreferences = e -> {
        if (e.getProperty().startsWith("minings.")) {
            updateCodeMinings();
        }
    };

    @Override
    protected void initializeEditor() {
        super.initializeEditor();
        setSourceViewerConfiguration(new CsfSourceViewerConfiguration(getPreferenceStore(), this));
        setEditorContextMenuId(CONTEXT_MENU_ID);
    }

    @Override
    protected void initializeKeyBindingScopes() {
        setKeyBindingScopes(new String[] {SCOPE});
    }

    @Override
    protected ISourceViewer createSourceViewer(Composite parent, IVerticalRuler ruler, int styles) {
        ProjectionViewer viewer = new ProjectionViewer(parent, ruler, getOverviewRuler(), isOverviewRulerVisible(), styles);
        getSourceViewerDecorationSupport(viewer);
        return viewer;
    }

    @Override
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        ProjectionViewer viewer = (ProjectionViewer) getSourceViewer();
        projection = new ProjectionSupport(viewer, getAnnotationAccess(), getSharedColors());
        projection.install();
        viewer.doOperation(ProjectionViewer.TOGGLE);
        folding = new EditorFolding(viewer);
        semantic = new SemanticHighlighting(viewer);
        CsfPlugin.getDefault().getPreferenceStore().addPropertyChangeListener(miningPreferences);
        connectFeatures();
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
            session = CsfServers.get().open(uri, file, document);
            session.onRunFinished(run -> {
                if (getEditorSite() != null && getEditorSite().getActionBars() != null) {
                    getEditorSite().getActionBars().getStatusLineManager().setMessage(RunViewModel.backgroundRunText(run));
                }
            });
            connectFeatures();
        }
    }

    /** Each analysis refreshes folding, semantic colours, the outline and code minings; each run the minings. */
    private void connectFeatures() {
        DocumentSession s = session;
        if (s == null || folding == null) {
            return;
        }
        s.onAnalysed(this::analysed);
        s.onRunFinished(this::updateCodeMinings);
        if (s.connection() != null) {
            analysed(); // an analysis may have come before these listeners
        }
    }

    private void analysed() {
        DocumentSession s = session;
        CsfServerConnection c = s == null ? null : s.connection();
        if (c == null || getSourceViewer() == null) {
            return;
        }
        folding.update(c, s.uri());
        semantic.update(c, s.uri());
        if (outline != null) {
            symbols().thenAccept(list -> CsfServers.ui(() -> outline.show(list)));
        }
        updateCodeMinings();
    }

    /**
     * The server's code minings: the platform would install only the providers registered for any editor (and so
     * replace the configuration's).
     */
    @Override
    protected void installCodeMiningProviders() {
        if (getSourceViewer() instanceof ISourceViewerExtension5 v) {
            v.setCodeMiningProviders(getSourceViewerConfiguration().getCodeMiningProviders(getSourceViewer()));
        }
    }

    void updateCodeMinings() {
        if (getSourceViewer() instanceof ISourceViewerExtension5 v && getSourceViewer().getTextWidget() != null
                && !getSourceViewer().getTextWidget().isDisposed()) {
            v.updateCodeMinings();
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
    @Override
    public DocumentSession session() {
        return session;
    }

    /** The running server this document is open in, or null (not started, stopped, or not a local file). */
    @Override
    public CsfServerConnection connection() {
        DocumentSession s = session;
        return s == null ? null : s.connection();
    }

    /** The source viewer (for tests and the handlers). */
    @Override
    public ISourceViewer viewer() {
        return getSourceViewer();
    }

    @Override
    public IDocument document() {
        return getDocumentProvider().getDocument(getEditorInput());
    }

    /** The document's symbols from the server (empty when it is not running). */
    @Override
    public CompletableFuture<List<DocumentSymbol>> symbols() {
        CsfServerConnection c = connection();
        return c == null ? CompletableFuture.completedFuture(List.of()) : c.documentSymbols(session.uri());
    }

    /** Selects and reveals a range of the document. */
    @Override
    public void reveal(Range range) {
        IRegion r = DocumentPositions.region(document(), range);
        selectAndReveal(r.getOffset(), r.getLength());
    }

    CsfSourceViewerConfiguration configuration() {
        return (CsfSourceViewerConfiguration) getSourceViewerConfiguration();
    }

    /** The folding of the viewer (for tests). */
    EditorFolding folding() {
        return folding;
    }

    /** The semantic colouring of the viewer (for tests). */
    SemanticHighlighting semantic() {
        return semantic;
    }

    /**
     * Source > Format ({@link CsfFormatter}).
     *
     * @return whether anything changed
     */
    public boolean format(long timeoutMillis) {
        return CsfFormatter.format(this, timeoutMillis);
    }

    @Override
    protected void performSave(boolean overwrite, IProgressMonitor monitor) {
        if (CsfPlugin.getDefault() != null && CsfPlugin.getDefault().getPreferenceStore().getBoolean(FORMAT_ON_SAVE)) {
            format(2000);
        }
        super.performSave(overwrite, monitor);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getAdapter(Class<T> required) {
        if (IContentOutlinePage.class.equals(required)) {
            if (outline == null) {
                outline = new CsfOutlinePage(this);
            }
            return (T) outline;
        }
        return super.getAdapter(required);
    }

    /** The outline page, once the Outline view asked for it (for tests). */
    CsfOutlinePage outline() {
        return outline;
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
        if (CsfPlugin.getDefault() != null) {
            CsfPlugin.getDefault().getPreferenceStore().removePropertyChangeListener(miningPreferences);
        }
        closeSession();
        if (semantic != null) {
            semantic.dispose();
        }
        if (projection != null) {
            projection.dispose();
        }
        super.dispose();
    }
}
