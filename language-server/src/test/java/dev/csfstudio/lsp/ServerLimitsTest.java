package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * What a client configures or asks is bounded: options out of range are refused at initialize with a message,
 * answers about huge documents are capped and say so, and csf/test reads no file outside the workspace.
 */
@Timeout(120)
class ServerLimitsTest {

    @TempDir
    Path root;

    /** The error initialize answers with when its initializationOptions are {@code options}. */
    private static JsonObject initializeError(String options) throws Exception {
        JsonObject params = RawServer.initializeParams();
        params.add("initializationOptions", JsonParser.parseString(options));
        try (JsonRpcStream rpc = RawServer.fresh().rpc) {
            return RawServer.error(rpc.response(rpc.request("initialize", params)));
        }
    }

    private static void assertRefused(String options, String message) throws Exception {
        JsonObject error = initializeError(options);
        assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.get("code").getAsInt(), error.toString());
        assertEquals(message, error.get("message").getAsString());
    }

    @Test
    void aTimeLimitTooLargeForTheClockIsRefusedWithItsRange() throws Exception {
        assertRefused("{\"runTimeoutMs\": 1e18}",
                "initializationOptions.runTimeoutMs: expected a whole number from 1 to 86,400,000, got 1e18");
    }

    @Test
    void backgroundRunMustBeABoolean() throws Exception {
        assertRefused("{\"backgroundRun\": \"yes\"}",
                "initializationOptions.backgroundRun: expected true or false, got \"yes\"");
    }

    @Test
    void zeroAndNegativeLimitsAreRefused() throws Exception {
        assertRefused("{\"runSteps\": 0}",
                "initializationOptions.runSteps: expected a whole number from 1 to 9,223,372,036,854,775,807, got 0");
        assertRefused("{\"backgroundTimeoutMs\": -5}",
                "initializationOptions.backgroundTimeoutMs: expected a whole number from 1 to 86,400,000, got -5");
        assertRefused("{\"runDelayMs\": 1.5}",
                "initializationOptions.runDelayMs: expected a whole number from 0 to 86,400,000, got 1.5");
    }

    @Test
    void executeCommandWithoutACommandNamesTheCommands() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = s.errorOf("workspace/executeCommand",
                    JsonParser.parseString("{\"arguments\": [\"file:///a.csf\"]}").getAsJsonObject());
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.get("code").getAsInt());
            assertEquals("workspace/executeCommand needs a command: one of csf.run, csf.assemble, csf.test, "
                    + "csf.updateGolden", error.get("message").getAsString());
        }
    }

    @Test
    void aRequestTheServerDoesNotOfferIsMethodNotFoundNotAnInternalError() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = s.errorOf("textDocument/rangeFormatting", JsonParser.parseString("{\"textDocument\":"
                    + " {\"uri\": \"file:///a.csf\"}, \"range\": {\"start\": {\"line\": 0, \"character\": 0}, \"end\":"
                    + " {\"line\": 0, \"character\": 0}}, \"options\": {\"tabSize\": 4, \"insertSpaces\": true}}")
                    .getAsJsonObject());
            assertEquals(ResponseErrorCode.MethodNotFound.getValue(), error.get("code").getAsInt(), error.toString());
            assertEquals("'rangeFormatting' is not supported by this server (the capabilities it answered initialize"
                    + " with list what it offers)", error.get("message").getAsString());
        }
    }

    @Test
    void aRequestWithoutItsParamsOrARequiredMemberIsInvalidParamsNamingIt() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = RawServer.error(s.rpc.response(s.rpc.request("workspace/symbol", null)));
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.get("code").getAsInt(), error.toString());
            assertEquals("'workspace/symbol' needs its params", error.get("message").getAsString());
            error = s.errorOf("textDocument/hover", new JsonObject());
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.get("code").getAsInt(), error.toString());
            assertEquals("'textDocument/hover' needs 'textDocument'", error.get("message").getAsString());
        }
    }

    @Test
    void csfTestReadsNoFileOutsideTheWorkspace(@TempDir Path elsewhere) throws Exception {
        Path outside = Files.writeString(elsewhere.resolve("secret.csf"), ".expect status ok\n");
        try (LspSession s = LspSession.start(root)) {
            JsonObject params = new JsonObject();
            params.addProperty("uri", outside.toUri().toString());
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> s.server.test(params).get(10, TimeUnit.SECONDS));
            String message = ((ResponseErrorException) e.getCause()).getResponseError().getMessage();
            assertTrue(message.endsWith("is not open and not inside the workspace folders: open it to test it"),
                    message);
        }
    }

    @Test
    void csfTestListsAThousandExpectationsAndCountsTheRest() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("many.csf", ".expect status ok\n".repeat(1_500));
            JsonObject params = new JsonObject();
            params.addProperty("uri", uri);
            JsonObject answer = s.server.test(params).get(60, TimeUnit.SECONDS);
            assertTrue(answer.get("passed").getAsBoolean(), answer.get("passed").toString());
            assertEquals(StreamTestService.MAX_LISTED, answer.getAsJsonArray("expectations").size());
            assertEquals(500, answer.get("omitted").getAsInt());
        }
    }

    @Test
    void inlayHintsOfAHugeRangeStopAfterTheirLineLimitAndSaySo() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("long.csf", "NOP\n".repeat(5_000));
            List<InlayHint> hints = s.server.getTextDocumentService().inlayHint(new InlayHintParams(LspSession.id(uri),
                    new Range(new Position(0, 0), new Position(5_000, 0)))).get(30, TimeUnit.SECONDS);
            assertEquals(InlayHintService.MAX_LINES + 1, hints.size());
            InlayHint last = hints.get(hints.size() - 1);
            assertEquals(new Position(InlayHintService.MAX_LINES, 0), last.getPosition());
            assertEquals("inlay hints stop here: one request gets those of 2,000 lines at most", last.getLabel().getLeft());
        }
    }
}
