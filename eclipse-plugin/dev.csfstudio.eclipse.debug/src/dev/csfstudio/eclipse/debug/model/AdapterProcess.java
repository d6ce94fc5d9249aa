package dev.csfstudio.eclipse.debug.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IStreamListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;
import org.eclipse.core.runtime.PlatformObject;

/**
 * The `csf debug` process as the launch shows it: its stdio carries DAP, so the console shows the adapter's
 * `output` events (the run's messages) and its stderr, not the raw streams.
 */
final class AdapterProcess extends PlatformObject implements IProcess {

    private final ILaunch launch;
    private final String label;
    private final Process process;
    private final Monitor out = new Monitor();
    private final Monitor err = new Monitor();
    private final Map<String, String> attributes = new HashMap<>();
    /** Console input not yet ended by a newline. */
    private final StringBuilder pending = new StringBuilder();
    private volatile Consumer<String> lines;

    AdapterProcess(ILaunch launch, String label, Process process) {
        this.launch = launch;
        this.label = label;
        this.process = process;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, "csf.debug");
        Thread stderr = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    err.append(line + "\n");
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "csf debug stderr");
        stderr.setDaemon(true);
        stderr.start();
        process.onExit().thenRun(() -> DebugPlugin.getDefault().fireDebugEventSet(
                new DebugEvent[] { new DebugEvent(this, DebugEvent.TERMINATE) }));
        DebugPlugin.getDefault().fireDebugEventSet(new DebugEvent[] { new DebugEvent(this, DebugEvent.CREATE) });
    }

    /** Where a line typed into the console goes (the adapter's stdin is DAP, not the console's). */
    void onLine(Consumer<String> lines) {
        this.lines = lines;
    }

    /** The console's input as it arrives: each whole line that is not blank to the consumer. */
    private void typed(String input) {
        synchronized (pending) {
            pending.append(input);
            for (int end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
                String line = pending.substring(0, end).strip();
                pending.delete(0, end + 1);
                Consumer<String> to = lines;
                if (!line.isEmpty() && to != null) {
                    to.accept(line);
                }
            }
        }
    }

    void output(String text, boolean error) {
        (error ? err : out).append(text);
    }

    /**
     * Lets the adapter end by itself after disconnect, then ends it. Its JVM's exit takes well under a second on an
     * idle machine but seconds on a loaded one, and an adapter killed meanwhile ends with 143: 10 s before that.
     */
    void terminateQuietly() {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String getLabel() {
        return label;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IStreamsProxy getStreamsProxy() {
        return new IStreamsProxy() {
            @Override
            public IStreamMonitor getErrorStreamMonitor() {
                return err;
            }

            @Override
            public IStreamMonitor getOutputStreamMonitor() {
                return out;
            }

            @Override
            public void write(String input) {
                typed(input);
            }
        };
    }

    @Override
    public void setAttribute(String key, String value) {
        synchronized (attributes) {
            attributes.put(key, value);
        }
    }

    @Override
    public String getAttribute(String key) {
        synchronized (attributes) {
            return attributes.get(key);
        }
    }

    @Override
    public int getExitValue() throws org.eclipse.debug.core.DebugException {
        if (process.isAlive()) {
            throw new org.eclipse.debug.core.DebugException(dev.csfstudio.eclipse.debug.CsfDebug.error(
                    "csf debug is still running", null));
        }
        return process.exitValue();
    }

    @Override
    public boolean canTerminate() {
        return process.isAlive();
    }

    @Override
    public boolean isTerminated() {
        return !process.isAlive();
    }

    @Override
    public void terminate() {
        for (var t : launch.getDebugTargets()) {
            try {
                t.terminate();
            } catch (org.eclipse.debug.core.DebugException e) {
                // the process is destroyed below either way
            }
        }
        terminateQuietly();
    }

    /** A stream the console listens to: text so far, and every later piece. */
    private static final class Monitor implements IStreamMonitor {
        private final StringBuilder contents = new StringBuilder();
        private final List<IStreamListener> listeners = new CopyOnWriteArrayList<>();

        void append(String text) {
            synchronized (contents) {
                contents.append(text);
            }
            for (IStreamListener l : listeners) {
                l.streamAppended(text, this);
            }
        }

        @Override
        public void addListener(IStreamListener listener) {
            listeners.add(listener);
        }

        @Override
        public String getContents() {
            synchronized (contents) {
                return contents.toString();
            }
        }

        @Override
        public void removeListener(IStreamListener listener) {
            listeners.remove(listener);
        }
    }
}
