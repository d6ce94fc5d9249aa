package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.eclipse.run.RunViewModel;

class RunViewModelTest {

    static final String RED_2X2 = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8DwH4QZYAwAR8oH+WdZbrcAAAAASUVORK5CYII=";

    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    /** The adapter's csf/renderTargets answer as the debugger's DAP connection reads it (Gson, into the record). */
    private static CsfDebugProtocol.RenderTargets renderTargets(String s) {
        return new Gson().fromJson(json(s), CsfDebugProtocol.RenderTargets.class);
    }

    @Test
    void statusAndInstructionCountMakeTheStatusLine() {
        RunViewModel m = RunViewModel.from("clear.csf", json("{report: {status: 'ok', instructions: 1234567}, renderTargets: []}"));
        assertEquals("ok", m.status());
        assertEquals("completed \u2014 1,234,567 instructions executed", m.statusLine());
        assertEquals("CSF run: clear.csf", m.title());
    }

    @Test
    void renderTargetPngIsDecodedAndScaledUpWhenSmall() {
        RunViewModel m = RunViewModel.from("clear.csf", json("{report: {status: 'ok', instructions: 7, render_targets: "
                + "[{buffer: 'color', format: 'R8G8B8A8', layout: 'linear'}]}, renderTargets: "
                + "[{buffer: 'color', width: 16, height: 16, pngBase64: '" + RED_2X2 + "'}]}"));
        RunViewModel.Target t = m.targets().get(0);
        assertEquals(0x89, t.png()[0] & 0xff);
        assertEquals('P', t.png()[1]);
        assertEquals(16, t.scale());
        assertTrue(t.caption().startsWith("color: 16\u00d716 \u00b7 R8G8B8A8 \u00b7 linear"), t.caption());
    }

    @Test
    void aDebugStopsRenderTargetsBecomeTheViewsTargets() {
        RunViewModel m = RunViewModel.fromRenderTargets("Debug clear.csf", "stopped (breakpoint)", false, renderTargets(
                "{targets: [{index: 0, width: 16, height: 16, format: 'R8G8B8A8_UNORM', png: '" + RED_2X2 + "'}]}"));
        assertEquals("CSF debug: Debug clear.csf", m.title());
        assertEquals("stopped (breakpoint): the render targets' memory now", m.statusLine());
        RunViewModel.Target t = m.targets().get(0);
        assertEquals('P', t.png()[1]);
        assertEquals("RT 0: 16\u00d716 R8G8B8A8_UNORM (shown at 16\u00d7)", t.caption());
    }

    @Test
    void aDebugStopWithoutFramebufferSaysWhyThereIsNoImage() {
        RunViewModel m = RunViewModel.fromRenderTargets("s", "stopped (entry)", false, renderTargets("{targets: [], notes: []}"));
        assertTrue(m.targets().isEmpty());
        assertTrue(m.details().contains("has no colour target"), m.details());
        assertEquals("ok", m.status());
    }

    @Test
    void aDescriptorTheAdapterCouldNotReadIsSaidInAFaultsColours() {
        String problem = "the framebuffer descriptor d40 points at cannot be read: GPU VA 0x1000000000 is not mapped in VM other";
        RunViewModel m = RunViewModel.fromRenderTargets("s", "stopped (breakpoint)", false,
                renderTargets("{targets: [], notes: [], problem: '" + problem + "'}"));
        assertEquals("No render targets: " + problem, m.fault(), "the view shows the fault text in red");
        assertFalse(m.details().contains("points at no"), m.details());
    }

    @Test
    void aFaultsStopIsAFaultNotASuccess() {
        RunViewModel m = RunViewModel.fromRenderTargets("s", "faulted (translation fault)", true, renderTargets("{targets: [], notes: []}"));
        assertEquals("fault", m.status(), "the view colours the status line red");
        assertEquals("faulted (translation fault): the render targets' memory now", m.statusLine());
    }

    @Test
    void largeTargetsShowAtOneToOne() {
        assertEquals(1, RunViewModel.displayScale(3840, 2160));
        assertEquals(2, RunViewModel.displayScale(100, 20));
    }

    @Test
    void missingOrBrokenImageHasNoBytes() {
        assertNull(RunViewModel.decodePng("not base64!"));
        assertNull(RunViewModel.decodePng("AAAA"));
        assertNull(RunViewModel.decodePng(null));
        assertNotNull(RunViewModel.decodePng(RED_2X2));
    }

    @Test
    void faultShowsKindMessagePositionAndCallChain() {
        RunViewModel m = RunViewModel.from("x.csf", json("{report: {status: 'fault', instructions: 3, fault: {kind: 'mmu', "
                + "message: 'translation fault at 0x1000', position: '/w/x.csf:12:5', call_chain: ['main:4']}}}"));
        assertTrue(m.fault().startsWith("Fault (mmu): translation fault at 0x1000"), m.fault());
        assertTrue(m.fault().contains("at: /w/x.csf:12:5"), m.fault());
        assertTrue(m.fault().contains("main:4"), m.fault());
        assertTrue(m.text().contains(m.fault()));
    }

    @Test
    void nonZeroRegistersAreListed() {
        RunViewModel m = RunViewModel.from("x.csf", json("{report: {status: 'ok', instructions: 1, registers: [0, 0, -1]}}"));
        assertTrue(m.details().contains("r2   0xffffffff  4294967295"), m.details());
    }

    @Test
    void failedRequestBecomesAnErrorModel() {
        RunViewModel m = RunViewModel.error("x.csf", "the document does not assemble: unknown mnemonic 'FROB'");
        assertTrue(m.failed());
        assertTrue(m.statusLine().contains("unknown mnemonic 'FROB'"));
        assertTrue(m.targets().isEmpty());
    }
}
