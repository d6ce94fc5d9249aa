package dev.csfstudio.eclipse.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.statushandlers.StatusManager;

import com.google.gson.JsonObject;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.build.CsfBuilder;
import dev.csfstudio.eclipse.build.CsfNature;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;

/**
 * The workspace's one {@code csf lsp} process: started when the first CSF editor opens (in a job), fed
 * with the open documents, its diagnostics turned into problem markers, restarted after a preference
 * change, stopped with the bundle.
 */
public final class CsfServers {

    public static final String RUN_BACKGROUND = "run.background";
    public static final String RUN_DELAY_MS = "run.delayMs";

    private final CsfPlugin plugin;
    private final Map<String, DocumentSession> sessions = new ConcurrentHashMap<>();
    private final Deque<String> serverLog = new ArrayDeque<>();
    private final MarkerJob markers = new MarkerJob();
    private CsfServerConnection connection;
    private CompletableFuture<CsfServerConnection> starting;
    private String lastError;
    private boolean disposed;

    private static CsfServers instance;

    private CsfServers(CsfPlugin plugin) {
        this.plugin = plugin;
    }

    /** The workspace's language server (the connection starts on first use); it ends with the bundle. */
    public static synchronized CsfServers get() {
        if (instance == null) {
            CsfServers s = new CsfServers(CsfPlugin.getDefault());
            instance = s;
            CsfBuilder.editedBy(s::isOpen);
            s.plugin.whenStopping(() -> {
                synchronized (CsfServers.class) {
                    if (instance == s) {
                        instance = null;
                        CsfBuilder.editedBy(null);
                    }
                }
                s.dispose();
            });
        }
        return instance;
    }

    // ---- lifecycle ----------------------------------------------------------------------------------

    /** The running connection, or null (not started yet, starting, or failed). */
    public synchronized CsfServerConnection current() {
        return connection != null && connection.isAlive() ? connection : null;
    }

