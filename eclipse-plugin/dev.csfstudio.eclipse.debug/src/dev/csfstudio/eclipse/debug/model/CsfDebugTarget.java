package dev.csfstudio.eclipse.debug.model;

import java.io.File;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.core.resources.IMarkerDelta;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IBreakpointListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.DebugElement;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IDebugTarget;
import org.eclipse.debug.core.model.IMemoryBlock;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IMemoryBlockRetrievalExtension;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ContinuedEventArguments;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateArgumentsContext;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArgumentsPathFormat;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetExceptionBreakpointsArguments;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.eclipse.lsp4j.debug.StepInArguments;
import org.eclipse.lsp4j.debug.StepOutArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.ThreadsResponse;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.eclipse.debug.CsfDebug;

/**
 * One `csf debug` session: the adapter process spoken to over DAP (LSP4J's debug protocol), the queues as
 * threads, the workspace's CSF line breakpoints sent per file, GPU memory as memory blocks. DAP events arrive
 * on the JSON-RPC thread and are handled in order on a thread of their own, so handling one may send requests.
 */
public final class CsfDebugTarget extends DebugElement implements IDebugTarget, IBreakpointListener,
        IMemoryBlockRetrievalExtension {

    /** How long a request may take before the session reports the adapter as unresponsive. */
    static final int REQUEST_SECONDS = 30;

    private final ILaunch launch;
    private final String name;
    private final AdapterProcess process;
    private final CsfDebugProtocol server;
    private final Capabilities capabilities;
    private final ExecutorService events = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "CSF debug events");
        t.setDaemon(true);
        return t;
    });
    private final Map<Integer, CsfThread> threads = new LinkedHashMap<>();
    /** Files whose breakpoints the adapter has, so removing a file's last one clears it there too. */
    private final Set<String> breakpointFiles = new HashSet<>();
    private final CompletableFuture<Void> configured = new CompletableFuture<>();
    /** Debug mode: breakpoints and the adapter's default exception filters; run mode: neither. */
    private final boolean debugMode;
    private volatile boolean suspended;
    private volatile boolean terminated;
    /** Counts stops: frames and variables read at one stop are not shown after the next. */
    private volatile int stopCount;

    private CsfDebugTarget(ILaunch launch, String name, AdapterProcess process, Launcher.Builder<CsfDebugProtocol> builder,
            boolean debugMode) throws DebugException {
        super(null);
        this.debugMode = debugMode;
        this.launch = launch;
        this.name = name;
        this.process = process;
        Launcher<CsfDebugProtocol> launcher = builder.setLocalService(new Client()).create();
        this.server = launcher.getRemoteProxy();
        launcher.startListening();
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setClientID("eclipse");
        init.setClientName("Eclipse (CSF Studio)");
        init.setAdapterID("csf");
        init.setLinesStartAt1(true);
        init.setColumnsStartAt1(true);
        init.setPathFormat(InitializeRequestArgumentsPathFormat.PATH);
        init.setSupportsVariableType(true);
        init.setSupportsMemoryReferences(true);
        Capabilities caps = call(server.initialize(init), "initialize");
        this.capabilities = caps != null ? caps : new Capabilities();
    }

    /**
     * Starts the adapter (`command`, DAP on its stdio), initializes it, adds this target to the launch and sends
     * `launch` with `arguments`; returns once the adapter has the breakpoints and the launch answered. Outside
     * `debugMode` no breakpoint is sent and faults do not stop the run.
     */
    public static CsfDebugTarget start(ILaunch launch, String name, List<String> command, File directory,
            Map<String, Object> arguments, boolean debugMode) throws DebugException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(directory).start();
        } catch (IOException e) {
            throw new DebugException(CsfDebug.error("The CSF debug adapter did not start (" + String.join(" ", command)
                    + "): " + e.getMessage(), e));
        }
        FaultMarkers.clear(); // a new session: the last one's fault is history
        AdapterProcess process = new AdapterProcess(launch, "csf debug " + name, p);
        launch.addProcess(process);
        DebugLauncher.Builder<CsfDebugProtocol> builder = new DebugLauncher.Builder<>();
        builder.setRemoteInterface(CsfDebugProtocol.class).setInput(p.getInputStream()).setOutput(p.getOutputStream());
        CsfDebugTarget target;
        try {
            target = new CsfDebugTarget(launch, name, process, builder, debugMode);
        } catch (DebugException e) {
            process.terminateQuietly();
            throw e;
        }
        process.onLine(target::evaluateTyped);
        launch.addDebugTarget(target);
        DebugPlugin.getDefault().getBreakpointManager().addBreakpointListener(target);
        target.fireCreationEvent();
        try {
            target.call(target.server.launch(arguments), "launch");
            target.call(target.configured, "configurationDone");
        } catch (DebugException e) {
            target.terminateQuietly();
            throw e;
        }
        return target;
    }

    // ---- requests --------------------------------------------------------------------------------

    /** The answer of a request, or a DebugException with the adapter's own message (or the timeout). */
    <T> T call(CompletableFuture<T> request, String what) throws DebugException {
        try {
            return request.get(REQUEST_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String message = cause instanceof ResponseErrorException r ? r.getResponseError().getMessage()
                    : cause != null ? cause.getMessage() : e.getMessage();
            throw new DebugException(CsfDebug.error("CSF debugger: " + what + ": " + message, cause));
        } catch (TimeoutException e) {
            throw new DebugException(CsfDebug.error("CSF debugger: " + what + " had no answer within " + REQUEST_SECONDS
                    + " s", e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DebugException(CsfDebug.error("CSF debugger: " + what + " interrupted", e));
        }
    }

    CsfDebugProtocol server() {
        return server;
    }

    public Capabilities capabilities() {
        return capabilities;
    }

    int stopCount() {
        return stopCount;
    }

    // ---- DAP events ------------------------------------------------------------------------------

    /** The client side of DAP: every event is queued for the events thread. */
    private final class Client implements IDebugProtocolClient {
        @Override
        public void initialized() {
            events.execute(CsfDebugTarget.this::configure);
        }

        @Override
        public void stopped(StoppedEventArguments args) {
            events.execute(() -> onStopped(args));
        }

        @Override
        public void continued(ContinuedEventArguments args) {
            events.execute(() -> onResumed(DebugEvent.CLIENT_REQUEST));
        }

        @Override
        public void exited(ExitedEventArguments args) {
            process.output("[exited with code " + args.getExitCode() + "]\n", false);
        }

        @Override
        public void terminated(TerminatedEventArguments args) {
            // the session ended by itself (the run finished or faulted): DAP's client answers with disconnect, on
            // which the adapter exits by itself instead of being killed
            events.execute(() -> {
                disconnect(false);
                onTerminated();
            });
        }

        @Override
        public void output(OutputEventArguments args) {
            if (args.getOutput() != null) {
                process.output(args.getOutput(), "stderr".equals(args.getCategory()));
            }
        }
    }

    /** After `initialized`: every breakpoint, then configurationDone (which lets the program start). */
    private void configure() {
        try {
            Map<String, List<CsfLineBreakpoint>> byFile = new LinkedHashMap<>();
            for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL)) {
                if (b instanceof CsfLineBreakpoint line && line.filePath() != null) {
                    byFile.computeIfAbsent(line.filePath(), k -> new ArrayList<>());
                }
            }
            if (debugMode) {
                for (String file : byFile.keySet()) {
                    sendBreakpoints(file);
                }
            } else {
                SetExceptionBreakpointsArguments none = new SetExceptionBreakpointsArguments();
                none.setFilters(new String[0]);
                call(server.setExceptionBreakpoints(none), "setExceptionBreakpoints");
            }
            configured.complete(call(server.configurationDone(new org.eclipse.lsp4j.debug.ConfigurationDoneArguments()),
                    "configurationDone"));
        } catch (DebugException | RuntimeException e) {
            configured.completeExceptionally(e);
        }
    }

    /** setBreakpoints for one file: its enabled CSF line breakpoints (none clears the adapter's). */
    private void sendBreakpoints(String file) throws DebugException {
        List<SourceBreakpoint> lines = new ArrayList<>();
        List<CsfLineBreakpoint> sent = new ArrayList<>();
        if (DebugPlugin.getDefault().getBreakpointManager().isEnabled()) {
            for (IBreakpoint b : DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL)) {
                try {
                    if (b instanceof CsfLineBreakpoint line && file.equals(line.filePath()) && line.isEnabled()) {
                        SourceBreakpoint sb = new SourceBreakpoint();
                        sb.setLine(line.getLineNumber());
                        lines.add(sb);
                        sent.add(line);
                    }
                } catch (org.eclipse.core.runtime.CoreException e) {
                    CsfDebug.log(IStatus.WARNING, "A CSF breakpoint without a line: " + e.getMessage(), e);
                }
            }
        }
        RunTo once = runTo;
        if (once != null && once.file().equals(file)) {
            SourceBreakpoint sb = new SourceBreakpoint(); // last, so that the answers of `sent` keep their indices
            sb.setLine(once.line());
            lines.add(sb);
        }
        SetBreakpointsArguments args = new SetBreakpointsArguments();
        Source source = new Source();
        source.setPath(file);
        source.setName(new File(file).getName());
        args.setSource(source);
        args.setBreakpoints(lines.toArray(SourceBreakpoint[]::new));
        var response = call(server.setBreakpoints(args), "setBreakpoints " + file);
        breakpointFiles.add(file);
        var answered = response != null && response.getBreakpoints() != null ? response.getBreakpoints()
                : new org.eclipse.lsp4j.debug.Breakpoint[0];
        for (int i = 0; i < sent.size() && i < answered.length; i++) {
            sent.get(i).verified(answered[i].isVerified(), answered[i].getMessage(), answered[i].getLine());
        }
    }

    private void onStopped(StoppedEventArguments args) {
        lastStop = args;
        RunTo done = runTo;
        if (done != null) { // Run to Line's one-shot breakpoint goes at the first stop, whatever stopped
            runTo = null;
            events.execute(() -> {
                try {
                    sendBreakpoints(done.file());
                } catch (DebugException e) {
                    CsfDebug.log(IStatus.WARNING, "Run to Line: " + e.getMessage(), e);
                }
            });
        }
        stopCount++;
        refreshThreads();
        int detail = switch (String.valueOf(args.getReason())) {
            case "breakpoint", "exception", "data breakpoint", "instruction breakpoint", "function breakpoint" -> DebugEvent.BREAKPOINT;
            case "step", "goto" -> DebugEvent.STEP_END;
            default -> DebugEvent.CLIENT_REQUEST;
        };
        CsfThread stoppedThread = args.getThreadId() != null ? threads.get(args.getThreadId()) : null;
        List<CsfThread> all;
        synchronized (threads) {
            all = new ArrayList<>(threads.values());
        }
        for (CsfThread t : all) {
            t.stopped(t == stoppedThread ? args.getDescription() != null ? args.getDescription() : args.getReason() : null);
        }
        // suspended only once every queue knows why: a label read in between would say "Suspended" without it
        suspended = true;
        if ("exception".equals(args.getReason()) && stoppedThread != null) {
            reportFault(stoppedThread, args.getDescription() != null ? args.getDescription() : args.getText());
        }
        fireSuspendEvent(detail);
        if (stoppedThread != null) {
            stoppedThread.fireSuspendEvent(detail);
        } else if (!all.isEmpty()) {
            all.get(0).fireSuspendEvent(detail);
        }
    }

    /** A fault stop's whole text in the console and as an error marker on the faulting line. */
    private void reportFault(CsfThread thread, String text) {
        if (text == null) {
            return;
        }
        process.output(text + "\n", true);
        try {
            if (thread.getTopStackFrame() instanceof CsfStackFrame top && top.sourcePath() != null) {
                FaultMarkers.mark(top.sourcePath(), top.getLineNumber(), text);
            }
        } catch (DebugException e) {
            CsfDebug.log(IStatus.WARNING, e.getMessage(), e);
        }
    }

    private void refreshThreads() {
        ThreadsResponse r;
        try {
            r = call(server.threads(), "threads");
        } catch (DebugException e) {
            CsfDebug.log(IStatus.WARNING, e.getMessage(), e);
            return;
        }
        Set<Integer> seen = new HashSet<>();
        List<CsfThread> created = new ArrayList<>();
        List<CsfThread> gone = new ArrayList<>();
        synchronized (threads) {
            for (org.eclipse.lsp4j.debug.Thread t : r != null && r.getThreads() != null ? r.getThreads()
                    : new org.eclipse.lsp4j.debug.Thread[0]) {
                seen.add(t.getId());
                CsfThread known = threads.get(t.getId());
                if (known == null) {
                    known = new CsfThread(this, t.getId());
                    threads.put(t.getId(), known);
                    created.add(known);
                }
                known.setName(t.getName());
            }
            threads.entrySet().removeIf(e -> {
                if (!seen.contains(e.getKey())) {
                    gone.add(e.getValue());
                    return true;
                }
                return false;
            });
        }
        created.forEach(CsfThread::fireCreationEvent);
        gone.forEach(CsfThread::fireTerminateEvent);
    }

    private void onResumed(int detail) {
        if (!suspended) {
            return;
        }
        suspended = false;
        List<CsfThread> all;
        synchronized (threads) {
            all = new ArrayList<>(threads.values());
        }
        for (CsfThread t : all) {
            t.resumed();
            t.fireResumeEvent(detail);
        }
        fireResumeEvent(detail);
    }

    private void onTerminated() {
        if (terminated) {
            return;
        }
        terminated = true;
        suspended = false;
        DebugPlugin.getDefault().getBreakpointManager().removeBreakpointListener(this);
        List<CsfThread> all;
        synchronized (threads) {
            all = new ArrayList<>(threads.values());
            threads.clear();
        }
        all.forEach(CsfThread::fireTerminateEvent);
        process.terminateQuietly();
        fireTerminateEvent();
        events.shutdown();
    }

    /** Runs a resuming request (continue, steps): the resume is shown at once, the next stop comes as an event. */
    void resumeWith(java.util.function.Supplier<CompletableFuture<?>> request, String what, int detail) throws DebugException {
        // queued before the request is sent: the adapter's stopped event, queued behind it, must not come first
        // and be undone by this resume (the target would stay running at its next stop)
        events.execute(() -> onResumed(detail));
        call(request.get(), what);
    }

    // ---- commands on threads ---------------------------------------------------------------------

    void step(CsfThread thread, String kind) throws DebugException {
        int id = thread.id();
        switch (kind) {
            case "next" -> {
                NextArguments a = new NextArguments();
                a.setThreadId(id);
                resumeWith(() -> server.next(a), "next", DebugEvent.STEP_OVER);
            }
            case "stepIn" -> {
                StepInArguments a = new StepInArguments();
                a.setThreadId(id);
                resumeWith(() -> server.stepIn(a), "stepIn", DebugEvent.STEP_INTO);
            }
            case "stepOut" -> {
                StepOutArguments a = new StepOutArguments();
                a.setThreadId(id);
                resumeWith(() -> server.stepOut(a), "stepOut", DebugEvent.STEP_RETURN);
            }
            case "stepBack" -> {
                StepBackArguments a = new StepBackArguments();
                a.setThreadId(id);
                resumeWith(() -> server.stepBack(a), "stepBack", DebugEvent.STEP_OVER);
            }
            case "reverseContinue" -> {
                ReverseContinueArguments a = new ReverseContinueArguments();
                a.setThreadId(id);
                resumeWith(() -> server.reverseContinue(a), "reverseContinue", DebugEvent.CLIENT_REQUEST);
            }
            default -> throw new IllegalArgumentException(kind);
        }
    }

    /** Whether the adapter steps backwards (supportsStepBack). */
    public boolean canStepBack() {
        return suspended && !terminated && Boolean.TRUE.equals(capabilities.getSupportsStepBack());
    }

    /** Run to Line's target: sent with its file's breakpoints until the next stop. */
    private record RunTo(String file, int line) {
    }

    private volatile RunTo runTo;

    /**
     * Run to Line: resumes until a queue reaches {@code line} (1-based) of {@code file} or stops for another reason;
     * the line is a one-shot breakpoint beside the file's own.
     */
    public void runToLine(String file, int line) throws DebugException {
        runTo = new RunTo(file, line);
        sendBreakpoints(file);
        resume();
    }

    /** The last stopped event (null before the first stop). */
    private volatile StoppedEventArguments lastStop;

    /** Whether the last stop was a fault's (DAP reason {@code exception}). */
    public boolean stoppedOnFault() {
        StoppedEventArguments s = lastStop;
        return s != null && "exception".equals(s.getReason());
    }

    /** The last stop as the CSF Run view says it: "stopped (breakpoint)", "faulted (translation fault ...)". */
    public String stopText() {
        StoppedEventArguments s = lastStop;
        if (s == null) {
            return "stopped";
        }
        String why = s.getDescription() != null ? s.getDescription() : s.getReason();
        return (stoppedOnFault() ? "faulted" : "stopped") + (why != null ? " (" + why + ")" : "");
    }

    /** The stopped queue's render targets (`csf/renderTargets`). */
    public CsfDebugProtocol.RenderTargets renderTargets() throws DebugException {
        return call(server.renderTargets(), "csf/renderTargets");
    }

    /**
     * A line typed into the session's console, evaluated as a Debug Console's REPL line (context {@code repl}, the
     * stopped queue's top frame: `r43`, `walk d40`, `color + 64`); the answer or the refusal is printed back.
     */
    private void evaluateTyped(String line) {
        events.execute(() -> {
            if (!suspended || terminated) {
                process.output("(evaluate " + line + ": the session is not suspended)\n", true);
                return;
            }
            try {
                process.output(evaluate(line, null, EvaluateArgumentsContext.REPL).getResult() + "\n", false);
            } catch (DebugException e) {
                process.output(e.getStatus().getMessage() + "\n", true);
            }
        });
    }

    /** `evaluate` in a frame (null: the stopped queue's top frame). */
    public EvaluateResponse evaluate(String expression, CsfStackFrame frame, String context) throws DebugException {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(expression);
        if (frame != null) {
            a.setFrameId(frame.id());
        }
        a.setContext(context != null ? context : EvaluateArgumentsContext.REPL);
        return call(server.evaluate(a), "evaluate " + expression);
    }

    // ---- IDebugTarget ----------------------------------------------------------------------------

    @Override
    public String getModelIdentifier() {
        return CsfDebug.MODEL;
    }

    @Override
    public IDebugTarget getDebugTarget() {
        return this;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IProcess getProcess() {
        return process;
    }

    @Override
    public IThread[] getThreads() {
        synchronized (threads) {
            return threads.values().toArray(IThread[]::new);
        }
    }

    @Override
    public boolean hasThreads() {
        synchronized (threads) {
            return !threads.isEmpty();
        }
    }

    @Override
    public String getName() {
        return "CSF stream " + name + (terminated ? " (terminated)" : suspended ? " (suspended)" : "");
    }

    @Override
    public boolean supportsBreakpoint(IBreakpoint breakpoint) {
        return breakpoint instanceof CsfLineBreakpoint;
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public void terminate() throws DebugException {
        if (terminated) {
            return;
        }
        disconnect(true);
        events.execute(this::onTerminated);
    }

    /** DAP's disconnect (5 s at most), after which the adapter exits. */
    private void disconnect(boolean terminateDebuggee) {
        DisconnectArguments a = new DisconnectArguments();
        a.setTerminateDebuggee(terminateDebuggee);
        try {
            server.disconnect(a).get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            CsfDebug.log(IStatus.INFO, "CSF debugger: disconnect: " + e.getMessage(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void terminateQuietly() {
        try {
            terminate();
        } catch (DebugException e) {
            CsfDebug.log(IStatus.INFO, e.getMessage(), e);
        }
    }

    @Override
    public boolean canResume() {
        return suspended && !terminated;
    }

    @Override
    public boolean canSuspend() {
        return !suspended && !terminated;
    }

    @Override
    public boolean isSuspended() {
        return suspended;
    }

    @Override
    public void resume() throws DebugException {
        ContinueArguments a = new ContinueArguments();
        CsfThread first = firstThread();
        a.setThreadId(first != null ? first.id() : 1);
        resumeWith(() -> server.continue_(a), "continue", DebugEvent.CLIENT_REQUEST);
    }

    @Override
    public void suspend() throws DebugException {
        PauseArguments a = new PauseArguments();
        CsfThread first = firstThread();
        a.setThreadId(first != null ? first.id() : 1);
        call(server.pause(a), "pause");
    }

    private CsfThread firstThread() {
        synchronized (threads) {
            return threads.values().stream().findFirst().orElse(null);
        }
    }

    @Override
    public void breakpointAdded(IBreakpoint breakpoint) {
        breakpointsOf(breakpoint);
    }

    @Override
    public void breakpointRemoved(IBreakpoint breakpoint, IMarkerDelta delta) {
        breakpointsOf(breakpoint);
    }

    @Override
    public void breakpointChanged(IBreakpoint breakpoint, IMarkerDelta delta) {
        breakpointsOf(breakpoint);
    }

    /** Sends the file's breakpoints again (on the events thread, in order with the session's events). */
    private void breakpointsOf(IBreakpoint breakpoint) {
        if (terminated || !debugMode || !(breakpoint instanceof CsfLineBreakpoint line) || line.filePath() == null) {
            return;
        }
        String file = line.filePath();
        events.execute(() -> {
            try {
                sendBreakpoints(file);
            } catch (DebugException e) {
                CsfDebug.log(IStatus.WARNING, e.getMessage(), e);
            }
        });
    }

    @Override
    public boolean canDisconnect() {
        return false;
    }

    @Override
    public void disconnect() throws DebugException {
        terminate();
    }

    @Override
    public boolean isDisconnected() {
        return terminated;
    }

    // ---- memory ----------------------------------------------------------------------------------

    @Override
    public boolean supportsStorageRetrieval() {
        return Boolean.TRUE.equals(capabilities.getSupportsReadMemoryRequest());
    }

    @Override
    public IMemoryBlock getMemoryBlock(long startAddress, long length) throws DebugException {
        return new CsfMemoryBlock(this, "", BigInteger.valueOf(startAddress), "0x" + Long.toHexString(startAddress));
    }

    /**
     * The Memory view's "Add Memory Monitor": a GPU VA (0x..., decimal) or any expression the adapter evaluates
     * to an address (d40, a label, `[d40 + 8]`), read in the stopped queue's VM.
     */
    @Override
    public IMemoryBlockExtension getExtendedMemoryBlock(String expression, Object context) throws DebugException {
        String e = expression.strip();
        String vm = "";
        BigInteger address = MemoryAddress.parse(e);
        if (address == null) {
            CsfStackFrame frame = context instanceof CsfStackFrame f ? f
                    : context instanceof CsfThread t && t.getTopStackFrame() instanceof CsfStackFrame f ? f : null;
            EvaluateResponse r = evaluate(e, frame, "watch");
            String reference = r.getMemoryReference() != null ? r.getMemoryReference() : r.getResult();
            // a reference into another VM than the stopped queue's is "vm:0xVA"
            int colon = reference != null ? reference.indexOf(':') : -1;
            vm = colon > 0 ? reference.substring(0, colon + 1) : "";
            address = MemoryAddress.parse(colon > 0 ? reference.substring(colon + 1) : reference);
            if (address == null) {
                throw new DebugException(CsfDebug.error("CSF debugger: " + e + " is " + r.getResult()
                        + ", not a GPU address", null));
            }
        }
        return new CsfMemoryBlock(this, vm, address, e);
    }
}
