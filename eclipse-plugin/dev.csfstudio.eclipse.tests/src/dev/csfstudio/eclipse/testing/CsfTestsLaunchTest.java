package dev.csfstudio.eclipse.testing;

import static dev.csfstudio.eclipse.testing.TestMarkersTest.FAILING;
import static dev.csfstudio.eclipse.testing.TestMarkersTest.PASSING;
import static dev.csfstudio.eclipse.ui.Workbench.file;
import static dev.csfstudio.eclipse.ui.Workbench.page;
import static dev.csfstudio.eclipse.ui.Workbench.project;
import static dev.csfstudio.eclipse.ui.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.csfstudio.testing.Verdict;

/** Run As > CSF Tests: the runner in a job, its results in the CSF Tests view. */
class CsfTestsLaunchTest {

    @AfterEach
    void closeEditors() {
        page().closeAllEditors(false);
    }

    private static CsfTestsView viewShowing(String summary) {
        CsfTestsView[] view = new CsfTestsView[1];
        waitUntil("the CSF Tests view to say " + summary, 60, () -> {
            view[0] = (CsfTestsView) page().findView(CsfTestsView.ID);
            return view[0] != null && view[0].summaryText().equals(summary);
        });
        return view[0];
    }

    private static List<String> rows(TreeItem[] items) {
        return Arrays.stream(items).map(TreeItem::getText).toList();
    }

    @Test
    void runningAProjectsTestsShowsEachStreamAndItsExpectationsWithTheCounts() throws Exception {
        IProject p = project("launch-project");
        file(p, "failing.csf", FAILING);
        file(p, "passing.csf", PASSING);
        file(p, "plain.csf", ".stream main\n    NOP\n"); // no .expect: no test
        CsfTestShortcut.configuration(p).launch(ILaunchManager.RUN_MODE, null);
        CsfTestsView view = viewShowing("1 passed, 1 failed, 1 skipped");
        TreeItem[] streams = view.viewer().getTree().getItems();
        assertEquals(2, streams.length, rows(streams).toString());
        assertTrue(streams[0].getText().startsWith("failing.csf"), streams[0].getText());
        assertTrue(streams[1].getText().startsWith("passing.csf"), streams[1].getText());
        assertEquals(List.of("line 4: r4 == 5: got 0 (0x0), expected 5 (0x5)"), rows(streams[0].getItems()),
                "a failed stream is open with its failures");
        view.viewer().setExpandedState(streams[1].getData(), true);
        assertEquals(List.of("line 4: r4 == 5: 5 (0x5)"), rows(streams[1].getItems()));
    }

    @Test
    void aDoubleClickedFailureOpensItsExpectLine() throws Exception {
        IProject p = project("launch-open");
        file(p, "failing.csf", FAILING);
        CsfTestShortcut.configuration(p).launch(ILaunchManager.RUN_MODE, null);
        CsfTestsView view = viewShowing("0 passed, 1 failed");
        Object failure = view.viewer().getTree().getItems()[0].getItems()[0].getData();
        assertTrue(failure instanceof Verdict v && !v.passed());
        view.openElement(failure);
        ITextEditor editor = (ITextEditor) page().getActiveEditor();
        assertEquals("failing.csf", editor.getEditorInput().getName());
        ITextSelection at = (ITextSelection) editor.getSelectionProvider().getSelection();
        assertEquals(3, at.getStartLine(), "the .expect line (0-based 3)");
        assertEquals(FAILING.indexOf(".expect"), at.getOffset());
    }

    @Test
    void reRunRunsTheLastLaunchAgainOnTheSavedFiles() throws Exception {
        IProject p = project("launch-rerun");
        file(p, "failing.csf", FAILING);
        CsfTestShortcut.configuration(p).launch(ILaunchManager.RUN_MODE, null);
        CsfTestsView view = viewShowing("0 passed, 1 failed");
        assertTrue(view.canRerun());
        file(p, "failing.csf", PASSING);
        view.rerun();
        viewShowing("1 passed, 0 failed");
    }

    @Test
    void theShortcutOnAFolderRunsItsStreamsAndReusesItsConfiguration() throws Exception {
        IProject p = project("launch-folder");
        IFolder sub = p.getFolder("sub");
        if (!sub.exists()) {
            sub.create(true, true, null);
        }
        file(p, "sub/passing.csf", PASSING);
        file(p, "outside.csf", FAILING);
        new CsfTestShortcut().launch(new StructuredSelection(sub), ILaunchManager.RUN_MODE);
        viewShowing("1 passed, 0 failed");
        ILaunchConfiguration first = CsfTestShortcut.configuration(sub);
        assertEquals(first, CsfTestShortcut.configuration(sub));
        assertEquals("/launch-folder/sub", first.getAttribute(TestLaunch.RESOURCE, ""));
    }

    @Test
    void theFilterNamesWhichStreamsRun() throws Exception {
        IProject p = project("launch-filter");
        file(p, "failing.csf", FAILING);
        file(p, "passing.csf", PASSING);
        ILaunchConfigurationWorkingCopy c = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(TestLaunch.TYPE).newInstance(null, "filtered");
        c.setAttribute(TestLaunch.RESOURCE, p.getFullPath().toPortableString());
        c.setAttribute(TestLaunch.FILTER, "pass*");
        c.launch(ILaunchManager.RUN_MODE, null);
        viewShowing("1 passed, 0 failed, 1 skipped");
    }

    @Test
    void aNewConfigurationStartsFromTheActiveEditorsFile() throws Exception {
        IProject p = project("launch-defaults");
        var f = file(p, "passing.csf", PASSING);
        dev.csfstudio.eclipse.ui.Workbench.open(f);
        ILaunchConfigurationWorkingCopy c = DebugPlugin.getDefault().getLaunchManager()
                .getLaunchConfigurationType(TestLaunch.TYPE).newInstance(null, "new");
        new CsfTestTab().setDefaults(c);
        assertEquals("/launch-defaults/passing.csf", c.getAttribute(TestLaunch.RESOURCE, ""));
    }

    @Test
    void theTabHasABrowseButtonBesideTheResource() {
        org.eclipse.swt.widgets.Shell shell = new org.eclipse.swt.widgets.Shell(page().getWorkbenchWindow().getShell());
        try {
            CsfTestTab tab = new CsfTestTab();
            tab.createControl(shell);
            List<String> buttons = Arrays.stream(((org.eclipse.swt.widgets.Composite) tab.getControl()).getChildren())
                    .filter(w -> w instanceof org.eclipse.swt.widgets.Button)
                    .map(w -> ((org.eclipse.swt.widgets.Button) w).getText()).toList();
            assertEquals(List.of("Browse..."), buttons);
        } finally {
            shell.dispose();
        }
    }
}
