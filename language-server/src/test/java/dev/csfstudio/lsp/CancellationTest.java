package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code $/cancelRequest}: a pending request is cancelled; one already answered is ignored without a word. */
@Timeout(60)
class CancellationTest {

    private static JsonObject cancel(int id) {
        JsonObject p = new JsonObject();
        p.addProperty("id", id);
        return p;
    }

    @Test
    void cancellingARequestAlreadyAnsweredLogsNothing() throws Exception {
        Logger endpointLog = Logger.getLogger(RemoteEndpoint.class.getName());
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    logged.add(record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        endpointLog.addHandler(recorder);
        try (RawServer s = RawServer.initialized()) {
            int answered = s.rpc.request("workspace/symbol", JsonParser.parseString("{\"query\":\"\"}").getAsJsonObject());
            assertTrue(s.rpc.response(answered).has("result"));
            s.rpc.notify("$/cancelRequest", cancel(answered));
            s.stillServing(); // messages are taken in order: the cancel has been handled
            assertEquals(List.of(), logged);
        } finally {
            endpointLog.removeHandler(recorder);
        }
    }

    @Test
    void cancellingAPendingRunAnswersItRequestCancelled() throws Exception {
        JsonObject init = RawServer.initializeParams();
        init.getAsJsonObject("initializationOptions").addProperty("runTimeoutMs", 600_000);
        init.getAsJsonObject("initializationOptions").addProperty("runSteps", Long.MAX_VALUE);
        try (RawServer s = RawServer.initialized(init)) {
            String uri = s.open("file:///endless.csf", "loop: BRANCH.always r0, loop\n");
            JsonObject params = new JsonObject();
            params.addProperty("uri", uri);
            int run = s.rpc.request("csf/run", params);
            s.rpc.notify("$/cancelRequest", cancel(run));
            assertEquals(ResponseErrorCode.RequestCancelled.getValue(),
                    RawServer.error(s.rpc.response(run)).get("code").getAsInt());
        }
    }
}
