package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ExceptionInfoArguments;
import org.eclipse.lsp4j.debug.ExceptionInfoResponse;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.Variable;
import org.eclipse.lsp4j.debug.VariablesArguments;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A debug session in a test: the adapter in this process, spoken to through LSP4J's debug launcher over
 * pipes (JSON on the wire, as an editor speaks it), with the events it sent kept in order.
 */
final class DapSession implements IDebugProtocolClient, AutoCloseable {

    private static final long TIMEOUT_SECONDS = 20;

    final CsfDebugProtocol server;
    final Path file;
    final Capabilities capabilities;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final List<String> console = new ArrayList<>();
    private final DebugAdapterLauncher.InProcess connection;

    private DapSession(Path file) throws IOException {
        this.file = file;
        connection = DebugAdapterLauncher.inProcess(this);
        server = connection.server();
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setAdapterID("csf");
        init.setLinesStartAt1(true);
        init.setColumnsStartAt1(true);
        capabilities = get(server.initialize(init));
    }

    /** A session on {@code text} written to {@code name} in {@code dir}, not yet launched. */
    static DapSession on(Path dir, String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.writeString(file, text);
            return new DapSession(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A session on {@code text} launched and stopped at a breakpoint on {@code line}. */
    static DapSession stoppedAt(Path dir, String name, String text, int line) {
        DapSession s = on(dir, name, text).launch();
        s.breakpoints(s.file, line);
        s.configurationDone();
        s.stopped();
        return s;
    }

    /** Steps into, out of or back from where {@code thread} stands, and waits for the stop. */
    StoppedEventArguments stepIn(int thread) {
        org.eclipse.lsp4j.debug.StepInArguments a = new org.eclipse.lsp4j.debug.StepInArguments();
        a.setThreadId(thread);
        get(server.stepIn(a));
        return stopped();
    }

    StoppedEventArguments stepOut(int thread) {
        org.eclipse.lsp4j.debug.StepOutArguments a = new org.eclipse.lsp4j.debug.StepOutArguments();
        a.setThreadId(thread);
        get(server.stepOut(a));
        return stopped();
    }

    StoppedEventArguments stepBack(int thread) {
        org.eclipse.lsp4j.debug.StepBackArguments a = new org.eclipse.lsp4j.debug.StepBackArguments();
        a.setThreadId(thread);
        get(server.stepBack(a));
        return stopped();
    }

    /** Launches with {@code extra} arguments and waits for {@code initialized}. */
    DapSession launch(Object... extra) {
        Map<String, Object> args = new HashMap<>();
        args.put("program", file.toString());
        for (int i = 0; i < extra.length; i += 2) {
            args.put((String) extra[i], extra[i + 1]);
        }
        get(server.launch(args));
        next("initialized", String.class);
        return this;
    }

    SetBreakpointsResponse breakpoints(Path source, int... lines) {
        SetBreakpointsArguments a = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(source.toString());
        a.setSource(s);
        a.setBreakpoints(Arrays.stream(lines).mapToObj(l -> {
            SourceBreakpoint b = new SourceBreakpoint();
            b.setLine(l);
            return b;
        }).toArray(SourceBreakpoint[]::new));
        return get(server.setBreakpoints(a));
    }

    SetBreakpointsResponse breakpoints(SourceBreakpoint... bps) {
        SetBreakpointsArguments a = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(file.toString());
        a.setSource(s);
        a.setBreakpoints(bps);
        return get(server.setBreakpoints(a));
    }

    static SourceBreakpoint at(int line) {
        SourceBreakpoint b = new SourceBreakpoint();
        b.setLine(line);
        return b;
    }

    void configurationDone() {
        get(server.configurationDone(new ConfigurationDoneArguments()));
    }

    StoppedEventArguments stopped() {
        return next("stopped", StoppedEventArguments.class);
    }

    void continue_() {
        ContinueArguments a = new ContinueArguments();
        a.setThreadId(1);
        get(server.continue_(a));
    }

    StoppedEventArguments next(int thread) {
        NextArguments a = new NextArguments();
        a.setThreadId(thread);
        get(server.next(a));
        return stopped();
    }

    /** What {@code exceptionInfo} answers for {@code thread}. */
    ExceptionInfoResponse exceptionInfo(int thread) {
        ExceptionInfoArguments a = new ExceptionInfoArguments();
        a.setThreadId(thread);
        return get(server.exceptionInfo(a));
    }

    /** The innermost frame of {@code thread}. */
    StackFrame top(int thread) {
        return frames(thread).get(0);
    }

    List<StackFrame> frames(int thread) {
        StackTraceArguments a = new StackTraceArguments();
        a.setThreadId(thread);
        return List.of(get(server.stackTrace(a)).getStackFrames());
    }

    /** The names of the scopes of {@code thread}'s innermost frame. */
    List<String> scopeNames(int thread) {
        ScopesArguments a = new ScopesArguments();
        a.setFrameId(top(thread).getId());
        return java.util.Arrays.stream(get(server.scopes(a)).getScopes()).map(x -> x.getName()).toList();
    }

    /** The variables of scope {@code scope} of {@code thread}'s innermost frame, by name. */
    Map<String, Variable> scope(int thread, String scope) {
        ScopesArguments a = new ScopesArguments();
        a.setFrameId(top(thread).getId());
        for (var s : get(server.scopes(a)).getScopes()) {
            if (s.getName().equals(scope)) {
                return children(s.getVariablesReference());
            }
        }
        throw new AssertionError("no scope " + scope);
    }

    Map<String, Variable> children(int reference) {
        VariablesArguments v = new VariablesArguments();
        v.setVariablesReference(reference);
        Map<String, Variable> out = new java.util.LinkedHashMap<>();
        for (Variable x : get(server.variables(v)).getVariables()) {
            out.put(x.getName(), x);
        }
        return out;
    }

    String register(int thread, String name) {
        return scope(thread, name.startsWith("d") ? "Register pairs" : "Registers").get(name).getValue();
    }

    /** The next event, which must be {@code kind}; output events are kept aside. */
    <T> T next(String kind, Class<T> type) {
        try {
            Object e = events.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (e == null) {
                fail("no '" + kind + "' event within " + TIMEOUT_SECONDS + " s; console: " + console);
            }
            Object[] pair = (Object[]) e;
            assertEquals(kind, pair[0], () -> "expected '" + kind + "', got " + pair[0] + ": " + pair[1]
                    + "; console: " + console);
            return assertInstanceOf(type, pair[1]);
        } catch (InterruptedException ex) {
            throw new AssertionError(ex);
        }
    }

    /** Exited then terminated; answers the exit code. */
    int ended() {
        int code = next("exited", ExitedEventArguments.class).getExitCode();
        next("terminated", TerminatedEventArguments.class);
        return code;
    }

    List<String> console() {
        synchronized (console) {
            return List.copyOf(console);
        }
    }

    boolean noEventWithin(long millis) throws InterruptedException {
        return events.poll(millis, TimeUnit.MILLISECONDS) == null;
    }

    static <T> T get(CompletableFuture<T> f) {
        try {
            return f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ResponseErrorException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("no response within " + TIMEOUT_SECONDS + " s", e);
        }
    }

    /** The error message a request is refused with. */
    static String refusal(CompletableFuture<?> f) {
        try {
            get(f);
        } catch (ResponseErrorException e) {
            return e.getResponseError().getMessage();
        }
        throw new AssertionError("the request was not refused");
    }

    @Override
    public void initialized() {
        events.add(new Object[] {"initialized", ""});
    }

    @Override
    public void stopped(StoppedEventArguments args) {
        events.add(new Object[] {"stopped", args});
    }

    @Override
    public void exited(ExitedEventArguments args) {
        events.add(new Object[] {"exited", args});
    }

    @Override
    public void terminated(TerminatedEventArguments args) {
        events.add(new Object[] {"terminated", args == null ? new TerminatedEventArguments() : args});
    }

    @Override
    public void output(OutputEventArguments args) {
        synchronized (console) {
            console.add(args.getOutput());
        }
    }

    @Override
    public void breakpoint(org.eclipse.lsp4j.debug.BreakpointEventArguments args) {
        events.add(new Object[] {"breakpoint", args});
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }

    static void assertLine(int line, StackFrame frame) {
        assertNotNull(frame.getSource(), "frame has no source: " + frame.getName());
        assertEquals(line, frame.getLine(), () -> "frame " + frame.getName());
    }
}
