package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.SetVariableArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** README's "Debugging" walkthrough, step by step, on the bundled examples. */
class WalkthroughTest {

    static Path example(String name) {
        Path corpus = Path.of(System.getProperty("csf.corpus", "../src/test/csf"));
        return corpus.toAbsolutePath().normalize().getParent().getParent().getParent().resolve("examples").resolve(name);
    }

    private static DapSession session(String example) throws Exception {
        Path file = example(example);
        return DapSession.on(file.getParent(), file.getFileName().toString(), Files.readString(file));
    }

    private static String evaluate(DapSession s, String expression) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(expression);
        a.setFrameId(s.top(1).getId());
        a.setContext("repl");
        return DapSession.get(s.server.evaluate(a)).getResult();
    }

    private static int firstPixel(DapSession s) throws Exception {
        String png = DapSession.get(s.server.renderTargets()).targets().get(0).png();
        return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(png))).getRGB(0, 0);
    }

    @Test
    void theClearExampleStopsOnTheFragmentJobAndItsImageCanBeChangedAndUndone() throws Exception {
        try (DapSession s = session("clear.csf").launch()) {
            s.breakpoints(s.file, 24);
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertEquals("queue main (stopped on breakpoint)", DapSession.get(s.server.threads()).getThreads()[0].getName());
            var frames = s.frames(1);
            assertEquals(List.of("main @ 0x1000002018", "ring buffer of queue main"),
                    frames.stream().map(f -> f.getName()).toList());
            assertEquals(evaluate(s, "dword [fbd]"), evaluate(s, "dword [d40 & ~63]"));
            assertEquals("0x000f000f (983055)", s.register(1, "r43"));
            assertTrue(s.scope(1, "Framebuffer (d40)").get("render target 0").getValue().startsWith("16x16 R8G8B8A8 at "));
            assertEquals("0x0000000000000000 (0)", evaluate(s, "word [color]"));

            s.next(1);
            assertEquals("0x0000000000000000 (0)", evaluate(s, "word [color]"), "the job is in flight until its WAIT");
            s.next(1);
            assertEquals("0x00000000ff0000ff (4278190335)", evaluate(s, "word [color]"));
            assertEquals(0xffff0000, firstPixel(s));

            s.stepBack(1);
            s.stepBack(1);
            DapSession.assertLine(24, s.top(1));
            assertEquals("0x0000000000000000 (0)", evaluate(s, "word [color]"));

            SetVariableArguments clear = new SetVariableArguments();
            clear.setVariablesReference(s.scope(1, "Framebuffer (d40)").get("render target 0").getVariablesReference());
            clear.setName("clear0");
            clear.setValue("0xff00ff00");
            DapSession.get(s.server.setVariable(clear));
            s.next(1);
            s.next(1);
            assertEquals(0xff00ff00, firstPixel(s));
        }
    }

    @Test
    void theWrongVmExampleFaultsAndTheWalkShowsTheDescriptorIsNotMappedInTheQueuesVm() throws Exception {
        try (DapSession s = session("debug/wrong-vm.csf").launch()) {
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            DapSession.assertLine(19, s.top(1));
            assertTrue(e.getDescription().contains("VM other"), e.getDescription());
            String walk = evaluate(s, "walk d40");
            assertTrue(walk.startsWith("VA 0x"), walk);
            assertTrue(walk.contains("in VM other"), walk);
            assertTrue(walk.contains("invalid"), walk);
        }
    }
}
