package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/** A document's .expect lines in the editor: diagnostics with what the run got, ✓ hints, the lens, csf/test, goldens. */
class StreamTestFeedbackTest {

    @TempDir
    Path root;

    /** RunFeedbackTest's red clear, then r4 = 7: expectations start on line 11 (0-based 10). */
    private static final String CLEAR = RunFeedbackTest.CLEAR + "    MOVE32 r4, #7\n";

    private static JsonObject backgroundOn() {
        JsonObject o = new JsonObject();
        o.addProperty("runDelayMs", 20);
        return o;
    }

    private static JsonObject uri(String uri) {
        JsonObject p = new JsonObject();
        p.addProperty("uri", uri);
        return p;
    }

    @Test
    void aFailedExpectationIsAnErrorOnItsLineWithWhatTheRunGot() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("t.csf", CLEAR + ".expect r4 == 7\n.expect r4 == 5\n");
            Diagnostic d = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Error, d.getSeverity());
            assertEquals(12, d.getRange().getStart().getLine());
            assertEquals("r4 == 5: got 7 (0x7), expected 5 (0x5)", d.getMessage().getLeft());
            assertEquals("expectation-failed", d.getCode().getLeft());
        }
    }

    @Test
    void aPassingExpectationShowsATick() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("t.csf", CLEAR + ".expect r4 == 7   ; seven\n");
            s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            List<InlayHint> hints = s.server.getTextDocumentService().inlayHint(new InlayHintParams(LspSession.id(uri),
                    new Range(new Position(11, 0), new Position(12, 0)))).get(10, TimeUnit.SECONDS);
            InlayHint tick = hints.stream().filter(h -> h.getPosition().getLine() == 11).findFirst().orElseThrow();
            assertEquals("✓ 7 (0x7)", tick.getLabel().getLeft());
            assertEquals(15, tick.getPosition().getCharacter()); // before the comment
        }
    }

    @Test
    void filesWithExpectationsGetARunTestLens() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String test = s.open("t.csf", CLEAR + ".expect r4 == 7\n");
            String plain = s.open("p.csf", CLEAR);
            List<? extends CodeLens> lenses = s.server.getTextDocumentService().codeLens(new CodeLensParams(
                    LspSession.id(test))).get(10, TimeUnit.SECONDS);
            CodeLens lens = lenses.stream().filter(l -> l.getCommand().getCommand().equals(StreamTestService.RUN_TEST))
                    .findFirst().orElseThrow();
            assertEquals("▶ Run test", lens.getCommand().getTitle());
            assertEquals(11, lens.getRange().getStart().getLine());
            assertTrue(s.server.getTextDocumentService().codeLens(new CodeLensParams(LspSession.id(plain)))
                    .get(10, TimeUnit.SECONDS).stream().noneMatch(l -> l.getCommand().getCommand()
                            .equals(StreamTestService.RUN_TEST)));
        }
    }

    @Test
    void csfTestAnswersEachExpectationAndTheLensCommandAlike() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("t.csf", CLEAR + ".expect r4 == 7\n.expect pixel color(0, 0) == (0, 0, 0, 0)\n");
            JsonObject answer = s.server.test(uri(uri)).get(30, TimeUnit.SECONDS);
            assertFalse(answer.get("passed").getAsBoolean());
            assertEquals("ok", answer.get("status").getAsString());
            JsonObject second = answer.getAsJsonArray("expectations").get(1).getAsJsonObject();
            assertEquals(12, second.get("line").getAsInt());
            assertEquals("(255, 0, 0, 255)", second.get("actual").getAsString());
            assertTrue(answer.getAsJsonArray("expectations").get(0).getAsJsonObject().get("passed").getAsBoolean());
            Object viaCommand = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(
                    StreamTestService.RUN_TEST, List.of(uri))).get(30, TimeUnit.SECONDS);
            assertEquals(false, ((Map<?, ?>) viaCommand).get("passed"));
        }
    }

    @Test
    void csfTestOfADocumentThatDoesNotAssembleListsItsErrors() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("t.csf", ".expect r200 == 1\n");
            JsonObject answer = s.server.test(uri(uri)).get(30, TimeUnit.SECONDS);
            assertFalse(answer.get("passed").getAsBoolean());
            JsonObject error = answer.getAsJsonArray("errors").get(0).getAsJsonObject();
            assertEquals(0, error.get("line").getAsInt());
            assertTrue(error.get("message").getAsString().contains("r200 out of range"), error.toString());
        }
    }

    @Test
    void anImageMismatchOffersToUpdateTheGoldenAndThenPasses() throws Exception {
        Files.write(root.resolve("golden.png"), dev.csfstudio.runtime.PngEncoder.encode(1, 1, new int[] {0}));
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("img.csf", CLEAR + ".expect image color == \"golden.png\"\n");
            Diagnostic d = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics().get(0);
            assertEquals("expectation-image", d.getCode().getLeft());
            assertTrue(d.getMessage().getLeft().contains("got a 16x16 image, the golden is 1x1"), d.getMessage().getLeft());
            List<Either<org.eclipse.lsp4j.Command, CodeAction>> actions = s.server.getTextDocumentService().codeAction(
                    new CodeActionParams(LspSession.id(uri), d.getRange(), new CodeActionContext(List.of(d))))
                    .get(10, TimeUnit.SECONDS);
            CodeAction fix = actions.stream().filter(Either::isRight).map(Either::getRight)
                    .filter(a -> a.getTitle().equals("Update golden image from this run")).findFirst().orElseThrow();
            s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(fix.getCommand().getCommand(),
                    fix.getCommand().getArguments())).get(30, TimeUnit.SECONDS);
            assertEquals(16, javax.imageio.ImageIO.read(root.resolve("golden.png").toFile()).getWidth());
            s.client.awaitDiagnostics(uri, p -> p.getDiagnostics().isEmpty());
        }
    }

    @Test
    void completionOffersSubjectsAfterExpectAndHoverDescribesIt() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("t.csf", ".expect \n");
            List<String> labels = s.server.getTextDocumentService().completion(new org.eclipse.lsp4j.CompletionParams(
                    LspSession.id(uri), new Position(0, 8))).get(10, TimeUnit.SECONDS).getRight().getItems().stream()
                    .map(org.eclipse.lsp4j.CompletionItem::getLabel).toList();
            assertTrue(labels.containsAll(List.of("status", "pixel", "image", "word", "instructions")), labels::toString);
            String hover = s.server.getTextDocumentService().hover(new org.eclipse.lsp4j.HoverParams(LspSession.id(uri),
                    new Position(0, 3))).get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertTrue(hover.contains("what a run must end with"), hover);
        }
    }

    @Test
    void formattingKeepsTheWholeExpectation() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("t.csf", "  .expect   word [color+4]==1 , vm=main\n");
            List<? extends org.eclipse.lsp4j.TextEdit> edits = s.server.getTextDocumentService().formatting(
                    new org.eclipse.lsp4j.DocumentFormattingParams(LspSession.id(uri),
                            new org.eclipse.lsp4j.FormattingOptions(4, true))).get(10, TimeUnit.SECONDS);
            assertTrue(edits.stream().anyMatch(e -> e.getNewText().contains(".expect word [color+4] == 1, vm=main")),
                    edits::toString);
        }
    }

    @Test
    void csfTestRunsAFileNobodyOpenedAsSaved() throws Exception {
        Path file = Files.writeString(root.resolve("saved.csf"), CLEAR + ".expect r4 == 7\n");
        try (LspSession s = LspSession.start(root)) {
            JsonObject answer = s.server.test(uri(file.toUri().toString())).get(30, TimeUnit.SECONDS);
            assertTrue(answer.get("passed").getAsBoolean(), answer::toString);
            assertEquals(1, answer.getAsJsonArray("expectations").size());
        }
    }
}
