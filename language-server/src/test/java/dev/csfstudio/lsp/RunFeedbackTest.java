package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

class RunFeedbackTest {

    @TempDir
    Path root;

    /** glClear of a 16x16 RGBA8 linear target to opaque red. */
    static final String CLEAR = """
            .buffer color, size=16 * 16 * 4
            .buffer fb, align=64
            fbd:
                .fbd width=16, height=16
                .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=0xff0000ff
            .stream main
                MOVE48  d40, fbd(fbd)
                MOVE32  r42, #0
                MOVE32  r43, #0xf000f
                RUN_FRAGMENT.tile_order=zorder
            """;

    private static JsonObject backgroundOn() {
        JsonObject o = new JsonObject();
        o.addProperty("runDelayMs", 20);
        return o;
    }

    @Test
    void csfRunReturnsTheReportAndTheRenderTargetAsPng() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("clear.csf", CLEAR);
            JsonObject params = new JsonObject();
            params.addProperty("uri", uri);
            JsonObject result = s.server.run(params).get(30, TimeUnit.SECONDS);
            assertEquals("ok", result.getAsJsonObject("report").get("status").getAsString());
            JsonObject rt = result.getAsJsonArray("renderTargets").get(0).getAsJsonObject();
            assertEquals("color", rt.get("buffer").getAsString());
            BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(rt.get("pngBase64").getAsString())));
            assertEquals(16, png.getWidth());
            for (int y = 0; y < 16; y++) {
                for (int x = 0; x < 16; x++) {
                    assertEquals(0xffff0000, png.getRGB(x, y), "pixel " + x + "," + y);
                }
            }
        }
    }

    @Test
    void runCommandAnswersLikeTheRunRequest() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("clear.csf", CLEAR);
            Object result = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(CodeLensService.RUN,
                    List.of(uri))).get(30, TimeUnit.SECONDS);
            assertEquals("ok", ((Map<?, ?>) ((Map<?, ?>) result).get("report")).get("status"));
        }
    }

    @Test
    void assembleCommandListsSectionsWithAddresses() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("clear.csf", CLEAR);
            Object result = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(
                    CodeLensService.ASSEMBLE, List.of(uri))).get(30, TimeUnit.SECONDS);
            Map<?, ?> map = (Map<?, ?>) result;
            assertEquals(true, map.get("ok"));
            List<?> sections = (List<?>) map.get("sections");
            assertEquals("main", ((Map<?, ?>) sections.get(2)).get("name"));
            assertEquals("0x1000002000", ((Map<?, ?>) sections.get(2)).get("address"));
        }
    }

    @Test
    void backgroundRunReportsItsStatusAfterEditsSettle() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("clear.csf", CLEAR);
            JsonObject run = s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            assertEquals("ok", run.get("status").getAsString());
            assertEquals("color", run.getAsJsonArray("renderTargets").get(0).getAsJsonObject().get("buffer").getAsString());
        }
    }

    @Test
    void runtimeFaultBecomesADiagnosticOnTheFaultingLine() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("fault.csf", "MOVE48 d76, #0x7000000000\nLOAD_MULTIPLE r0:r1, [d76 + 0]\n");
            Diagnostic d = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Error, d.getSeverity());
            assertEquals(1, d.getRange().getStart().getLine());
            assertTrue(d.getMessage().getLeft().contains("translation"), d.getMessage().getLeft());
        }
    }

    @Test
    void faultTheStreamExpectsIsInformationAndItsRunSaysSo() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("fault.csf", "MOVE48 d76, #0x7000000000\nLOAD_MULTIPLE r0:r1, [d76 + 0]\n"
                    + ".expect fault translation, line=2\n");
            Diagnostic d = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Information, d.getSeverity());
            assertEquals(1, d.getRange().getStart().getLine());
            assertTrue(d.getMessage().getLeft().endsWith("(as the stream expects)"), d.getMessage().getLeft());
            JsonObject run = s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            assertEquals("fault", run.get("status").getAsString());
            assertTrue(run.get("expected").getAsBoolean(), run.toString());
        }
    }

    @Test
    void theWrongVmExampleFaultsAsItExpectsAndIsMarkedAsInformation() throws Exception {
        String text = java.nio.file.Files.readString(Path.of("../examples/debug/wrong-vm.csf"));
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("wrong-vm.csf", text);
            List<Diagnostic> all = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics();
            assertEquals(1, all.size(), all.toString());
            assertEquals(DiagnosticSeverity.Information, all.get(0).getSeverity());
            assertEquals(18, all.get(0).getRange().getStart().getLine());
        }
    }

    @Test
    void faultOfAnotherKindThanTheStreamExpectsStaysAnError() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("fault.csf", "MOVE48 d76, #0x7000000000\nLOAD_MULTIPLE r0:r1, [d76 + 0]\n"
                    + ".expect fault unaligned_access\n");
            List<Diagnostic> all = s.client.awaitDiagnostics(uri, p -> p.getDiagnostics().size() == 2).getDiagnostics();
            assertTrue(all.stream().allMatch(d -> d.getSeverity() == DiagnosticSeverity.Error), all.toString());
            assertEquals(false, s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri)).get("expected")
                    .getAsBoolean());
        }
    }

    @Test
    void endlessLoopIsABackgroundTimeoutWarning() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("loop.csf", "loop:\n    BRANCH.always r0, loop\n");
            Diagnostic d = s.client.awaitDiagnostics(uri, p -> !p.getDiagnostics().isEmpty()).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Warning, d.getSeverity());
            assertTrue(d.getMessage().getLeft().contains("did not finish"), d.getMessage().getLeft());
        }
    }

    @Test
    void newerEditCancelsARunningOlderRun() throws Exception {
        JsonObject options = backgroundOn();
        options.addProperty("backgroundSteps", Long.MAX_VALUE);
        try (LspSession s = LspSession.start(root, options)) {
            String uri = s.open("loop.csf", "loop:\n    BRANCH.always r0, loop\n");
            Thread.sleep(300); // the endless run is under way
            int fixed = s.edit(uri, 1, 11, 1, 17, "ne   "); // r0 is 0: never taken
            JsonObject run = s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            assertEquals(fixed, run.get("version").getAsInt());
            assertEquals("ok", run.get("status").getAsString());
        }
    }

    @Test
    void registerHoverAndInlayHintsShowValuesFromTheLastRun() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("regs.csf", "MOVE32 r42, #0x1234\n");
            s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            String hover = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(0, 8)))
                    .get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertTrue(hover.contains("After the last run: `0x1234`"), hover);
            List<InlayHint> hints = s.server.getTextDocumentService().inlayHint(new InlayHintParams(LspSession.id(uri),
                    new Range(new Position(0, 0), new Position(1, 0)))).get(10, TimeUnit.SECONDS);
            assertTrue(hints.get(0).getLabel().getLeft().contains("r42=0x1234"), hints.get(0).getLabel().getLeft());
        }
    }

    @Test
    void hoverOnARunShowsWhatItsJobReadInTheLastRun() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("job.csf", "MOVE32 r33, 7\nRUN_COMPUTE #1\nNOP\n");
            s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            String hover = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(1, 3)))
                    .get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertTrue(hover.contains("Job inputs after the last run") && hover.contains("job 1 RUN_COMPUTE (queue main)")
                    && hover.contains("wg_size r33 = 0x7") && hover.contains("workgroup_size_x=8"), hover);
            assertTrue(hover.contains("spd (d16): null pointer deref") || hover.contains("XXX: null pointer deref"), hover);
            String nop = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(2, 1)))
                    .get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertFalse(nop.contains("Job inputs"), nop);
        }
    }

    @Test
    void hoverOnAWaitShowsWhatItWaitedForInTheLastRun() throws Exception {
        try (LspSession s = LspSession.start(root, backgroundOn())) {
            String uri = s.open("wait.csf", ".buffer data, size=16\n    .word 7\n.stream main\n    MOVE48 d2, data\n"
                    + "    LOAD_MULTIPLE r0, [d2]\n    WAIT #0x1\n    WAIT #0x1\n");
            s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            String first = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(5, 5)))
                    .get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertTrue(first.contains("Waited for in the last run")
                    && first.contains("queue main: LOAD_MULTIPLE line 5 (entry 0)"), first);
            String second = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(6, 5)))
                    .get(10, TimeUnit.SECONDS).getContents().getRight().getValue();
            assertTrue(second.contains("queue main: nothing in flight"), second);
        }
    }

    @Test
    void runOfADocumentWithErrorsIsRefusedWithTheFirstError() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("bad.csf", "NOPE\n");
            JsonObject params = new JsonObject();
            params.addProperty("uri", uri);
            var e = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> s.server.run(params).get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("does not assemble"), e.getCause().getMessage());
        }
    }

    @Test
    void runLensOfAStreamRunsThatStream() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("two.csf", ".stream main\n    MOVE32 r1, #1\n.stream other\n    MOVE32 r1, #2\n");
            Object result = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(CodeLensService.RUN,
                    List.of(uri, "other"))).get(30, TimeUnit.SECONDS);
            List<?> registers = (List<?>) ((Map<?, ?>) ((Map<?, ?>) result).get("report")).get("registers");
            assertEquals(2.0, registers.get(1));
        }
    }

    @Test
    void burstOfEditsRunsOnlyTheVersionTheEditsSettleOn() throws Exception {
        JsonObject options = new JsonObject();
        options.addProperty("runDelayMs", 300);
        try (LspSession s = LspSession.start(root, options)) {
            String uri = s.open("regs.csf", "MOVE32 r1, #1\n");
            s.client.awaitRun(r -> r.get("uri").getAsString().equals(uri));
            Thread.sleep(400);
            s.edit(uri, 0, 12, 0, 13, "2");
            int middle = s.edit(uri, 0, 12, 0, 13, "3");
            int last = s.edit(uri, 0, 12, 0, 13, "4");
            JsonObject run = s.client.awaitRun(r -> r.get("version").getAsInt() == last);
            assertEquals("ok", run.get("status").getAsString());
            assertTrue(s.client.runs.stream().noneMatch(r -> r.get("version").getAsInt() == middle), s.client.runs.toString());
        }
    }
}
