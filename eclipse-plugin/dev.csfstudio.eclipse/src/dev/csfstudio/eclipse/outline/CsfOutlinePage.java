package dev.csfstudio.eclipse.outline;

import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.ServedEditor;

/** The Outline view of a CSF editor: the server's document symbols; selecting one reveals it in the editor. */
public final class CsfOutlinePage extends ContentOutlinePage {

    private final ServedEditor editor;
    private List<DocumentSymbol> symbols = List.of();

    public CsfOutlinePage(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        TreeViewer viewer = getTreeViewer();
        viewer.setContentProvider(new SymbolTree.Content());
        viewer.setLabelProvider(new SymbolTree.Labels());
        viewer.setAutoExpandLevel(TreeViewer.ALL_LEVELS);
        viewer.setInput(symbols);
        editor.symbols().thenAccept(s -> CsfServers.ui(() -> show(s)));
    }

    /** Shows new symbols (UI thread). */
    public void show(List<DocumentSymbol> latest) {
        symbols = latest;
        TreeViewer viewer = getTreeViewer();
        if (viewer != null && !viewer.getControl().isDisposed()) {
            viewer.setInput(latest);
        }
    }

    /** What the tree shows now (for tests). */
    public List<DocumentSymbol> symbols() {
        return symbols;
    }

    @Override
    public void selectionChanged(SelectionChangedEvent event) {
        super.selectionChanged(event);
        if (event.getSelection() instanceof IStructuredSelection s && s.getFirstElement() instanceof DocumentSymbol d) {
            editor.reveal(d.getSelectionRange());
        }
    }
}
