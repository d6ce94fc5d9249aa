package dev.csfstudio.cli.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * One hostile session against {@code csf debug} or {@code csf lsp} in a JVM of its own, driven by a script kept
 * in the test resources, one step a line:
 * <pre>
 * send BODY             a frame with this body and its right Content-Length
 * raw BYTES             these bytes as they are (headers, garbage)
 * expect ID [TEXT]      the response to request ID comes, containing TEXT when given
 * event NAME [TEXT]     a DAP event NAME (or an LSP notification NAME) containing TEXT, when given, comes
 * </pre>
 * In a line, {@code <<N*TEXT>>} is TEXT repeated N times, \r \n \t are escapes and {in} the inputs' directory.
 * After the script the session must still answer (the surface's probe), then end when asked; no message may
 * carry a stack trace, and no file outside the working directory may change.
 */
final class Session {

    /** A surface: its command, how it names a response's request, its probe and the way to end it. */
    record Surface(String command, String idMember, String probe, String probeId, List<String> end) {
    }

    static final Surface DEBUG_ADAPTER = new Surface("debug", "request_seq",
            "{\"seq\":99999,\"type\":\"request\",\"command\":\"threads\"}", "99999",
            List.of("{\"seq\":100000,\"type\":\"request\",\"command\":\"disconnect\",\"arguments\":{}}"));

    static final Surface LANGUAGE_SERVER = new Surface("lsp", "id",
            "{\"jsonrpc\":\"2.0\",\"id\":99999,\"method\":\"shutdown\"}", "99999",
            List.of("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));

    /** How long one expected message may take (the machine shared by the build is slow). */
    private static final long WAIT_SECONDS = 30;

    private final BlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final OutputStream toServer;

    private Session(OutputStream toServer) {
        this.toServer = toServer;
    }

    /** Runs {@code script} (a resource beside this class) against a fresh {@code surface}; returns a line for the report. */
    static String run(Surface surface, String script, Path inputs, Path work) throws Exception {
        Map<String, String> before = Forked.snapshot(work.getParent(), work);
        long start = System.nanoTime();
        Process p = Forked.start(work, List.of(surface.command()));
        Forked.Drain err = new Forked.Drain(p.getErrorStream(), 1 << 20);
        Session s = new Session(p.getOutputStream());
        Thread reader = new Thread(() -> s.readAll(p.getInputStream()), "session-reader");
        reader.setDaemon(true);
        reader.start();
        int steps = 0;
        try {
            for (String line : script(script)) {
                String expanded = Forked.expand(line.replace("{in}", inputs.toString()));
                int space = expanded.indexOf(' ');
                String verb = space < 0 ? expanded : expanded.substring(0, space);
                String rest = space < 0 ? "" : expanded.substring(space + 1);
                steps++;
                switch (verb) {
                    case "send" -> s.send(rest);
                    case "raw" -> s.raw(rest.getBytes(StandardCharsets.UTF_8));
                    case "expect" -> {
                        String[] f = rest.split(" ", 2);
                        JsonObject r = s.await(m -> m.has(surface.idMember()) && !m.has("method")
                                && m.get(surface.idMember()).toString().replace("\"", "").equals(f[0]), script + ": the response to " + f[0]);
                        if (f.length > 1) {
                            assertTrue(r.toString().contains(f[1]), script + ": no '" + f[1] + "' in " + r);
                        }
                    }
                    case "event" -> {
                        String[] f = rest.split(" ", 2);
                        s.await(m -> (f[0].equals(str(m, "event")) || f[0].equals(str(m, "method")))
                                && (f.length == 1 || m.toString().contains(f[1])), script + ": the event '" + rest + "'");
                    }
                    default -> throw new IllegalArgumentException(script + ": unknown step " + verb);
                }
            }
            s.send(surface.probe());
            s.await(m -> surface.probeId().equals(m.has(surface.idMember()) && !m.has("method")
                    ? m.get(surface.idMember()).toString() : null), script + ": the probe after the script");
            for (String end : surface.end()) {
                s.send(end);
            }
            assertTrue(p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), script + ": still running after it was asked to end");
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            err.join();
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        for (String m : s.seen) {
            assertNull(Forked.leak(m), script + ": a message carries a stack trace or exception: " + m);
        }
        assertNull(Forked.leak(err.text()), script + ": a stack trace on stderr");
        assertEquals(before, Forked.snapshot(work.getParent(), work), script + ": changed a file outside its working directory");
        return String.format("%-28s %3d steps, %4d messages answered in %6d ms, still answering", script, steps, s.seen.size(), ms);
    }

    private static String str(JsonObject m, String member) {
        return m.has(member) && m.get(member).isJsonPrimitive() ? m.get(member).getAsString() : null;
    }

    static List<String> script(String name) throws IOException {
        List<String> lines = new ArrayList<>();
        InputStream in = Session.class.getResourceAsStream(name);
        assertNotNull(in, name);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    private void send(String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        raw(("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        raw(bytes);
    }

    private void raw(byte[] bytes) throws IOException {
        toServer.write(bytes);
        toServer.flush();
    }

    /** Messages received while waiting for another, oldest first: an event may come before the response awaited. */
    private final List<JsonObject> backlog = new ArrayList<>();

    private JsonObject await(Predicate<JsonObject> matching, String what) throws InterruptedException {
        for (int i = 0; i < backlog.size(); i++) {
            if (matching.test(backlog.get(i))) {
                return backlog.remove(i);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            long left = deadline - System.nanoTime();
            JsonObject m = received.poll(Math.max(left, 0), TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError(what + " did not come within " + WAIT_SECONDS + " s; last seen: "
                        + (seen.isEmpty() ? "nothing" : last(seen)));
            }
            if (matching.test(m)) {
                return m;
            }
            backlog.add(m);
        }
    }

    private static String last(List<String> seen) {
        String s = seen.get(seen.size() - 1);
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }

    /** Reads frames; every body goes to {@link #seen} (checked for stack traces) and, as JSON, to {@link #received}. */
    private void readAll(InputStream in) {
        try {
            while (true) {
                int length = -1;
                ByteArrayOutputStream header = new ByteArrayOutputStream();
                while (true) {
                    int b = in.read();
                    if (b < 0) {
                        return;
                    }
                    if (b == '\n') {
                        String h = header.toString(StandardCharsets.US_ASCII).strip();
                        header.reset();
                        if (h.isEmpty()) {
                            break;
                        }
                        if (h.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                            length = Integer.parseInt(h.substring(15).strip());
                        }
                    } else {
                        header.write(b);
                    }
                }
                byte[] body = in.readNBytes(length);
                String text = new String(body, StandardCharsets.UTF_8);
                synchronized (this) {
                    seen.add(text);
                }
                received.add(JsonParser.parseString(text).getAsJsonObject());
            }
        } catch (IOException | RuntimeException e) {
            // the process ended
        }
    }
}
