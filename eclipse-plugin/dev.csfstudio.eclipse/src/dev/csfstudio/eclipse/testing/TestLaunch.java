package dev.csfstudio.eclipse.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.testing.TestDiscovery;

/**
 * What a "CSF Tests" launch configuration holds: the project, folder or {@code .csf} file whose test streams run
 * (its workspace path) and an optional glob that names which.
 */
public final class TestLaunch {

    public static final String TYPE = "dev.csfstudio.eclipse.testLaunch";
    /** The workspace path of the project, folder or file: {@code /project/sub}. */
    public static final String RESOURCE = "dev.csfstudio.eclipse.testing.resource";
    /** A glob on each file's path below the resource ({@code sub/a*.csf}) or its name; empty for all. */
    public static final String FILTER = "dev.csfstudio.eclipse.testing.filter";

    private TestLaunch() {
    }

    /** The configuration's resource, or an error that says what is wrong with it. */
    public static IResource resource(ILaunchConfiguration config) throws CoreException {
        String path = config.getAttribute(RESOURCE, "");
        if (path.isBlank()) {
            throw error("no project, folder or file to test");
        }
        IResource r = ResourcesPlugin.getWorkspace().getRoot().findMember(IPath.fromPortableString(path));
        if (r == null || !r.exists()) {
            throw error(path + " does not exist in the workspace");
        }
        if (r.getLocation() == null) {
            throw error(path + " is not on the local file system");
        }
        return r;
    }

    /** The filter, or null for all. */
    public static String filter(ILaunchConfiguration config) throws CoreException {
        String f = config.getAttribute(FILTER, "").strip();
        return f.isEmpty() ? null : f;
    }

    /** The test streams the configuration names (the runner leaves out those another one includes). */
    public static TestDiscovery.Found find(ILaunchConfiguration config) throws CoreException {
        Path root = resource(config).getLocation().toFile().toPath();
        try {
            return TestDiscovery.find(List.of(root), filter(config));
        } catch (IOException | IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    static CoreException error(String message) {
        return new CoreException(Status.error(message));
    }

    static IStatus failed(String message, Throwable e) {
        return new Status(IStatus.ERROR, CsfPlugin.ID, message, e);
    }
}
