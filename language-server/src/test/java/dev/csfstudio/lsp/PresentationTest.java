package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeKind;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SemanticTokensRangeParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class PresentationTest {

    @TempDir
    Path root;

    @Test
    void semanticTokensClassifyMnemonicModifierRegisterAndLabel() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "loop: BRANCH.ne r4, loop\n");
            List<Integer> data = s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS).getData();
            // (deltaLine, deltaStart, length, type, modifiers) per token
            List<String> types = SemanticTokenService.TYPES;
            assertEquals(List.of(0, 0, 4, types.indexOf("function"), 1), data.subList(0, 5));
            assertEquals(List.of(0, 4, 1, types.indexOf("operator"), 0), data.subList(5, 10));
            assertEquals(List.of(0, 2, 6, types.indexOf("keyword"), 0), data.subList(10, 15));
            assertEquals(List.of(0, 6, 3, types.indexOf("enumMember"), 0), data.subList(15, 20));
            assertEquals(List.of(0, 4, 2, types.indexOf("parameter"), 0), data.subList(20, 25));
            assertEquals(List.of(0, 4, 4, types.indexOf("variable"), 0), data.subList(25, 30));
        }
    }

    @Test
    void semanticTokensOnLaterLinesAreRelativeToThePreviousToken() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "NOP ; hi\n.stream s\n");
            List<Integer> data = s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS).getData();
            List<String> types = SemanticTokenService.TYPES;
            assertEquals(List.of(0, 0, 3, types.indexOf("keyword"), 0, 0, 4, 4, types.indexOf("comment"), 0,
                    1, 0, 7, types.indexOf("macro"), 0, 0, 8, 1, types.indexOf("variable"), 0), data);
        }
    }

    @Test
    void semanticTokensAreAdvertisedForWholeDocumentsAndRanges() throws Exception {
        try (RawServer raw = RawServer.initialized()) {
            JsonObject provider = raw.capabilities.getAsJsonObject("semanticTokensProvider");
            assertEquals(JsonParser.parseString("true"), provider.get("full"), provider.toString());
            assertEquals(JsonParser.parseString("true"), provider.get("range"), provider.toString());
            assertEquals(SemanticTokenService.TYPES.size(),
                    provider.getAsJsonObject("legend").getAsJsonArray("tokenTypes").size());
        }
    }

    @Test
    void semanticTokensOfARangeAreThoseOfItsLinesCountedFromTheDocumentStart() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "NOP ; hi\n.stream s\n    MOVE32 r1, #2\n    NOP\n");
            List<Integer> data = s.server.getTextDocumentService().semanticTokensRange(new SemanticTokensRangeParams(
                    LspSession.id(uri), new Range(new Position(1, 0), new Position(2, 17)))).get(10, TimeUnit.SECONDS)
                    .getData();
            List<String> types = SemanticTokenService.TYPES;
            assertEquals(List.of(1, 0, 7, types.indexOf("macro"), 0, 0, 8, 1, types.indexOf("variable"), 0,
                    1, 4, 6, types.indexOf("keyword"), 0, 0, 7, 2, types.indexOf("parameter"), 0,
                    0, 5, 1, types.indexOf("number"), 0), data);
        }
    }

    @Test
    void semanticTokensOfTheWholeRangeEqualTheFullTokens() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String text = "loop: BRANCH.ne r4, loop ; c\n.buffer b, size=8\n    .word 1, 2\n";
            String uri = s.open("a.csf", text);
            List<Integer> full = s.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS).getData();
            List<Integer> range = s.server.getTextDocumentService().semanticTokensRange(new SemanticTokensRangeParams(
                    LspSession.id(uri), new Range(new Position(0, 0), new Position(3, 0)))).get(10, TimeUnit.SECONDS)
                    .getData();
            assertEquals(full, range);
        }
    }

    @Test
    void sectionsAndCommentBlocksFold() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "// one\n// two\n.stream main\n    NOP\n    NOP\n.buffer b, size=8\n    .word 1\n");
            List<FoldingRange> ranges = s.server.getTextDocumentService().foldingRange(new FoldingRangeRequestParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS);
            assertTrue(ranges.stream().anyMatch(r -> r.getStartLine() == 0 && r.getEndLine() == 1
                    && FoldingRangeKind.Comment.equals(r.getKind())), ranges.toString());
            assertTrue(ranges.stream().anyMatch(r -> r.getStartLine() == 2 && r.getEndLine() == 4), ranges.toString());
            assertTrue(ranges.stream().anyMatch(r -> r.getStartLine() == 5 && r.getEndLine() == 6), ranges.toString());
        }
    }

    @Test
    void inlayHintsShowTheWordAndTheResolvedBranchTarget() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "loop:\n    BRANCH.ne r4, loop ; back\n");
            List<InlayHint> hints = s.server.getTextDocumentService().inlayHint(new InlayHintParams(LspSession.id(uri),
                    new Range(new Position(0, 0), new Position(2, 0)))).get(10, TimeUnit.SECONDS);
            assertEquals(1, hints.size());
            assertEquals("0x160004003000ffff  → loop", hints.get(0).getLabel().getLeft());
            assertEquals(new Position(1, 22), hints.get(0).getPosition());
        }
    }

    @Test
    void inlayHintDataNamesEachPartOfTheLabel() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "loop:\n    BRANCH.ne r4, loop\n    NOP\n");
            List<InlayHint> hints = s.server.getTextDocumentService().inlayHint(new InlayHintParams(LspSession.id(uri),
                    new Range(new Position(0, 0), new Position(3, 0)))).get(10, TimeUnit.SECONDS);
            JsonObject branch = (JsonObject) hints.get(0).getData();
            assertEquals("0x160004003000ffff", branch.get(InlayHintService.WORD).getAsString());
            assertEquals("loop", branch.get(InlayHintService.TARGET).getAsString());
            JsonObject nop = (JsonObject) hints.get(1).getData();
            assertTrue(nop.has(InlayHintService.WORD) && !nop.has(InlayHintService.TARGET), nop.toString());
        }
    }

    @Test
    void runDebugAndAssembleLensesSitOnEachStream() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".stream main\n    NOP\n.stream other\n    NOP\n");
            List<? extends CodeLens> lenses = s.server.getTextDocumentService().codeLens(new CodeLensParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS);
            assertEquals(6, lenses.size());
            CodeLens run = lenses.get(3);
            assertEquals(2, run.getRange().getStart().getLine());
            assertEquals(CodeLensService.RUN, run.getCommand().getCommand());
            assertEquals("other", String.valueOf(run.getCommand().getArguments().get(1)).replace("\"", ""));
            assertEquals(CodeLensService.ASSEMBLE, lenses.get(5).getCommand().getCommand());
        }
    }

    @Test
    void theDebugLensNamesTheDocumentAndTheStreamForTheEditorsDebugCommand() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".stream main\n    NOP\n.stream other\n    NOP\n");
            List<? extends CodeLens> lenses = s.server.getTextDocumentService().codeLens(new CodeLensParams(
                    LspSession.id(uri))).get(10, TimeUnit.SECONDS);
            CodeLens debug = lenses.get(4);
            assertEquals("Debug", debug.getCommand().getTitle());
            assertEquals(CodeLensService.DEBUG, debug.getCommand().getCommand());
            assertEquals(2, debug.getRange().getStart().getLine());
            assertEquals(List.of(uri, "other"), debug.getCommand().getArguments().stream()
                    .map(a -> String.valueOf(a).replace("\"", "")).toList());
        }
    }
}
