package dev.csfstudio.eclipse.outline;

import java.util.List;

import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/** Document symbols (streams and buffers with their labels, constants) as a tree: the Outline and Quick Outline. */
final class SymbolTree {

    private SymbolTree() {
    }

    static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return input instanceof List<?> l ? l.toArray() : new Object[0];
        }

        @Override
        public Object[] getChildren(Object parent) {
            return parent instanceof DocumentSymbol d && d.getChildren() != null ? d.getChildren().toArray() : new Object[0];
        }

        @Override
        public Object getParent(Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return element instanceof DocumentSymbol d && d.getChildren() != null && !d.getChildren().isEmpty();
        }
    }

    static final class Labels extends LabelProvider {
        @Override
        public String getText(Object element) {
            return element instanceof DocumentSymbol d ? text(d) : String.valueOf(element);
        }

        @Override
        public Image getImage(Object element) {
            if (!(element instanceof DocumentSymbol d)) {
                return null;
            }
            String key = d.getKind() == SymbolKind.Function ? ISharedImages.IMG_OBJ_FOLDER
                    : d.getKind() == SymbolKind.Array ? ISharedImages.IMG_OBJ_FILE : ISharedImages.IMG_OBJ_ELEMENT;
            return PlatformUI.getWorkbench().getSharedImages().getImage(key);
        }
    }

    /** "main  stream 0x1000000000": the name, what it is, its detail (address or value). */
    static String text(DocumentSymbol d) {
        String what = switch (d.getKind()) {
            case Function -> "stream";
            case Array -> "buffer";
            case Constant -> "constant";
            default -> "label";
        };
        return d.getName() + "  " + what + (d.getDetail() == null || d.getDetail().isEmpty() ? "" : " " + d.getDetail());
    }
}
