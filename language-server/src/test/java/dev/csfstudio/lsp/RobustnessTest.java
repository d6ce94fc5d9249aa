package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class RobustnessTest {

    @TempDir
    Path root;

    @Test
    void unknownMethodIsMethodNotFoundAndTheServerKeepsServing() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject error = s.rpc.response(s.rpc.request("csf/noSuchThing", new JsonObject()));
            assertEquals(-32601, error.getAsJsonObject("error").get("code").getAsInt());
            s.rpc.notify("csf/noSuchNotification", new JsonObject());
        }
    }

    @Test
    void requestWithWrongParameterTypesIsAnErrorResponse() throws Exception {
        try (RawServer s = RawServer.initialized()) {
            JsonObject answer = s.rpc.response(s.rpc.request("textDocument/hover",
                    JsonParser.parseString("{\"textDocument\":42,\"position\":\"x\"}").getAsJsonObject()));
            assertEquals(-32602, RawServer.error(answer).get("code").getAsInt(), answer.toString());
        }
    }

    @Test
    void exitWithoutShutdownEndsWithCodeOneInitializedOrNot() throws Exception {
        for (RawServer s : new RawServer[] {RawServer.fresh(), RawServer.initialized()}) {
            s.rpc.notify("exit", null);
            assertEquals(1, s.exit.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void requestsForADocumentThatIsNotOpenGetEmptyAnswers() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            assertNull(s.server.getTextDocumentService().hover(new HoverParams(LspSession.id("file:///nowhere.csf"),
                    new Position(0, 0))).get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void binaryGarbageGetsDiagnosticsAndEveryFeatureStillAnswers() throws Exception {
        StringBuilder garbage = new StringBuilder();
        java.util.Random random = new java.util.Random(4);
        for (int i = 0; i < 4000; i++) {
            garbage.append((char) random.nextInt(0x2000));
        }
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("junk.csf", garbage.toString());
            assertFalse(s.currentDiagnostics(uri).getDiagnostics().isEmpty());
            s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(LspSession.id(uri)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().completion(new CompletionParams(LspSession.id(uri), new Position(0, 3)))
                    .get(10, TimeUnit.SECONDS);
            s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(0, 3)))
                    .get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void absurdNumberIsARangeError() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "MOVE32 r1, #123456789012345678901234567890\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Error, d.getSeverity());
            assertEquals(0, d.getRange().getStart().getLine());
        }
    }

    @Test
    void unterminatedStringIsADiagnostic() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".include \"never closed\nNOP\n");
            assertFalse(s.currentDiagnostics(uri).getDiagnostics().isEmpty());
        }
    }

    @Test
    void hundredThousandLineDocumentTakesIncrementalEdits() throws Exception {
        StringBuilder text = new StringBuilder(".stream main\n");
        for (int i = 0; i < 100_000; i++) {
            text.append(i % 100 == 0 ? "l" + i + ":\n" : "    ADD_IMMEDIATE32 r4, r4, #1 ; step\n");
        }
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("big.csf", text.toString());
            assertTrue(s.currentDiagnostics(uri).getDiagnostics().stream()
                    .noneMatch(d -> d.getSeverity() == DiagnosticSeverity.Error));
            s.edit(uri, 50_002, 4, 50_002, 7, "ADX");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().stream()
                    .filter(x -> x.getSeverity() == DiagnosticSeverity.Error).findFirst().orElseThrow();
            assertEquals(50_002, d.getRange().getStart().getLine());
        }
    }
}
