package dev.csfstudio.eclipse;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.plugin.AbstractUIPlugin;
import org.osgi.framework.BundleContext;

/**
 * The bundle: its preferences, log and bundled server jar. It depends on no other package of the plugin; what must
 * end with the bundle (the language server connection, {@code server.CsfServers}) registers through
 * {@link #whenStopping}.
 */
public final class CsfPlugin extends AbstractUIPlugin {

    public static final String ID = "dev.csfstudio.eclipse";
    /** Where the build puts the server jar inside the bundle. */
    public static final String BUNDLED_JAR = "server/csf.jar";

    private static volatile CsfPlugin plugin;
    private final List<Runnable> stopping = new ArrayList<>();

    @Override
    public void start(BundleContext context) throws Exception {
        super.start(context);
        plugin = this;
    }

    @Override
    public void stop(BundleContext context) throws Exception {
        List<Runnable> hooks;
        synchronized (this) {
            hooks = new ArrayList<>(stopping);
            stopping.clear();
        }
        for (Runnable hook : hooks) {
            try {
                hook.run();
            } catch (RuntimeException e) {
                log(IStatus.WARNING, "CSF: stopping " + hook + " failed: " + e.getMessage(), e);
            }
        }
        plugin = null;
        super.stop(context);
    }

    public static CsfPlugin getDefault() {
        return plugin;
    }

    /** Runs {@code hook} when the bundle stops (in registration order). */
    public synchronized void whenStopping(Runnable hook) {
        stopping.add(hook);
    }

    /** The bundled csf.jar as a file (extracted from the bundle jar if needed), or null when missing. */
    public Path bundledServerJar() {
        URL entry = getBundle().getEntry(BUNDLED_JAR);
        if (entry == null) {
            return null;
        }
        try {
            return Path.of(FileLocator.toFileURL(entry).getPath());
        } catch (IOException | RuntimeException e) {
            log(IStatus.WARNING, "Cannot extract the bundled server jar: " + e.getMessage(), null);
            return null;
        }
    }

    public static void log(int severity, String message, Throwable error) {
        CsfPlugin p = plugin;
        if (p != null) {
            p.getLog().log(new Status(severity, ID, message, error));
        }
    }
}
