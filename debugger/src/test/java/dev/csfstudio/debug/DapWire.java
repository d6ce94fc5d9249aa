package dev.csfstudio.debug;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The adapter in this process spoken to as raw bytes ({@code Content-Length} frames of DAP JSON), for the
 * tests about what a client puts on the wire; every message the adapter sends is kept as JSON.
 */
final class DapWire implements AutoCloseable {

    private final OutputStream toAdapter;
    private final BlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    private final List<JsonObject> backlog = new ArrayList<>();
    private int seq = 1;

    DapWire() throws IOException {
        PipedInputStream adapterIn = new PipedInputStream(1 << 20);
        toAdapter = new PipedOutputStream(adapterIn);
        PipedInputStream fromAdapter = new PipedInputStream(1 << 20);
        PipedOutputStream adapterOut = new PipedOutputStream(fromAdapter);
        Thread adapter = new Thread(() -> DebugAdapterLauncher.serve(adapterIn, adapterOut), "dap-adapter");
        adapter.setDaemon(true);
        adapter.start();
        Thread reader = new Thread(() -> readFrames(fromAdapter), "dap-wire-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Sends {@code bytes} as they are: headers, bodies or garbage. */
    void sendBytes(byte[] bytes) throws IOException {
        toAdapter.write(bytes);
        toAdapter.flush();
    }

    /** Sends a well-framed message whose body is {@code body}, JSON or not. */
    void sendBody(String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        sendBytes(("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        sendBytes(bytes);
    }

    /** Sends request {@code command} with {@code arguments} (JSON text, or null); answers its seq. */
    int request(String command, String arguments) throws IOException {
        int id = seq++;
        sendBody("{\"seq\":" + id + ",\"type\":\"request\",\"command\":\"" + command + "\""
                + (arguments == null ? "" : ",\"arguments\":" + arguments) + "}");
        return id;
    }

    /** The response to request {@code seq}. */
    JsonObject response(int requestSeq) throws InterruptedException {
        return await(m -> "response".equals(text(m, "type")) && m.has("request_seq")
                && m.get("request_seq").getAsInt() == requestSeq);
    }

    /** The next response that is not one to a request of this client (one the adapter sent for a broken frame). */
    JsonObject unmatchedResponse() throws InterruptedException {
        return await(m -> "response".equals(text(m, "type"))
                && (!m.has("request_seq") || m.get("request_seq").isJsonNull() || m.get("request_seq").getAsInt() <= 0));
    }

    /** Answers a request sent after whatever came before: proof the adapter still reads. */
    JsonObject answered(String command, String arguments) throws IOException, InterruptedException {
        return response(request(command, arguments));
    }

    /** The next event {@code name}. */
    JsonObject event(String name) throws InterruptedException {
        return await(m -> "event".equals(text(m, "type")) && name.equals(text(m, "event")));
    }

    /** Initializes, launches {@code program} stopped on entry with {@code extra} launch arguments (JSON members). */
    DapWire stoppedOnEntry(java.nio.file.Path program, String extra) throws IOException, InterruptedException {
        answered("initialize", "{\"adapterID\":\"csf\"}");
        JsonObject launched = answered("launch", "{\"program\":" + com.google.gson.JsonParser.parseString(
                "\"" + program.toString().replace("\\", "\\\\") + "\"") + ",\"stopOnEntry\":true"
                + (extra.isEmpty() ? "" : "," + extra) + "}");
        if (!launched.get("success").getAsBoolean()) {
            throw new AssertionError("launch refused: " + launched);
        }
        answered("configurationDone", null);
        event("stopped");
        return this;
    }

    /** The first message not yet taken that matches, waiting up to 20 s; the others stay for later calls. */
    JsonObject await(Predicate<JsonObject> matching) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int seen = 0;
        while (true) {
            synchronized (backlog) {
                for (; seen < backlog.size(); seen++) {
                    if (matching.test(backlog.get(seen))) {
                        return backlog.remove(seen);
                    }
                }
            }
            JsonObject m = received.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError("no matching message from the adapter within 20 s; unmatched: " + backlog);
            }
            synchronized (backlog) {
                backlog.add(m);
            }
        }
    }

    static String text(JsonObject m, String member) {
        return m.has(member) && m.get(member).isJsonPrimitive() ? m.get(member).getAsString() : null;
    }

    private void readFrames(InputStream in) {
        try {
            while (true) {
                int length = -1;
                for (String header = line(in); !header.isEmpty(); header = line(in)) {
                    if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                        length = Integer.parseInt(header.substring(15).strip());
                    }
                }
                byte[] body = in.readNBytes(length);
                if (body.length < length) {
                    return;
                }
                received.add(JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject());
            }
        } catch (IOException | RuntimeException e) {
            // the adapter closed its end
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("end of stream");
            }
            if (c != '\r') {
                line.write(c);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        toAdapter.close();
    }
}
