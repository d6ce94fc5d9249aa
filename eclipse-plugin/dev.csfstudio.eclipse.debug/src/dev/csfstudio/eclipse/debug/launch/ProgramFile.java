package dev.csfstudio.eclipse.debug.launch;

import java.io.File;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;

/** The program attribute as a file on disk: a workspace path (/project/x.csf) first, else a file system path. */
final class ProgramFile {

    private ProgramFile() {
    }

    /** The file's absolute path, or null when neither names an existing file. */
    static String path(String program) {
        if (program == null || program.isBlank()) {
            return null;
        }
        IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(IPath.fromOSString(program.strip()));
        if (r instanceof IFile f && f.exists() && f.getLocation() != null) {
            return f.getLocation().toOSString();
        }
        File file = new File(program.strip());
        return file.isAbsolute() && file.isFile() ? file.getAbsolutePath() : null;
    }

    /** How a workspace file is stored in a configuration: its workspace path. */
    static String attribute(IFile file) {
        return file.getFullPath().toString();
    }
}
