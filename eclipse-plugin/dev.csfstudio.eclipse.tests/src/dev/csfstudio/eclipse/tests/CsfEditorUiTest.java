package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextUtilities;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;
import dev.csfstudio.eclipse.text.CsfPartitions;
import dev.csfstudio.eclipse.text.TokenKind;
import dev.csfstudio.eclipse.text.CsfColors;
import dev.csfstudio.eclipse.ui.CsfEditor;
import dev.csfstudio.eclipse.run.RunStreamHandler;
import dev.csfstudio.eclipse.run.RunView;
import dev.csfstudio.eclipse.ui.Workbench;

/** The workbench: a CSF editor on a workspace file, with the real server behind it. Runs on the UI thread. */
class CsfEditorUiTest {

    private static IWorkbenchPage page() {
        return Workbench.page();
    }

    private static IFile file(String name, String text) throws Exception {
        return Workbench.file(Workbench.withGoldens(Workbench.project("smoke")), name, text);
    }

    private static void waitUntil(String what, int seconds, BooleanSupplier condition) {
        Workbench.waitUntil(what, seconds, condition);
    }

    private static IMarker[] errors(IFile f) {
        try {
            return Arrays.stream(f.findMarkers(MarkerData.MARKER_TYPE, false, IResource.DEPTH_ZERO))
                    .filter(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR).toArray(IMarker[]::new);
        } catch (CoreException e) {
            throw new AssertionError(e);
        }
    }

    @AfterEach
    void closeEditors() {
        page().closeAllEditors(false);
    }

    @Test
    void editorColoursTheTextAndShowsTheServersErrorAsAMarkerOnItsLine() throws Exception {
        String text = ServerEndToEndTest.clearText() + ServerEndToEndTest.ERROR_LINE;
        int errorLine = (int) text.chars().filter(c -> c == '\n').count();
        IFile f = file("clear.csf", text);
        CsfEditor editor = assertInstanceOf(CsfEditor.class, IDE.openEditor(page(), f));

        waitUntil("an error marker on clear.csf", 20, () -> errors(f).length > 0);
        IMarker marker = errors(f)[0];
        assertEquals(errorLine, marker.getAttribute(IMarker.LINE_NUMBER, -1));
        assertTrue(marker.getAttribute(IMarker.MESSAGE, "").contains("FROB"), marker.getAttribute(IMarker.MESSAGE, ""));
        assertEquals(text.indexOf("FROB"), marker.getAttribute(IMarker.CHAR_START, -1));

        IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        assertEquals(CsfPartitions.COMMENT, TextUtilities.getPartition(document, CsfPartitions.PARTITIONING, 3, false).getType());
        StyledText widget = editor.viewer().getTextWidget();
        waitUntil("colouring", 5, () -> widget.getStyleRangeAtOffset(text.indexOf("MOVE48")) != null);
        StyleRange mnemonic = widget.getStyleRangeAtOffset(text.indexOf("MOVE48"));
        assertEquals(CsfColors.rgb(TokenKind.MNEMONIC), mnemonic.foreground.getRGB());
        StyleRange register = widget.getStyleRangeAtOffset(text.indexOf("d40"));
        assertNotNull(register);
        assertEquals(CsfColors.rgb(TokenKind.REGISTER), register.foreground.getRGB());

        // an edit goes to the server (didChange) and the marker goes away
        document.replace(text.indexOf("FROB"), "FROB r1, #2".length(), "WAIT #0x1");
        waitUntil("the error marker to go away after the fix", 20, () -> errors(f).length == 0);
    }

    @Test
    void runStreamShowsTheRenderTargetInTheRunView() throws Exception {
        IFile f = file("run.csf", ServerEndToEndTest.clearText());
        IEditorPart editor = IDE.openEditor(page(), f);
        assertInstanceOf(CsfEditor.class, editor);
        page().activate(editor);
        RunView existing = (RunView) page().findView(RunView.ID);
        if (existing != null) {
            page().hideView(existing);
        }
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(RunStreamHandler.COMMAND_ID, null);
        waitUntil("the CSF Run view to show a run", 60, () -> {
            RunView v = (RunView) page().findView(RunView.ID);
            return v != null && v.model() != null;
        });
        RunView view = (RunView) page().findView(RunView.ID);
        assertEquals("ok", view.model().status(), view.model().text());
        assertEquals(1, view.images().size());
        assertEquals(256, view.images().get(0).getBounds().width); // 16x16 shown at 16x
    }
}
