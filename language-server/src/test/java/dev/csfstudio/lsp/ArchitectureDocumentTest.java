package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each document is edited with its architecture's tables (its program's arch; the client's {@code arch}
 * initialization option is the default): registers, mnemonics, hover, signatures and semantic tokens.
 */
class ArchitectureDocumentTest {

    @TempDir
    Path root;

    private LspSession session(String arch) {
        JsonObject options = new JsonObject();
        options.addProperty("backgroundRun", false);
        if (arch != null) {
            options.addProperty("arch", arch);
        }
        return LspSession.start(root, options);
    }

    private static List<String> completions(LspSession s, String uri, int line, int col) throws Exception {
        s.diagnostics(uri); // the document's analysis, and with it its architecture, is known
        return s.server.getTextDocumentService().completion(new CompletionParams(LspSession.id(uri),
                new Position(line, col))).get(10, TimeUnit.SECONDS).getRight().getItems().stream()
                .map(CompletionItem::getLabel).toList();
    }

    private static String hover(LspSession s, String uri, int line, int col) throws Exception {
        s.diagnostics(uri);
        Hover h = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(line, col)))
                .get(10, TimeUnit.SECONDS);
        return h == null ? "" : h.getContents().getRight().getValue();
    }

    /** The semantic token type of each token, in order. */
    private static List<String> tokenTypes(LspSession s, String uri) throws Exception {
        s.diagnostics(uri);
        List<Integer> data = s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(
                LspSession.id(uri))).get(10, TimeUnit.SECONDS).getData();
        List<String> types = new java.util.ArrayList<>();
        for (int i = 3; i < data.size(); i += 5) {
            types.add(SemanticTokenService.TYPES.get(data.get(i)));
        }
        return types;
    }

    @Test
    void aV12DocumentIsOfferedV12sRegisters() throws Exception {
        try (LspSession s = session("v12")) {
            String uri = s.open("a.csf", "    MOVE32 \n");
            List<String> got = completions(s, uri, 0, 11);
            assertTrue(got.containsAll(List.of("r100", "r127")), got.toString());
            assertFalse(got.contains("r128"), got.toString());
        }
    }

    @Test
    void aV10DocumentIsNotOfferedR100() throws Exception {
        try (LspSession s = session(null)) {
            String uri = s.open("a.csf", "    MOVE32 \n");
            List<String> got = completions(s, uri, 0, 11);
            assertTrue(got.contains("r95"), got.toString());
            assertFalse(got.contains("r96") || got.contains("r100"), got.toString());
        }
    }

    @Test
    void mnemonicsAreTheArchitecturesOwn() throws Exception {
        try (LspSession v12 = session("v12"); LspSession v10 = session("v10")) {
            String a = v12.open("a.csf", "    LO\n");
            assertTrue(completions(v12, a, 0, 6).contains("LOGIC_OP32"));
            String b = v10.open("b.csf", "    LO\n");
            assertFalse(completions(v10, b, 0, 6).contains("LOGIC_OP32"));
        }
    }

    @Test
    void hoverOnARegisterSaysWhetherTheArchitectureHasIt() throws Exception {
        try (LspSession v12 = session("v12"); LspSession v10 = session(null)) {
            String a = v12.open("a.csf", "    MOVE32 r100, #1\n");
            assertFalse(hover(v12, a, 0, 13).contains("out of range"), hover(v12, a, 0, 13));
            String b = v10.open("b.csf", "    MOVE32 r100, #1\n");
            assertTrue(hover(v10, b, 0, 13).contains("out of range: v10 has r0..r95"), hover(v10, b, 0, 13));
        }
    }

    @Test
    void signatureHelpKnowsV12Instructions() throws Exception {
        try (LspSession s = session("v12")) {
            String uri = s.open("a.csf", "    MOVE_REG32 r1, \n");
            s.diagnostics(uri);
            SignatureHelp help = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(
                    LspSession.id(uri), new Position(0, 19))).get(10, TimeUnit.SECONDS);
            assertTrue(help.getSignatures().get(0).getLabel().startsWith("MOVE_REG32"),
                    help.getSignatures().get(0).getLabel());
        }
    }

    @Test
    void semanticTokensCallWhatTheArchitectureLacksANameNotAKeywordOrRegister() throws Exception {
        String line = "    LOGIC_OP32.xor r1, r2, r100\n";
        try (LspSession v12 = session("v12"); LspSession v10 = session(null)) {
            assertEquals(List.of("keyword", "enumMember", "parameter", "parameter", "parameter"),
                    tokenTypes(v12, v12.open("a.csf", line)));
            assertEquals(List.of("variable", "parameter", "parameter", "variable"),
                    tokenTypes(v10, v10.open("b.csf", line)));
        }
    }

    @Test
    void anUnknownArchitectureOptionIsRefusedAtInitialize() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> session("v11").close());
        assertTrue(String.valueOf(e.getCause()).contains("expected one of v10, v12, v13"), String.valueOf(e.getCause()));
    }
}
