package dev.csfstudio.debug;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RenderTargetsTest {

    @TempDir
    Path dir;

    private DapSession stoppedOn(int line) {
        return DapSession.stoppedAt(dir, "clear.csf", Streams.CLEAR, line);
    }

    private static int pixel(CsfDebugProtocol.RenderTargetImage image, int x, int y) throws Exception {
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.png())));
        return png.getRGB(x, y);
    }

    @Test
    void beforeTheClearTheTargetIsItsMemoryAsItIs() throws Exception {
        try (DapSession s = stoppedOn(11)) {
            var targets = DapSession.get(s.server.renderTargets()).targets();
            assertEquals(1, targets.size());
            assertEquals(4, targets.get(0).width());
            assertEquals(4, targets.get(0).height());
            assertEquals("R8G8B8A8", targets.get(0).format());
            assertEquals(0, pixel(targets.get(0), 0, 0));
        }
    }

    @Test
    void afterTheClearTheTargetIsRed() throws Exception {
        try (DapSession s = stoppedOn(13)) { // after the WAIT that completes the fragment job
            var targets = DapSession.get(s.server.renderTargets()).targets();
            assertEquals(0xffff0000, pixel(targets.get(0), 3, 3));
        }
    }

    @Test
    void withoutAFramebufferPointerThereAreNoTargetsAndTheProblemSaysWhy() throws Exception {
        try (DapSession s = stoppedOn(8)) {
            CsfDebugProtocol.RenderTargets answer = DapSession.get(s.server.renderTargets());
            assertTrue(answer.targets().isEmpty());
            assertTrue(answer.problem().startsWith("d40 = 0x0"), answer.problem());
        }
    }

    @Test
    void aDescriptorReadHasNoProblem() throws Exception {
        try (DapSession s = stoppedOn(11)) {
            assertNull(DapSession.get(s.server.renderTargets()).problem());
        }
    }

    @Test
    void aFramebufferPointerNotMappedInTheQueuesVmIsTheProblem() throws Exception {
        String wrongVm = """
                .buffer color, size=16 * 16 * 4
                .buffer fb, align=64
                fbd:
                    .fbd width=16, height=16
                    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16 * 4
                .vm other
                .stream job
                    MOVE48  d40, fbd(fbd)
                    RUN_FRAGMENT
                .queue gpu, vm=other
                .submit gpu, job
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "wrong-vm.csf", wrongVm, 9)) {
            CsfDebugProtocol.RenderTargets answer = DapSession.get(s.server.renderTargets());
            assertTrue(answer.targets().isEmpty());
            assertTrue(answer.problem().contains("cannot be read") && answer.problem().contains("other"),
                    answer.problem());
        }
    }

    @Test
    void aClearColourPokedIntoTheRenderTargetDescriptorIsTheNewImage() throws Exception {
        try (DapSession s = stoppedOn(11)) {
            var fb = s.scope(1, "Framebuffer (d40)");
            var a = new org.eclipse.lsp4j.debug.SetVariableArguments();
            a.setVariablesReference(fb.get("render target 0").getVariablesReference());
            a.setName("clear0");
            a.setValue("0xff00ff00");
            assertEquals("0xff00ff00 (4278255360)", DapSession.get(s.server.setVariable(a)).getValue());
            s.next(1);
            s.next(1); // the WAIT: the fragment job completes
            var targets = DapSession.get(s.server.renderTargets()).targets();
            assertEquals(0xff00ff00, pixel(targets.get(0), 2, 1));
        }
    }

    @Test
    void theEndOfASessionNamesNoFileTheSessionDidNotWrite() throws Exception {
        try (DapSession s = DapSession.on(dir, "clear.csf", Streams.CLEAR).launch()) {
            s.configurationDone();
            assertEquals(0, s.ended());
            String console = String.join("", s.console());
            assertTrue(console.contains("render target color: 4x4 R8G8B8A8"), console);
            assertTrue(!console.contains(".png") && !console.contains("see report.json"), console);
            assertTrue(console.contains("render-target panel"), console);
        }
    }
}
