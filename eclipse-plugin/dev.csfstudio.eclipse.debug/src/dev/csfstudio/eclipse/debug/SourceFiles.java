package dev.csfstudio.eclipse.debug;

import java.io.File;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.filesystem.IFileStore;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.ide.FileStoreEditorInput;
import org.eclipse.ui.part.FileEditorInput;

/** The adapter's source paths as Eclipse opens them: a workspace file when there is one, else the file on disk. */
public final class SourceFiles {

    private SourceFiles() {
    }

    /** The workspace file at `path`, else its file store, else null (no path, or not a file). */
    public static Object element(String path) {
        if (path == null || path.isBlank()) {
            return null;
        }
        File f = new File(path);
        IFile[] files = ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(f.toURI());
        for (IFile file : files) {
            if (file.exists()) {
                return file;
            }
        }
        return f.isFile() ? EFS.getLocalFileSystem().fromLocalFile(f) : null;
    }

    public static IEditorInput editorInput(Object element) {
        if (element instanceof IFile f) {
            return new FileEditorInput(f);
        }
        if (element instanceof IFileStore s) {
            return new FileStoreEditorInput(s);
        }
        return null;
    }
}
