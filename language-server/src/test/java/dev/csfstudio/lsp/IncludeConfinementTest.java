package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/** Without workspace folders a document includes only .csf files of its own directory tree. */
class IncludeConfinementTest {

    @TempDir
    Path dir;

    private static String messages(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(d -> d.getMessage().getLeft()).collect(Collectors.joining("\n"));
    }

    @Test
    void withoutRootsASiblingCsfFileIsIncluded() throws Exception {
        Files.writeString(dir.resolve("consts.csf"), ".equ N, 3\n");
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/more.csf"), ".equ M, 4\n");
        try (LspSession s = LspSession.startWithoutWorkspace(dir)) {
            String uri = s.open("main.csf", ".include \"consts.csf\"\n.include \"lib/more.csf\"\nMOVE32 r1, #N + M\n");
            assertEquals(List.of(), s.currentDiagnostics(uri).getDiagnostics());
        }
    }

    @Test
    void withoutRootsAFileAboveTheDocumentsDirectoryIsRefused() throws Exception {
        Files.writeString(dir.resolve("secret.csf"), ".equ SECRET, 42\n");
        try (LspSession s = LspSession.startWithoutWorkspace(dir)) {
            String uri = s.open("sub/evil.csf", ".include \"../secret.csf\"\n");
            String text = messages(s.currentDiagnostics(uri).getDiagnostics());
            assertTrue(text.contains("outside"), text);
            assertTrue(!text.contains("SECRET"), text);
        }
    }

    @Test
    void withoutRootsAFileThatIsNoCsfSourceIsRefusedEvenBesideTheDocument() throws Exception {
        // /etc/evil.csf must not read /etc/passwd: the same shape in a temporary directory.
        Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        try (LspSession s = LspSession.startWithoutWorkspace(dir)) {
            String uri = s.open("evil.csf", ".include \"passwd\"\n");
            List<Diagnostic> diagnostics = s.currentDiagnostics(uri).getDiagnostics();
            assertEquals(1, diagnostics.size(), messages(diagnostics));
            assertTrue(messages(diagnostics).contains(".csf"), messages(diagnostics));
            assertTrue(!messages(diagnostics).contains("root:x"), messages(diagnostics));
        }
    }

    @Test
    void documentWithoutAFileIncludesNothing() throws Exception {
        Files.writeString(Path.of("").toAbsolutePath().resolve("target").resolve("untitled-include.csf"),
                ".equ N, 1\n");
        try (LspSession s = LspSession.startWithoutWorkspace(dir)) {
            String uri = "untitled:Untitled-1";
            s.server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                    new TextDocumentItem(uri, "csf", 1, ".include \"target/untitled-include.csf\"\n")));
            String text = messages(s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics());
            assertTrue(text.contains("no file"), text);
        }
    }

    @Test
    void rootPathOfAnOlderClientIsAWorkspaceRoot() throws Exception {
        Files.writeString(dir.resolve("defs.inc"), ".equ N, 3\n");
        JsonObject init = RawServer.initializeParams();
        init.addProperty("rootPath", dir.toString());
        try (RawServer s = RawServer.initialized(init)) {
            String uri = s.open(DocumentStore.uriOf(dir.resolve("sub/main.csf")), ".include \"../defs.inc\"\nMOVE32 r1, #N\n");
            JsonObject published = s.rpc.await(m -> "textDocument/publishDiagnostics".equals(
                    m.has("method") ? m.get("method").getAsString() : null)
                    && m.getAsJsonObject("params").get("uri").getAsString().equals(uri));
            assertEquals(0, published.getAsJsonObject("params").getAsJsonArray("diagnostics").size(), published.toString());
        }
    }
}
