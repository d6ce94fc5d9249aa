package dev.csfstudio.eclipse.ui;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;

import dev.csfstudio.eclipse.build.CsfNature;

/** What the workbench tests share: projects and files, opening editors, spinning the event loop until something holds. */
public final class Workbench {

    private Workbench() {
    }

    public static IWorkbenchPage page() {
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        return (w != null ? w : PlatformUI.getWorkbench().getWorkbenchWindows()[0]).getActivePage();
    }

    public static IProject project(String name) throws CoreException {
        IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        if (!p.exists()) {
            p.create(null);
        }
        p.open(null);
        return p;
    }

    /** A project with the CSF Studio nature (and so its builder). */
    public static IProject csfProject(String name) throws CoreException {
        IProject p = project(name);
        CsfNature.set(p, true, null);
        return p;
    }

    public static void build(IProject p, int kind) throws CoreException {
        p.build(kind, new NullProgressMonitor());
    }

    /** The markers of one type on a file itself. */
    public static int count(IFile f, String type) {
        try {
            return f.findMarkers(type, false, org.eclipse.core.resources.IResource.DEPTH_ZERO).length;
        } catch (CoreException e) {
            throw new AssertionError(e);
        }
    }

    public static IFile file(IProject p, String name, String text) throws CoreException {
        IFile f = p.getFile(name);
        ByteArrayInputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        if (f.exists()) {
            f.setContents(in, true, false, null);
        } else {
            f.create(in, true, null);
        }
        return f;
    }

    /**
     * The examples' golden images (examples/golden/*.png) in the project's golden/ folder: a copied example's
     * `.expect image` lines name them, and a missing golden is an error of the source.
     */
    public static IProject withGoldens(IProject p) throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("csf.examples"), "golden");
        org.eclipse.core.resources.IFolder golden = p.getFolder("golden");
        if (!golden.exists()) {
            golden.create(true, true, null);
        }
        try (var pngs = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path png : pngs.toList()) {
                IFile f = golden.getFile(png.getFileName().toString());
                if (!f.exists()) {
                    f.create(new ByteArrayInputStream(java.nio.file.Files.readAllBytes(png)), true, null);
                }
            }
        }
        return p;
    }

    public static String read(IFile f) throws Exception {
        try (var in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Opens a CSF editor on the file and waits until the server has analysed it. */
    public static CsfEditor open(IFile f) throws Exception {
        CsfEditor editor = (CsfEditor) IDE.openEditor(page(), f, CsfEditor.ID, true);
        waitUntil("the server's first analysis of " + f.getName(), 60,
                () -> editor.session() != null && editor.session().connection() != null && editor.session().analyses() > 0);
        return editor;
    }

    /** Spins the event loop until the condition holds. */
    public static void waitUntil(String what, int seconds, BooleanSupplier condition) {
        Display display = Display.getCurrent();
        long end = System.currentTimeMillis() + seconds * 1000L;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out after " + seconds + " s waiting for " + what);
            }
            if (!display.readAndDispatch()) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Runs the event loop for a while (lets asynchronous UI work happen). */
    public static void spin(int millis) {
        long end = System.currentTimeMillis() + millis;
        waitUntil("time to pass", millis / 1000 + 5, () -> System.currentTimeMillis() >= end);
    }
}
