package dev.csfstudio.eclipse.testing;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.testing.TestResult;
import dev.csfstudio.testing.TestRun;
import dev.csfstudio.testing.Verdict;

/**
 * The CSF Tests view: the last "CSF Tests" launch as a tree of test streams and their expectations, passed or
 * failed with the message, "N passed, M failed" above it; a double-click opens the {@code .expect} line, Re-run
 * launches the configuration again.
 */
public final class CsfTestsView extends ViewPart {

    public static final String ID = "dev.csfstudio.eclipse.testsView";

    private TreeViewer tree;
    private Label summary;
    private Action rerun;
    private ILaunchConfiguration config;
    private Image passed;
    private Image failed;

    /** A diagnostic line of a stream that does not assemble (a child of its result). */
    record Diagnostic(TestResult result, String text) {
    }

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new GridLayout(1, false));
        summary = new Label(parent, SWT.NONE);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        summary.setText("No CSF tests run yet: Run As > CSF Tests on a project, folder or .csf file");
        tree = new TreeViewer(parent, SWT.SINGLE | SWT.H_SCROLL | SWT.V_SCROLL);
        tree.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        passed = icon("icons/test-passed.png");
        failed = icon("icons/test-failed.png");
        tree.setContentProvider(new Content());
        tree.setLabelProvider(new Labels());
        tree.addDoubleClickListener(e -> open(((IStructuredSelection) e.getSelection()).getFirstElement()));
        rerun = new Action("Re-run", ImageDescriptor.createFromURL(CsfPlugin.getDefault().getBundle().getEntry("icons/tests.png"))) {
            @Override
            public void run() {
                if (config != null) {
                    DebugUITools.launch(config, ILaunchManager.RUN_MODE);
                }
            }
        };
        rerun.setToolTipText("Run the last CSF tests again");
        rerun.setEnabled(false);
        getViewSite().getActionBars().getToolBarManager().add(rerun);
    }

    private static Image icon(String path) {
        return ImageDescriptor.createFromURL(CsfPlugin.getDefault().getBundle().getEntry(path)).createImage();
    }

    @Override
    public void dispose() {
        if (passed != null) {
            passed.dispose();
            failed.dispose();
        }
        super.dispose();
    }

    @Override
    public void setFocus() {
        tree.getControl().setFocus();
    }

    /** The summary line shown: {@code 1 passed, 1 failed}, or what is running. */
    public String summaryText() {
        return summary.getText();
    }

    public TreeViewer viewer() {
        return tree;
    }

    /** Whether Re-run can launch the last configuration again. */
    public boolean canRerun() {
        return rerun.isEnabled();
    }

    public void rerun() {
        rerun.run();
    }

    static void running(ILaunchConfiguration config, int streams) {
        inView(v -> v.show(config, "Running " + streams + " CSF test stream" + (streams == 1 ? "" : "s") + " of "
                + config.getName() + "...", List.of()));
    }

    static void finished(ILaunchConfiguration config, TestRun.Summary result) {
        inView(v -> v.show(config, result.line(), result.results()));
    }

    /** The run did not finish: {@code why} says how (cancelled, or what went wrong). */
    static void failed(ILaunchConfiguration config, String why) {
        inView(v -> v.show(config, config.getName() + ": " + why, List.of()));
    }

    private interface ViewWork {
        void run(CsfTestsView view);
    }

    /** On the UI thread: opens the view in the active window (without taking the focus) and updates it. */
    private static void inView(ViewWork work) {
        Display.getDefault().asyncExec(() -> {
            IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (w == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
                w = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
            }
            IWorkbenchPage page = w == null ? null : w.getActivePage();
            if (page == null) {
                return;
            }
            try {
                work.run((CsfTestsView) page.showView(ID, null, IWorkbenchPage.VIEW_VISIBLE));
            } catch (PartInitException e) {
                CsfPlugin.log(org.eclipse.core.runtime.IStatus.ERROR, "cannot open the CSF Tests view", e);
            }
        });
    }

    private void show(ILaunchConfiguration launched, String line, List<TestResult> results) {
        config = launched;
        rerun.setEnabled(true);
        summary.setText(line);
        tree.setInput(results);
        // failures open, so their messages show at once
        for (TestResult r : results) {
            tree.setExpandedState(r, !r.passed());
        }
    }

    private static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return ((List<?>) input).toArray();
        }

        @Override
        public Object[] getChildren(Object element) {
            if (element instanceof TestResult r) {
                if (!r.diagnostics().isEmpty()) {
                    return r.diagnostics().lines().map(l -> new Diagnostic(r, l)).toArray();
                }
                return r.verdicts().toArray();
            }
            return new Object[0];
        }

        @Override
        public Object getParent(Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return getChildren(element).length > 0;
        }
    }

    private final class Labels extends ColumnLabelProvider {
        @Override
        public String getText(Object element) {
            if (element instanceof TestResult r) {
                return r.stream().name() + (r.diagnostics().isEmpty() ? "" : ": does not assemble") + "  ("
                        + r.nanos() / 1_000_000 + " ms)";
            }
            if (element instanceof Verdict v) {
                String at = "line " + v.expectation().range().line() + ": ";
                return at + (v.passed() ? v.expectation().text() + ": " + v.actual() : v.message());
            }
            return ((Diagnostic) element).text();
        }

        @Override
        public Image getImage(Object element) {
            if (element instanceof TestResult r) {
                return r.passed() ? passed : failed;
            }
            if (element instanceof Verdict v) {
                return v.passed() ? passed : failed;
            }
            return null;
        }
    }

    /** Opens a stream at its first failure, an expectation at its {@code .expect} line. */
    private void open(Object element) {
        SourceRange at = null;
        Path file = null;
        if (element instanceof Verdict v) {
            at = v.expectation().range();
        } else if (element instanceof TestResult r) {
            at = r.verdicts().stream().filter(x -> !x.passed()).map(x -> x.expectation().range()).findFirst().orElse(null);
            file = r.file();
        } else if (element instanceof Diagnostic d) {
            file = d.result().file();
        }
        if (at != null && at.file() != null) {
            file = at.file();
        }
        IFile f = file == null ? null
                : ResourcesPlugin.getWorkspace().getRoot().getFileForLocation(IPath.fromOSString(file.toAbsolutePath().toString()));
        if (f == null) {
            return;
        }
        try {
            IEditorPart editor = IDE.openEditor(getSite().getPage(), f, true);
            if (at != null && editor instanceof ITextEditor t) {
                IDocument d = t.getDocumentProvider().getDocument(t.getEditorInput());
                IRegion line = d.getLineInformation(Math.max(0, Math.min(at.line() - 1, d.getNumberOfLines() - 1)));
                t.selectAndReveal(line.getOffset(), line.getLength());
            }
        } catch (PartInitException | BadLocationException e) {
            CsfPlugin.log(org.eclipse.core.runtime.IStatus.ERROR, "cannot open " + f.getFullPath(), e);
        }
    }

    /** For tests: the double-click on a tree element. */
    public void openElement(Object element) {
        open(element);
    }
}