    /** The connection, started if needed; fails with the reason (already reported to the user). */
    public synchronized CompletableFuture<CsfServerConnection> ensureStarted() {
        if (disposed) {
            return CompletableFuture.failedFuture(new IOException("the CSF plugin is stopped"));
        }
        if (current() != null) {
            return CompletableFuture.completedFuture(connection);
        }
        if (starting != null) {
            return starting;
        }
        CompletableFuture<CsfServerConnection> future = new CompletableFuture<>();
        starting = future;
        Job job = Job.create("Starting the CSF language server", monitor -> {
            try {
                CsfServerConnection c = startNow();
                synchronized (CsfServers.this) {
                    connection = c;
                    starting = null;
                    lastError = null;
                }
                for (DocumentSession s : sessions.values()) {
                    s.attach(c);
                }
                future.complete(c);
            } catch (IOException e) {
                synchronized (CsfServers.this) {
                    starting = null;
                }
                future.completeExceptionally(e);
            }
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
        return future;
    }

    private CsfServerConnection startNow() throws IOException {
        IPreferenceStore prefs = plugin.getPreferenceStore();
        ServerCommand.Resolution r = resolveCommand(plugin, "lsp");
        if (r instanceof ServerCommand.Error e) {
            report(e.message(), null);
            throw new IOException(e.message());
        }
        ServerCommand.Ok ok = (ServerCommand.Ok) r;
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", prefs.getBoolean(RUN_BACKGROUND));
        options.addProperty("runDelayMs", Math.max(0, prefs.getInt(RUN_DELAY_MS)));
        try {
            CsfPlugin.log(IStatus.INFO, "Starting the CSF language server (java from " + ok.source() + "): "
                    + String.join(" ", ok.command()), null);
            return CsfServerConnection.start(ok.command(), workspaceFolders(), options, new Listener());
        } catch (IOException e) {
            String message = "The CSF language server did not start: " + e.getMessage() + ". Check "
                    + "\"" + ServerCommand.JAVA_HOME_LABEL + "\", \"" + ServerCommand.JAR_LABEL + "\" and \""
                    + ServerCommand.COMMAND_LABEL + "\" in " + ServerCommand.PAGE + "." + logTail();
            report(message, null);
            throw new IOException(message, e);
        }
    }

    /** The workspace root, then every open project that lives outside it. */
    private static List<Path> workspaceFolders() {
        List<Path> out = new ArrayList<>();
        IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
        IPath rootLocation = root.getLocation();
        if (rootLocation != null) {
            out.add(rootLocation.toFile().toPath());
        }
        for (IProject p : root.getProjects()) {
            IPath l = p.getLocation();
            if (p.isOpen() && l != null && (rootLocation == null || !rootLocation.isPrefixOf(l))) {
                out.add(l.toFile().toPath());
            }
        }
        return out;
    }

    /** Shows an error once per distinct message (a dialog, no stack trace) and logs it. */
    private void report(String message, Throwable cause) {
        boolean show;
        synchronized (this) {
            show = !message.equals(lastError);
            lastError = message;
        }
        IStatus status = new Status(IStatus.ERROR, CsfPlugin.ID, message, cause);
        StatusManager.getManager().handle(status, show ? StatusManager.SHOW | StatusManager.LOG : StatusManager.LOG);
    }

    /** Stops the server and starts it again for the open documents (after a preference change). */
    public void restart() {
        CsfServerConnection old;
        synchronized (this) {
            old = connection;
            connection = null;
            lastError = null;
        }
        for (DocumentSession s : sessions.values()) {
            s.detach();
        }
        Job job = Job.create("Restarting the CSF language server", monitor -> {
            if (old != null) {
                old.stop();
            }
            if (!sessions.isEmpty()) {
                ensureStarted();
            }
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    public void dispose() {
        CsfServerConnection old;
        synchronized (this) {
            disposed = true;
            old = connection;
            connection = null;
        }
        if (old != null) {
            old.stop();
        }
    }

    // ---- documents ----------------------------------------------------------------------------------

    /** Starts syncing a document; the server starts if it is not running. */
    public DocumentSession open(String uri, IFile file, org.eclipse.jface.text.IDocument document) {
        DocumentSession s = new DocumentSession(this, uri, file, document);
        if (file != null && CsfNature.has(file.getProject())) {
            CsfBuilder.handOver(file); // the server's markers follow the editor's text now
        }
        DocumentSession old = sessions.put(uri, s);
        if (old != null) {
            old.detach();
        }
        CsfServerConnection c = current();
        if (c != null) {
            s.attach(c);
        } else {
            ensureStarted();
        }
        return s;
    }

    /**
     * A document closed: in a project the CSF builder keeps, the builder's markers (of the saved file) replace the
     * server's (of the editor's text, possibly never saved).
     */
    void closed(DocumentSession s) {
        sessions.remove(s.uri(), s);
        IFile file = s.file();
        if (file != null && CsfNature.has(file.getProject())) {
            CsfBuilder.remark(file);
        }
    }

    /** Whether the server owns the markers of a file now (it is open in a CSF editor). */
    public boolean isOpen(IFile file) {
        return sessions.values().stream().anyMatch(s -> file.equals(s.file()));
    }

    public DocumentSession session(String uri) {
        return sessions.get(uri);
    }

    // ---- markers ------------------------------------------------------------------------------------

    private IFile[] filesOf(String uri) {
        DocumentSession s = sessions.get(uri);
        if (s != null && s.file() != null) {
            return new IFile[] {s.file()};
        }
        try {
            return ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(URI.create(uri));
        } catch (IllegalArgumentException e) {
            return new IFile[0];
        }
    }

    /** Replaces the CSF markers of the files behind a URI, in one job that keeps only each file's latest set. */
    private final class MarkerJob extends WorkspaceJob {
        private final Map<String, Object[]> pending = new LinkedHashMap<>();

        MarkerJob() {
            super("Updating CSF problem markers");
            setSystem(true);
        }

        void post(String uri, List<Diagnostic> diagnostics, String text) {
            synchronized (pending) {
                pending.put(uri, new Object[] {diagnostics, text});
            }
            schedule(20);
        }

        @SuppressWarnings("unchecked")
        @Override
        public IStatus runInWorkspace(IProgressMonitor monitor) {
            Map<String, Object[]> work;
            synchronized (pending) {
                work = new LinkedHashMap<>(pending);
                pending.clear();
            }
            for (Map.Entry<String, Object[]> e : work.entrySet()) {
                for (IFile file : filesOf(e.getKey())) {
                    try {
                        update(file, (List<Diagnostic>) e.getValue()[0], (String) e.getValue()[1]);
                    } catch (CoreException | IOException ex) {
                        CsfPlugin.log(IStatus.WARNING, "Cannot update the CSF markers of " + file.getFullPath() + ": " + ex.getMessage(), null);
                    }
                }
            }
            return Status.OK_STATUS;
        }

        private void update(IFile file, List<Diagnostic> diagnostics, String text) throws CoreException, IOException {
            if (!file.exists()) {
                return;
            }
            file.deleteMarkers(MarkerData.MARKER_TYPE, false, IResource.DEPTH_ZERO);
            if (diagnostics.isEmpty() || (!isOpen(file) && CsfNature.has(file.getProject()))) {
                return; // a closed file of a CSF project: its markers are the builder's
            }
            if (text == null) {
                try (InputStream in = file.getContents(true)) {
                    text = new String(in.readAllBytes(), file.getCharset() == null ? StandardCharsets.UTF_8.name() : file.getCharset());
                }
            }
            LineOffsets lines = new LineOffsets(text);
            for (Diagnostic d : diagnostics) {
                IMarker m = file.createMarker(MarkerData.MARKER_TYPE);
                m.setAttributes(MarkerData.attributes(d, lines));
            }

        }
    }

    // ---- the server's callbacks ---------------------------------------------------------------------

    private String logTail() {
        synchronized (serverLog) {
            return serverLog.isEmpty() ? "" : "\n\nLast lines of the server:\n" + String.join("\n", serverLog);
        }
    }

    private final class Listener implements CsfServerConnection.Listener {
        @Override
        public void diagnostics(String uri, List<Diagnostic> diagnostics, String text) {
            markers.post(uri, diagnostics, text);
            DocumentSession s = sessions.get(uri);
            if (s != null && text != null) {
                s.analysed(diagnostics);
            }
        }

        @Override
        public void log(String line) {
            synchronized (serverLog) {
                serverLog.addLast(line);
                while (serverLog.size() > 30) {
                    serverLog.removeFirst();
                }
            }
        }

        @Override
        public void runFinished(dev.csfstudio.lsp.protocol.CsfProtocol.RunFinished params) {
            String uri = params.uri();
            DocumentSession s = uri == null ? null : sessions.get(uri);
            if (s == null) {
                return;
            }
            s.runFinished(params);
        }

        @Override
        public void exited(int code) {
            boolean unexpected;
            synchronized (CsfServers.this) {
                unexpected = !disposed && connection != null && !connection.isAlive();
            }
            if (unexpected && code != 0) {
                CsfPlugin.log(IStatus.WARNING, "The CSF language server exited with code " + code
                        + "; it starts again with the next CSF editor or \"Restart\" on " + ServerCommand.PAGE + "." + logTail(), null);
            }
        }
    }

    /** The command line of `csf SUBCOMMAND` from the CSF Studio preferences (the debugger starts `debug` with it). */
    public static ServerCommand.Resolution resolveCommand(CsfPlugin plugin, String subcommand) {
        IPreferenceStore prefs = plugin.getPreferenceStore();
        ServerCommand.Settings settings = new ServerCommand.Settings(prefs.getString(ServerCommand.JAVA_HOME),
                prefs.getString(ServerCommand.JAR), prefs.getString(ServerCommand.COMMAND), prefs.getString(ServerCommand.VM_ARGS));
        return ServerCommand.resolve(settings, new EclipseHost(plugin), subcommand);
    }

    /** What the command resolution sees of this Eclipse. */
    private static final class EclipseHost implements ServerCommand.Host {
        private final CsfPlugin plugin;

        EclipseHost(CsfPlugin plugin) {
            this.plugin = plugin;
        }

        @Override
        public String env(String name) {
            if (name.equals("JAVA_HOME") || name.equals("PATH") || name.equals("Path") || name.equals("HOME") || name.equals("USERPROFILE")) {
                return System.getenv(name);
            }
            return null;
        }

        @Override
        public boolean isFile(String p) {
            try {
                return Files.isRegularFile(Path.of(p));
            } catch (java.nio.file.InvalidPathException e) {
                return false;
            }
        }

        @Override
        public String bundledJar() {
            Path jar = plugin.bundledServerJar();
            return jar == null ? null : jar.toString();
        }

        @Override
        public String runningJava() {
            for (String exe : windows() ? List.of("javaw.exe", "java.exe") : List.of("java")) {
                Path p = Path.of(System.getProperty("java.home"), "bin", exe);
                if (Files.isRegularFile(p)) {
                    return p.toString();
                }
            }
            return null;
        }

        @Override
        public boolean windows() {
            return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        }

        @Override
        public boolean mac() {
            return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
        }

        @Override
        public List<String> folders(String dir) {
            try (var s = Files.list(Path.of(dir))) {
                return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).toList();
            } catch (IOException | RuntimeException e) {
                return List.of();
            }
        }
    }

    /** Runs on the UI thread, now if already there. */
    public static void ui(Runnable r) {
        Display d = Display.getDefault();
        if (d.getThread() == Thread.currentThread()) {
            r.run();
        } else {
            d.asyncExec(r);
        }
    }

    Set<String> openUris() {
        return sessions.keySet();
    }
}
