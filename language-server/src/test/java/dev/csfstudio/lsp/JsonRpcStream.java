package dev.csfstudio.lsp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** Speaks raw LSP framing ({@code Content-Length} headers + JSON), as an editor does, without LSP4J. */
final class JsonRpcStream implements AutoCloseable {

    private final OutputStream out;
    private final BlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    private final Thread reader;
    private int nextId = 1;

    JsonRpcStream(InputStream in, OutputStream out) {
        this.out = out;
        this.reader = new Thread(() -> readAll(in), "json-rpc-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Sends a frame whose body is exactly {@code body} (it need not be valid JSON). */
    synchronized void sendRaw(String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    /** Sends {@code bytes} as they are: headers, bodies or garbage. */
    synchronized void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    int request(String method, JsonObject params) throws IOException {
        int id = nextId++;
        JsonObject msg = new JsonObject();
        msg.addProperty("jsonrpc", "2.0");
        msg.addProperty("id", id);
        msg.addProperty("method", method);
        if (params != null) {
            msg.add("params", params);
        }
        sendRaw(msg.toString());
        return id;
    }

    void notify(String method, JsonObject params) throws IOException {
        JsonObject msg = new JsonObject();
        msg.addProperty("jsonrpc", "2.0");
        msg.addProperty("method", method);
        if (params != null) {
            msg.add("params", params);
        }
        sendRaw(msg.toString());
    }

    /** The response to request {@code id}, skipping anything else the server sends meanwhile. */
    JsonObject response(int id) throws InterruptedException {
        return await(m -> m.has("id") && !m.has("method") && m.get("id").isJsonPrimitive() && m.get("id").getAsInt() == id);
    }

    /** The next message that matches, waiting up to 20 s. */
    JsonObject await(Predicate<JsonObject> matching) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            long left = deadline - System.nanoTime();
            JsonObject m = received.poll(Math.max(left, 0), TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError("no matching message from the server");
            }
            if (matching.test(m)) {
                return m;
            }
        }
    }

    private void readAll(InputStream in) {
        try {
            while (true) {
                int length = -1;
                String header;
                while (!(header = readLine(in)).isEmpty()) {
                    if (header.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                        length = Integer.parseInt(header.substring(15).trim());
                    }
                }
                byte[] body = in.readNBytes(length);
                if (body.length < length) {
                    return;
                }
                received.add(JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject());
            }
        } catch (IOException | RuntimeException e) {
            // stream ended
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\n') {
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
        out.close();
    }
}
