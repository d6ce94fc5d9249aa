package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** An in-process server spoken to in raw JSON-RPC frames, to see exactly what goes over the wire. */
final class RawServer implements AutoCloseable {

    final JsonRpcStream rpc;
    final CompletableFuture<Integer> exit;
    /** The capabilities the server answered initialize with. */
    JsonObject capabilities;

    private RawServer() {
        CsfLanguageServerLauncher.Connection connection = CsfLanguageServerLauncher.inProcess(TestToolchain.get());
        exit = connection.exitCode();
        rpc = new JsonRpcStream(connection.fromServer(), connection.toServer());
    }

    /** A server that has not been initialized. */
    static RawServer fresh() {
        return new RawServer();
    }

    /** A server after initialize (no workspace folders) and initialized. */
    static RawServer initialized() throws Exception {
        return initialized(initializeParams());
    }

    /** A server after initialize with {@code params} and initialized. */
    static RawServer initialized(JsonObject params) throws Exception {
        RawServer s = new RawServer();
        s.capabilities = s.rpc.response(s.rpc.request("initialize", params)).getAsJsonObject("result")
                .getAsJsonObject("capabilities");
        s.rpc.notify("initialized", new JsonObject());
        return s;
    }

    /** initialize without workspace folders or root, background runs off. */
    static JsonObject initializeParams() {
        return JsonParser.parseString("{\"processId\":null,\"rootUri\":null,\"capabilities\":{},"
                + "\"initializationOptions\":{\"backgroundRun\":false}}").getAsJsonObject();
    }

    /** Opens a document (didOpen, version 1); returns its URI. */
    String open(String uri, String text) throws Exception {
        JsonObject item = new JsonObject();
        item.addProperty("uri", uri);
        item.addProperty("languageId", "csf");
        item.addProperty("version", 1);
        item.addProperty("text", text);
        JsonObject params = new JsonObject();
        params.add("textDocument", item);
        rpc.notify("textDocument/didOpen", params);
        return uri;
    }

    /** The error the server answers {@code method} with; fails when it answers with a result. */
    JsonObject errorOf(String method, JsonObject params) throws Exception {
        return error(rpc.response(rpc.request(method, params)));
    }

    /** The error of a response, which must be one. */
    static JsonObject error(JsonObject response) {
        assertTrue(response.has("error"), response.toString());
        return response.getAsJsonObject("error");
    }

    /** The code of the next error response, which must have id null (the server could not know the id). */
    int nullIdErrorCode() throws InterruptedException {
        JsonObject m = rpc.await(x -> x.has("error"));
        assertTrue(m.has("id") && m.get("id").isJsonNull(), m.toString());
        return m.getAsJsonObject("error").get("code").getAsInt();
    }

    void stillServing() throws Exception {
        JsonObject answer = rpc.response(rpc.request("workspace/symbol",
                JsonParser.parseString("{\"query\":\"\"}").getAsJsonObject()));
        assertTrue(answer.has("result"), answer.toString());
    }

    /** Checks that the server still answers, then that it honours shutdown and exit. */
    @Override
    public void close() throws Exception {
        stillServing();
        assertTrue(rpc.response(rpc.request("shutdown", null)).has("result"));
        rpc.notify("exit", null);
        assertEquals(0, exit.get(20, TimeUnit.SECONDS));
        rpc.close();
    }
}
