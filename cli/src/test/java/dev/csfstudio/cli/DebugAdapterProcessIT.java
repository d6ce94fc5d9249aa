package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.csfstudio.debug.CsfDebugProtocol;

/**
 * {@code csf debug} from the fat jar as a separate process, over stdio and over a TCP port: the jar carries
 * one JSON-RPC (the language server's 1.0.0), and LSP4J's debug protocol 0.24.0 runs on it — the language
 * server's own end-to-end test (EndToEndProcessTest) runs against the same jar.
 */
class DebugAdapterProcessIT {

    private static final Path JAR = Path.of("target", "csf.jar");

    @TempDir
    Path dir;

    @Test
    void theFatJarsJsonRpcIsTheLanguageServers() throws IOException {
        // lsp4j's jars carry no Maven metadata: compare a class with the one the build resolved.
        String entry = "org/eclipse/lsp4j/jsonrpc/RemoteEndpoint.class";
        java.net.URL resolved = Launcher.class.getClassLoader().getResource(entry);
        assertTrue(resolved.toString().contains("org.eclipse.lsp4j.jsonrpc-1.0.0.jar"), resolved::toString);
        byte[] expected;
        try (InputStream in = resolved.openStream()) {
            expected = in.readAllBytes();
        }
        try (JarFile jar = new JarFile(JAR.toFile())) {
            byte[] shaded = jar.getInputStream(jar.getEntry(entry)).readAllBytes();
            assertTrue(java.util.Arrays.equals(expected, shaded), "the jar's JSON-RPC is not 1.0.0");
            assertTrue(jar.getEntry("org/eclipse/lsp4j/debug/services/IDebugProtocolServer.class") != null);
            assertTrue(jar.getEntry("org/eclipse/lsp4j/services/LanguageServer.class") != null);
        }
    }

    @Test
    void aSessionOverStdioHitsABreakpointAndRunsToTheEnd() throws Exception {
        Process p = new ProcessBuilder(AssembleCommandTest.javaCommand(), "-jar", JAR.toString(), "debug")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            session(p.getInputStream(), p.getOutputStream());
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "csf debug did not end after disconnect");
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aSessionOverATcpPortOnTheAnnouncedPort() throws Exception {
        Process p = new ProcessBuilder(AssembleCommandTest.javaCommand(), "-jar", JAR.toString(), "debug", "--port", "0")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertTrue(line != null && line.startsWith("listening on 127.0.0.1:"), line);
            int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
            try (Socket s = new Socket("127.0.0.1", port)) {
                session(s.getInputStream(), s.getOutputStream());
            }
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "csf debug --port did not end after disconnect");
        } finally {
            p.destroyForcibly();
        }
    }

    /** initialize, launch, a breakpoint, stopped there, the stack, render targets, continue, exited, disconnect. */
    private void session(InputStream in, OutputStream out) throws Exception {
        Path source = dir.resolve("moves.csf");
        Files.writeString(source, ".stream main\n    MOVE32 r1, #1\n    MOVE32 r2, #2\n");
        BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        IDebugProtocolClient client = new IDebugProtocolClient() {
            @Override
            public void initialized() {
                events.add("initialized");
            }

            @Override
            public void stopped(StoppedEventArguments args) {
                events.add(args);
            }

            @Override
            public void exited(ExitedEventArguments args) {
                events.add(args);
            }
        };
        Launcher<CsfDebugProtocol> launcher = DebugLauncher.createLauncher(client, CsfDebugProtocol.class, in, out);
        launcher.startListening();
        CsfDebugProtocol server = launcher.getRemoteProxy();
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setAdapterID("csf");
        assertTrue(get(server.initialize(init)).getSupportsStepBack());
        get(server.launch(Map.of("program", source.toString())));
        assertEquals("initialized", events.poll(20, TimeUnit.SECONDS));
        SetBreakpointsArguments bps = new SetBreakpointsArguments();
        Source src = new Source();
        src.setPath(source.toString());
        bps.setSource(src);
        SourceBreakpoint bp = new SourceBreakpoint();
        bp.setLine(3);
        bps.setBreakpoints(new SourceBreakpoint[] {bp});
        assertTrue(get(server.setBreakpoints(bps)).getBreakpoints()[0].isVerified());
        get(server.configurationDone(new ConfigurationDoneArguments()));
        StoppedEventArguments stopped = (StoppedEventArguments) events.poll(20, TimeUnit.SECONDS);
        assertEquals("breakpoint", stopped.getReason());
        StackTraceArguments st = new StackTraceArguments();
        st.setThreadId(stopped.getThreadId());
        assertEquals(3, get(server.stackTrace(st)).getStackFrames()[0].getLine());
        assertTrue(get(server.renderTargets()).targets().isEmpty());
        ContinueArguments c = new ContinueArguments();
        c.setThreadId(1);
        assertFalse(get(server.continue_(c)).getAllThreadsContinued() == Boolean.FALSE);
        assertEquals(0, ((ExitedEventArguments) events.poll(20, TimeUnit.SECONDS)).getExitCode());
        get(server.disconnect(new DisconnectArguments()));
    }

    private static <T> T get(CompletableFuture<T> f) throws Exception {
        return f.get(20, TimeUnit.SECONDS);
    }
}
