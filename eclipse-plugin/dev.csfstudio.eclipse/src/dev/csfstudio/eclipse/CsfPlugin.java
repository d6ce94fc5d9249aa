package dev.csfstudio.eclipse;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;

import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.plugin.AbstractUIPlugin;
import org.osgi.framework.BundleContext;

import dev.csfstudio.eclipse.ui.CsfServers;

/** The bundle: owns the workspace's language server connection and the preferences. */
public final class CsfPlugin extends AbstractUIPlugin {

    public static final String ID = "dev.csfstudio.eclipse";
    /** Where the build puts the server jar inside the bundle. */
    public static final String BUNDLED_JAR = "server/csf.jar";

    private static volatile CsfPlugin plugin;
    private CsfServers servers;

    @Override
    public void start(BundleContext context) throws Exception {
        super.start(context);
        plugin = this;
    }

    @Override
    public void stop(BundleContext context) throws Exception {
        CsfServers s;
        synchronized (this) {
            s = servers;
            servers = null;
        }
        if (s != null) {
            s.dispose();
        }
        plugin = null;
        super.stop(context);
    }

    public static CsfPlugin getDefault() {
        return plugin;
    }

    /** The workspace's language server (started on first use). */
    public synchronized CsfServers servers() {
        if (servers == null) {
            servers = new CsfServers(this);
        }
        return servers;
    }

    /** Whether the language server connection exists (without starting it). */
    public synchronized boolean hasServers() {
        return servers != null;
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
