package dev.csfstudio.eclipse.ui;

import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.lsp4j.Location;
import org.eclipse.ltk.ui.refactoring.RefactoringWizardOpenOperation;
import org.eclipse.search.ui.NewSearchUI;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.build.CsfNature;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.Navigation;
import dev.csfstudio.eclipse.operations.declaration.CsfHyperlinkDetector;
import dev.csfstudio.eclipse.operations.references.ReferencesSearch;
import dev.csfstudio.eclipse.operations.rename.RenameRefactoring;
import dev.csfstudio.eclipse.operations.rename.RenameWizard;
import dev.csfstudio.eclipse.operations.symbols.OpenSymbolDialog;
import dev.csfstudio.eclipse.outline.QuickOutline;
import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.server.DocumentSession;

/** The CSF commands, one handler: each command id names what it does (see plugin.xml for keys and menus). */
public final class EditorCommands extends AbstractHandler {

    public static final String OPEN_DECLARATION = "dev.csfstudio.eclipse.openDeclaration";
    public static final String REFERENCES = "dev.csfstudio.eclipse.references";
    public static final String RENAME = "dev.csfstudio.eclipse.rename";
    public static final String FORMAT = "dev.csfstudio.eclipse.format";
    public static final String QUICK_OUTLINE = "dev.csfstudio.eclipse.quickOutline";
    public static final String OPEN_SYMBOL = "dev.csfstudio.eclipse.openSymbol";
    public static final String ADD_NATURE = "dev.csfstudio.eclipse.addNature";
    public static final String REMOVE_NATURE = "dev.csfstudio.eclipse.removeNature";

    /** The last quick outline opened (for tests). */
    static QuickOutline lastQuickOutline;

    @Override
    public Object execute(ExecutionEvent event) {
        String id = event.getCommand().getId();
        Shell shell = HandlerUtil.getActiveShell(event);
        switch (id) {
            case OPEN_SYMBOL -> openSymbol(shell);
            case ADD_NATURE, REMOVE_NATURE -> nature(event, id.equals(ADD_NATURE));
            default -> {
                IEditorPart part = HandlerUtil.getActiveEditor(event);
                if (part instanceof CsfEditor editor) {
                    onEditor(id, editor, shell);
                }
            }
        }
        return null;
    }

    private static int caret(CsfEditor editor) {
        return ((ITextSelection) editor.getSelectionProvider().getSelection()).getOffset();
    }

    private static void onEditor(String id, CsfEditor editor, Shell shell) {
        int caret = caret(editor);
        switch (id) {
            case OPEN_DECLARATION -> {
                List<Location> targets = CsfHyperlinkDetector.definitions(editor, caret, 3000);
                if (targets.isEmpty()) {
                    status(editor, "No definition here: put the cursor on a label, constant, stream or buffer");
                } else {
                    Navigation.open(targets.get(0));
                }
            }
            case REFERENCES -> {
                ReferencesSearch q = references(editor, caret);
                if (q != null) {
                    NewSearchUI.runQueryInBackground(q);
                }
            }
            case RENAME -> rename(editor, caret, shell);
            case FORMAT -> editor.format(5000);
            case QUICK_OUTLINE -> editor.symbols().thenAccept(symbols -> CsfServers.ui(() -> {
                QuickOutline q = new QuickOutline(shell, editor, symbols);
                lastQuickOutline = q;
                q.open();
            }));
            default -> { }
        }
    }

    static ReferencesSearch references(CsfEditor editor, int caret) {
        DocumentSession s = editor.session();
        if (s == null) {
            return null;
        }
        var p = DocumentPositions.position(editor.document(), caret);
        var word = DocumentPositions.word(editor.document().get(), caret);
        String name;
        try {
            name = editor.document().get(word.getOffset(), word.getLength());
        } catch (org.eclipse.jface.text.BadLocationException e) {
            name = "?";
        }
        return new ReferencesSearch(s.uri(), p.getLine(), p.getCharacter(), name);
    }

    private static void rename(CsfEditor editor, int caret, Shell shell) {
        RenameRefactoring r = RenameRefactoring.at(editor, caret);
        if (r == null) {
            status(editor, "The CSF language server is not running");
            return;
        }
        try {
            new RefactoringWizardOpenOperation(new RenameWizard(r)).run(shell, "Rename CSF Symbol");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void status(CsfEditor editor, String message) {
        editor.getEditorSite().getActionBars().getStatusLineManager().setErrorMessage(message);
    }

    private static void openSymbol(Shell shell) {
        OpenSymbolDialog d = new OpenSymbolDialog(shell, OpenSymbolDialog.collect());
        d.setInitialPattern("**");
        if (d.open() == OpenSymbolDialog.OK && d.getFirstResult() instanceof OpenSymbolDialog.Item item) {
            Navigation.open(item.location());
        }
    }

    private static void nature(ExecutionEvent event, boolean on) {
        if (!(HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection selection)) {
            return;
        }
        for (Object o : selection) {
            IProject p = o instanceof IAdaptable a ? a.getAdapter(IProject.class) : null;
            if (p == null) {
                continue;
            }
            try {
                CsfNature.set(p, on, null);
            } catch (CoreException e) {
                CsfPlugin.log(IStatus.ERROR, "Cannot change the CSF Studio nature of " + p.getName() + ": " + e.getMessage(), e);
                MessageDialog.openError(HandlerUtil.getActiveShell(event), "CSF Studio", e.getMessage());
            }
        }
    }
}
