package dev.csfstudio.eclipse.operations.references;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.search.ui.text.AbstractTextSearchViewPage;
import org.eclipse.search.ui.text.Match;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/** How the Search view lists CSF references: the files with their match counts; opening one selects the match. */
public final class ReferencesPage extends AbstractTextSearchViewPage {

    public ReferencesPage() {
        super(FLAG_LAYOUT_FLAT);
    }

    @Override
    protected void elementsChanged(Object[] objects) {
        if (getViewer() != null) {
            getViewer().refresh();
        }
    }

    @Override
    protected void clear() {
        if (getViewer() != null) {
            getViewer().refresh();
        }
    }

    @Override
    protected void configureTreeViewer(TreeViewer viewer) {
        throw new IllegalStateException("only the flat layout");
    }

    @Override
    protected void configureTableViewer(TableViewer viewer) {
        viewer.setContentProvider(new ArrayContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return input instanceof ReferencesSearch.Result r ? r.getElements() : new Object[0];
            }
        });
        viewer.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                if (!(element instanceof IFile f)) {
                    return String.valueOf(element);
                }
                int n = getInput() == null ? 0 : getInput().getMatchCount(f);
                return f.getName() + " \u2013 " + f.getParent().getFullPath().makeRelative() + " (" + n
                        + (n == 1 ? " match)" : " matches)");
            }

            @Override
            public Image getImage(Object element) {
                return PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJ_FILE);
            }
        });
    }

    @Override
    protected void showMatch(Match match, int offset, int length, boolean activate) throws PartInitException {
        if (match.getElement() instanceof IFile f) {
            var part = IDE.openEditor(getSite().getPage(), f, activate);
            if (part instanceof ITextEditor t) {
                t.selectAndReveal(offset, length);
            }
        }
    }

}
