package dev.csfstudio.eclipse.operations.symbols;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.IDialogSettings;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.dialogs.FilteredItemsSelectionDialog;

import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.build.SymbolIndex;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.WorkspaceEditChange;

/**
 * "Open CSF Symbol" (Ctrl+Shift+Alt+T): every label, constant, stream and buffer of the workspace, from the server
 * (open documents) and the builder's index (every built file); typing filters, Enter opens the definition.
 */
public final class OpenSymbolDialog extends FilteredItemsSelectionDialog {

    /** One symbol: name, kind, where it is defined, and its stream or buffer. */
    public record Item(String name, String kind, Location location, String container, String file) {
        String label() {
            return name + " \u2013 " + kind + (container == null || container.isEmpty() ? "" : " in " + container) + " \u2013 " + file;
        }
    }

    private final List<Item> items;

    public OpenSymbolDialog(Shell shell, List<Item> items) {
        super(shell, false);
        this.items = items;
        setTitle("Open CSF Symbol");
        setMessage("Label, constant, stream or buffer (? any character, * any string):");
        setListLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return element instanceof Item i ? i.label() : String.valueOf(element);
            }
        });
        setDetailsLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return element instanceof Item i ? i.file() : String.valueOf(element);
            }
        });
    }

    /** The workspace's symbols: the server's for open documents, the build index's for the rest. */
    public static List<Item> collect() {
        Map<String, Item> out = new LinkedHashMap<>();
        CsfServerConnection c = CsfServers.get().current();
        if (c != null) {
            try {
                for (WorkspaceSymbol s : c.workspaceSymbols("").get(5, TimeUnit.SECONDS)) {
                    if (s.getLocation() != null && s.getLocation().isLeft()) {
                        Location l = s.getLocation().getLeft();
                        add(out, new Item(s.getName(), kind(s.getKind()), l, s.getContainerName(), fileName(l.getUri())));
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                CsfPlugin.log(IStatus.WARNING, "CSF workspace symbols failed: " + e.getMessage(), null);
            }
        }
        for (SymbolIndex.Entry e : SymbolIndex.all()) {
            if (e.file().getLocationURI() == null) {
                continue;
            }
            String uri = java.nio.file.Path.of(e.file().getLocationURI()).toUri().toString();
            Position p = new Position(e.line(), e.column());
            add(out, new Item(e.name(), e.kind(), new Location(uri, new Range(p, new Position(e.line(), e.column() + e.name().length()))),
                    e.container(), e.file().getFullPath().makeRelative().toString()));
        }
        List<Item> sorted = new ArrayList<>(out.values());
        sorted.sort(Comparator.comparing((Item i) -> i.name().toLowerCase(Locale.ROOT)));
        return sorted;
    }

    private static void add(Map<String, Item> out, Item i) {
        out.putIfAbsent(i.name() + "@" + i.location().getUri() + ":" + i.location().getRange().getStart().getLine(), i);
    }

    private static String fileName(String uri) {
        var f = WorkspaceEditChange.fileOf(uri);
        return f != null ? f.getFullPath().makeRelative().toString() : uri;
    }

    private static String kind(org.eclipse.lsp4j.SymbolKind k) {
        return switch (k) {
            case Function -> "stream";
            case Array -> "buffer";
            case Constant -> "constant";
            default -> "label";
        };
    }

    @Override
    protected Control createExtendedContentArea(Composite parent) {
        return null;
    }

    @Override
    protected IDialogSettings getDialogSettings() {
        IDialogSettings root = CsfPlugin.getDefault().getDialogSettings();
        IDialogSettings s = root.getSection("openSymbol");
        return s != null ? s : root.addNewSection("openSymbol");
    }

    @Override
    protected IStatus validateItem(Object item) {
        return Status.OK_STATUS;
    }

    @Override
    protected ItemsFilter createFilter() {
        return new ItemsFilter() {
            @Override
            public boolean matchItem(Object item) {
                return item instanceof Item i && matches(i.name());
            }

            @Override
            public boolean isConsistentItem(Object item) {
                return true;
            }
        };
    }

    @Override
    protected Comparator<Object> getItemsComparator() {
        return Comparator.comparing(o -> o instanceof Item i ? i.name().toLowerCase(Locale.ROOT) : "");
    }

    @Override
    protected void fillContentProvider(AbstractContentProvider provider, ItemsFilter filter, IProgressMonitor monitor)
            throws CoreException {
        for (Item i : items) {
            provider.add(i, filter);
        }
    }

    @Override
    public String getElementName(Object item) {
        return item instanceof Item i ? i.name() : String.valueOf(item);
    }
}
