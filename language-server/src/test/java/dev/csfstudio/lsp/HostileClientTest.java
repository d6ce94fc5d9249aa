package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The server over real framing (the in-process pipe {@code csf lsp} uses), fed what a broken or hostile
 * client sends: every bad message gets its JSON-RPC error, and the next request is still answered.
 */
@Timeout(120)
class HostileClientTest {

    static JsonObject json(String text) {
        return JsonParser.parseString(text).getAsJsonObject();
    }

    @Test
    void unclosedNestingOf200KilobytesIsAParseError() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("[".repeat(200_000));
            assertEquals(-32700, s.nullIdErrorCode());
        }
    }

    @Test
    void validJsonNestedTooDeeplyIsAnInvalidRequest() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"x\",\"params\":" + "[".repeat(5000) + "]".repeat(5000) + "}");
            JsonObject error = RawServer.error(s.rpc.response(5));
            assertEquals(-32600, error.get("code").getAsInt());
            assertTrue(error.get("message").getAsString().contains("nested deeper than"), error.toString());
        }
    }

    @Test
    void fiftyMegabyteRequestIsRefusedUnderItsIdAndTheNextIsServed() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"workspace/symbol\",\"params\":{\"query\":\""
                    + "a".repeat(50_000_000) + "\"}}");
            JsonObject error = RawServer.error(s.rpc.response(7));
            assertEquals(-32600, error.get("code").getAsInt());
            assertTrue(error.get("message").getAsString().contains("limit"), error.toString());
        }
    }

    @Test
    void invalidJsonIsAParseError() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,,}");
            assertEquals(-32700, s.nullIdErrorCode());
        }
    }

    @Test
    void nonNumericContentLengthIsAnErrorAndTheServerFindsTheNextHeader() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendBytes("Content-Length: many\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":50,\"method\":\"shutdown\"}"
                    .getBytes(StandardCharsets.US_ASCII));
            assertEquals(-32700, s.nullIdErrorCode());
        }
    }

    @Test
    void bytesWithoutAnyHeaderAreSkippedToTheNextHeader() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendBytes("\u0000\u0001garbage that is no header at all".repeat(1000).getBytes(StandardCharsets.UTF_8));
            assertEquals(-32700, s.nullIdErrorCode());
        }
    }

    @Test
    void invalidUtf8IsAParseError() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            byte[] body = {'{', '"', (byte) 0xff, '"', ':', '1', '}'};
            s.rpc.sendBytes(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            s.rpc.sendBytes(body);
            assertEquals(-32700, s.nullIdErrorCode());
        }
    }

    @Test
    void messageThatIsNeitherRequestNorResponseIsAnInvalidRequestWithItsId() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":12}");
            JsonObject error = RawServer.error(s.rpc.response(12));
            assertEquals(-32600, error.get("code").getAsInt());
        }
    }

    @Test
    void jsonThatIsNotAnObjectIsAnInvalidRequest() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            s.rpc.sendRaw("[1, 2, 3]");
            assertEquals(-32600, s.nullIdErrorCode());
            s.rpc.sendRaw("\"just a string\"");
            assertEquals(-32600, s.nullIdErrorCode());
        }
    }

    @Test
    void requestsBeforeInitializeAreServerNotInitialized() throws Exception {
        try (RawServer s = RawServer.fresh()) {
            JsonObject error = s.errorOf("textDocument/hover",
                    json("{\"textDocument\":{\"uri\":\"file:///a.csf\"},\"position\":{\"line\":0,\"character\":0}}"));
            assertEquals(-32002, error.get("code").getAsInt());
            assertEquals(-32002, s.errorOf("shutdown", null).get("code").getAsInt());
            s.rpc.response(s.rpc.request("initialize", RawServer.initializeParams()));
        }
    }

    @Test
    void secondInitializeIsAnInvalidRequest() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = s.errorOf("initialize", RawServer.initializeParams());
            assertEquals(-32600, error.get("code").getAsInt());
        }
    }

    @Test
    void requestsAfterShutdownAreInvalidRequestsAndExitStillEndsWithZero() throws Exception {
        RawServer s = RawServer.initialized();
        assertTrue(s.rpc.response(s.rpc.request("shutdown", null)).has("result"));
        JsonObject error = s.errorOf("workspace/symbol", json("{\"query\":\"\"}"));
        assertEquals(-32600, error.get("code").getAsInt());
        s.rpc.notify("exit", null);
        assertEquals(0, s.exit.get(20, TimeUnit.SECONDS));
    }

    @Test
    void negativePositionsAreInvalidParamsWithoutStackTraces() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            String uri = s.open("file:///tmp/hostile-positions.csf", "loop: NOP\n    BRANCH.ne r4, loop\n");
            String at = "{\"textDocument\":{\"uri\":\"" + uri + "\"},\"position\":{\"line\":-1,\"character\":-5}";
            String range = "{\"textDocument\":{\"uri\":\"" + uri + "\"},\"range\":{\"start\":{\"line\":0,\"character\":-3},"
                    + "\"end\":{\"line\":1,\"character\":0}}";
            String[][] requests = {
                    {"textDocument/hover", at + "}"},
                    {"textDocument/completion", at + "}"},
                    {"textDocument/signatureHelp", at + "}"},
                    {"textDocument/definition", at + "}"},
                    {"textDocument/references", at + ",\"context\":{\"includeDeclaration\":true}}"},
                    {"textDocument/prepareRename", at + "}"},
                    {"textDocument/rename", at + ",\"newName\":\"top\"}"},
                    {"textDocument/codeAction", range + ",\"context\":{\"diagnostics\":[]}}"},
                    {"textDocument/inlayHint", range + "}"},
                    {"textDocument/semanticTokens/range", range + "}"},
            };
            for (String[] r : requests) {
                JsonObject error = s.errorOf(r[0], json(r[1]));
                assertEquals(-32602, error.get("code").getAsInt(), r[0] + ": " + error);
                JsonElement data = error.get("data");
                assertFalse(data != null && data.toString().contains("at java."), r[0] + ": " + error);
            }
        }
    }

    @Test
    void positionsPastTheEndOfTheDocumentAreAnsweredNormally() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            String uri = s.open("file:///tmp/hostile-far.csf", "NOP\n");
            for (String method : new String[] {"textDocument/hover", "textDocument/completion",
                    "textDocument/signatureHelp", "textDocument/definition"}) {
                JsonObject answer = s.rpc.response(s.rpc.request(method, json("{\"textDocument\":{\"uri\":\"" + uri
                        + "\"},\"position\":{\"line\":0,\"character\":1000000000}}")));
                assertTrue(answer.has("result"), method + ": " + answer);
                answer = s.rpc.response(s.rpc.request(method, json("{\"textDocument\":{\"uri\":\"" + uri
                        + "\"},\"position\":{\"line\":2000000000,\"character\":3}}")));
                assertTrue(answer.has("result"), method + ": " + answer);
            }
        }
    }

    @Test
    void requestWithoutParamsIsInvalidParams() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = s.errorOf("textDocument/hover", null);
            assertEquals(-32602, error.get("code").getAsInt(), error.toString());
            assertFalse(error.toString().contains("at java."), error.toString());
        }
    }
}
