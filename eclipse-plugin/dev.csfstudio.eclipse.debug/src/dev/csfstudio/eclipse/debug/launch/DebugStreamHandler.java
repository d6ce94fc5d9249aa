package dev.csfstudio.eclipse.debug.launch;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IFile;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;

/** Debug Stream (the CSF editor's "Debug" code mining): a CSF Stream debug launch of the editor's file. */
public final class DebugStreamHandler extends AbstractHandler {

    public static final String ENTRY = "dev.csfstudio.eclipse.debug.entry";

    @Override
    public Object execute(ExecutionEvent event) {
        IEditorPart editor = HandlerUtil.getActiveEditor(event);
        IFile file = editor != null ? editor.getEditorInput().getAdapter(IFile.class) : null;
        if (file != null) {
            String entry = event.getParameter(ENTRY);
            CsfLaunchShortcut.launch(file, entry == null ? "" : entry.strip(), ILaunchManager.DEBUG_MODE);
        }
        return null;
    }
}
