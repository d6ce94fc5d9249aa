package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The server as a separate process spoken to over stdin/stdout, as an editor does. The process is
 * {@code -Dcsf.lsp.command=...} when given (e.g. {@code "<repo>/csf lsp"}); otherwise what {@code ./csf lsp}
 * executes, {@code java -jar cli/target/csf.jar lsp}, when that jar is newer than this module's classes;
 * otherwise the launcher class on this test's class path (a clean build tests before the CLI is packaged).
 */
class EndToEndProcessTest {

    @TempDir
    Path workspace;

    private static List<String> command() {
        String configured = System.getProperty("csf.lsp.command");
        if (configured != null && !configured.isBlank()) {
            return List.of(configured.trim().split("\\s+"));
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String corpus = System.getProperty("csf.corpus", "../src/test/csf");
        Path repo = Path.of(corpus).toAbsolutePath().normalize().getParent().getParent();
        java.io.File jar = repo.resolve("cli/target/csf.jar").toFile();
        java.io.File classes = Path.of("target/classes/dev/csfstudio/lsp/CsfLanguageServer.class").toFile();
        if (jar.isFile() && classes.isFile() && jar.lastModified() > classes.lastModified()) {
            return List.of(java, "-jar", jar.getPath(), "lsp");
        }
        return List.of(java, "-cp", System.getProperty("java.class.path"), CsfLanguageServerLauncher.class.getName());
    }

    private static JsonObject json(String text) {
        return JsonParser.parseString(text).getAsJsonObject();
    }

    private static JsonObject textDocument(String uri) {
        JsonObject id = new JsonObject();
        id.addProperty("uri", uri);
        return id;
    }

    @Test
    void editorSessionFromErrorToRenderTarget() throws Exception {
        Process server = new ProcessBuilder(new ArrayList<>(command()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (JsonRpcStream rpc = new JsonRpcStream(server.getInputStream(), server.getOutputStream())) {
            JsonObject init = json("{\"processId\":null,\"capabilities\":{}}");
            init.addProperty("rootUri", workspace.toUri().toString());
            JsonObject caps = rpc.response(rpc.request("initialize", init)).getAsJsonObject("result")
                    .getAsJsonObject("capabilities");
            assertEquals(2, caps.get("textDocumentSync").getAsInt());
            rpc.notify("initialized", new JsonObject());

            String uri = workspace.resolve("clear.csf").toUri().toString();
            String text = RunFeedbackTest.CLEAR.replace("RUN_FRAGMENT", "RUN_FRAGMNT");
            JsonObject item = textDocument(uri);
            item.addProperty("languageId", "csf");
            item.addProperty("version", 1);
            item.addProperty("text", text);
            JsonObject open = new JsonObject();
            open.add("textDocument", item);
            rpc.notify("textDocument/didOpen", open);

            JsonObject diagnostics = rpc.await(m -> "textDocument/publishDiagnostics".equals(stringOf(m, "method"))
                    && m.getAsJsonObject("params").getAsJsonArray("diagnostics").size() > 0);
            JsonObject error = diagnostics.getAsJsonObject("params").getAsJsonArray("diagnostics").get(0).getAsJsonObject();
            assertTrue(error.get("message").getAsString().contains("RUN_FRAGMENT"), error.toString());
            JsonObject range = error.getAsJsonObject("range");
            int line = range.getAsJsonObject("start").get("line").getAsInt();
            int col = range.getAsJsonObject("start").get("character").getAsInt();

            JsonObject change = new JsonObject();
            JsonObject versioned = textDocument(uri);
            versioned.addProperty("version", 2);
            change.add("textDocument", versioned);
            JsonObject edit = new JsonObject();
            edit.add("range", json("{\"start\":{\"line\":" + line + ",\"character\":" + (col + 9)
                    + "},\"end\":{\"line\":" + line + ",\"character\":" + (col + 9) + "}}"));
            edit.addProperty("text", "E");
            JsonArray changes = new JsonArray();
            changes.add(edit);
            change.add("contentChanges", changes);
            rpc.notify("textDocument/didChange", change);
            rpc.await(m -> "textDocument/publishDiagnostics".equals(stringOf(m, "method"))
                    && m.getAsJsonObject("params").has("version")
                    && m.getAsJsonObject("params").get("version").getAsInt() == 2
                    && m.getAsJsonObject("params").getAsJsonArray("diagnostics").isEmpty());

            JsonObject at = new JsonObject();
            at.add("textDocument", textDocument(uri));
            at.add("position", json("{\"line\":6,\"character\":6}"));
            JsonObject hover = rpc.response(rpc.request("textDocument/hover", at)).getAsJsonObject("result");
            assertTrue(hover.getAsJsonObject("contents").get("value").getAsString().contains("MOVE48"));

            JsonObject completion = rpc.response(rpc.request("textDocument/completion", at)).getAsJsonObject("result");
            boolean offersMove48 = false;
            for (JsonElement e : completion.getAsJsonArray("items")) {
                offersMove48 |= e.getAsJsonObject().get("label").getAsString().equals("MOVE48");
            }
            assertTrue(offersMove48);

            JsonObject runParams = new JsonObject();
            runParams.addProperty("uri", uri);
            JsonObject run = rpc.response(rpc.request("csf/run", runParams)).getAsJsonObject("result");
            assertEquals("ok", run.getAsJsonObject("report").get("status").getAsString());
            String png = run.getAsJsonArray("renderTargets").get(0).getAsJsonObject().get("pngBase64").getAsString();
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(png)));
            assertEquals(0xffff0000, image.getRGB(8, 8));

            assertTrue(rpc.response(rpc.request("shutdown", null)).get("result").isJsonNull());
            rpc.notify("exit", null);
            assertTrue(server.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
    }

    private static String stringOf(JsonObject o, String member) {
        return o.has(member) && o.get(member).isJsonPrimitive() ? o.get(member).getAsString() : null;
    }
}
