package dev.csfstudio.eclipse.outline;

import java.util.List;
import java.util.Locale;

import org.eclipse.jface.dialogs.PopupDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import dev.csfstudio.eclipse.server.ServedEditor;

/** Ctrl+O in a CSF editor: the document symbols in a popup with a filter; Enter or a click goes there. */
public final class QuickOutline extends PopupDialog {

    private final ServedEditor editor;
    private final List<DocumentSymbol> symbols;
    private Text filter;
    private TreeViewer tree;

    public QuickOutline(Shell parent, ServedEditor editor, List<DocumentSymbol> symbols) {
        super(parent, SWT.RESIZE, true, true, false, false, false, "Quick Outline", "Type to filter; Enter goes to the symbol");
        this.editor = editor;
        this.symbols = symbols;
    }

    @Override
    protected Control createTitleControl(Composite parent) {
        filter = new Text(parent, SWT.NONE);
        filter.setMessage("Streams, buffers, labels, constants");
        filter.addModifyListener(e -> {
            tree.refresh();
            tree.expandAll();
            selectFirst();
        });
        filter.addListener(SWT.DefaultSelection, e -> goToSelection());
        filter.addListener(SWT.KeyDown, e -> {
            if (e.keyCode == SWT.ARROW_DOWN) {
                tree.getTree().setFocus();
            }
        });
        return filter;
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        tree = new TreeViewer(parent, SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        tree.getControl().setLayoutData(new GridData(GridData.FILL_BOTH));
        tree.setContentProvider(new SymbolTree.Content());
        tree.setLabelProvider(new SymbolTree.Labels());
        tree.addFilter(new ViewerFilter() {
            @Override
            public boolean select(Viewer viewer, Object parentElement, Object element) {
                return matches(element);
            }
        });
        tree.setInput(symbols);
        tree.expandAll();
        tree.addOpenListener(e -> goToSelection());
        tree.getTree().addListener(SWT.DefaultSelection, e -> goToSelection());
        return tree.getControl();
    }

    @Override
    protected Control getFocusControl() {
        return filter;
    }

    private boolean matches(Object element) {
        String f = filter == null ? "" : filter.getText().strip().toLowerCase(Locale.ROOT);
        if (f.isEmpty() || !(element instanceof DocumentSymbol d)) {
            return true;
        }
        if (d.getName().toLowerCase(Locale.ROOT).contains(f)) {
            return true;
        }
        return d.getChildren() != null && d.getChildren().stream().anyMatch(this::matches);
    }

    /** Selects the first item whose own name matches (a stream shown for its label is not it). */
    private void selectFirst() {
        org.eclipse.swt.widgets.TreeItem first = firstMatch(tree.getTree().getItems());
        if (first != null) {
            tree.getTree().setSelection(first);
        }
    }

    private org.eclipse.swt.widgets.TreeItem firstMatch(org.eclipse.swt.widgets.TreeItem[] items) {
        String f = filter.getText().strip().toLowerCase(Locale.ROOT);
        for (var item : items) {
            if (item.getData() instanceof DocumentSymbol d && d.getName().toLowerCase(Locale.ROOT).contains(f)) {
                return item;
            }
            var inner = firstMatch(item.getItems());
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    /** Filters by text (as typing does). */
    public void filter(String text) {
        filter.setText(text);
    }

    /** The labels of the visible tree items, depth first (for tests). */
    public List<String> visible() {
        List<String> out = new java.util.ArrayList<>();
        collect(tree.getTree().getItems(), out);
        return out;
    }

    private static void collect(org.eclipse.swt.widgets.TreeItem[] items, List<String> out) {
        for (var item : items) {
            out.add(item.getText());
            collect(item.getItems(), out);
        }
    }

    public void goToSelection() {
        Object selected = ((IStructuredSelection) tree.getSelection()).getFirstElement();
        if (selected == null && tree.getTree().getItemCount() > 0) {
            selected = tree.getTree().getItem(0).getData();
        }
        if (selected instanceof DocumentSymbol d) {
            close();
            editor.reveal(d.getSelectionRange());
        }
    }
}
