package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runtime's end-to-end scenarios (faults, deadlocks, queues, VMs), each a stream in {@code src/test/csf/run-*.csf}. */
class CorpusScenarioTest {

    static final int RED = 0xff0000ff, GREEN = 0xff00ff00, BLUE = 0xffff0000;

    static RenderTarget target(RunReport r, String buffer) {
        return r.renderTargets().stream().filter(t -> t.buffer().equals(buffer)).findFirst()
                .orElseThrow(() -> new AssertionError("no render target " + buffer + " in " + r.renderTargets()));
    }

    static void assertOk(RunReport r) {
        assertEquals(RunStatus.OK, r.status(), () -> r.fault() == null ? "" : r.fault().message());
    }

    @Test
    void glClearMakesEveryPixelOpaqueRed() {
        RunReport r = Corpus.run("run-clear-16x16.csf");
        assertOk(r);
        RenderTarget rt = target(r, "color");
        assertEquals(16, rt.width());
        assertTrue(Arrays.stream(rt.pixels()).allMatch(p -> p == RED));
        assertEquals(7, r.instructions());
    }

    @Test
    void tiledClearColoursOnlyTheBoundingBox() {
        RunReport r = Corpus.run("run-tiled-bbox-64x64.csf");
        assertOk(r);
        RenderTarget rt = target(r, "color");
        assertEquals(RenderTarget.Layout.TILED_U_INTERLEAVED, rt.layout());
        int[] px = rt.pixels();
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                boolean inside = x >= 8 && x <= 40 && y >= 4 && y <= 50;
                assertEquals(inside ? GREEN : 0, px[y * 64 + x], "pixel " + x + "," + y);
            }
        }
    }

    @Test
    void twoRenderTargetsInDifferentFormatsAreCleared() {
        RunReport r = Corpus.run("run-two-render-targets.csf");
        assertOk(r);
        assertTrue(Arrays.stream(target(r, "color0").pixels()).allMatch(p -> p == RED));
        assertTrue(Arrays.stream(target(r, "color1").pixels()).allMatch(p -> p == GREEN));
        assertEquals("R5G6B5", target(r, "color1").format().name());
    }

    @Test
    void branchLoopClearsEachFramebuffer() {
        RunReport r = Corpus.run("run-branch-loop-clears.csf");
        assertOk(r);
        assertEquals(RED, target(r, "c0").pixels()[15]);
        assertEquals(GREEN, target(r, "c1").pixels()[15]);
        assertEquals(BLUE, target(r, "c2").pixels()[15]);
        assertEquals(0, r.registers()[0]);
    }

    @Test
    void callIntoASecondStreamAndAJumpChunkChain() {
        RunReport r = Corpus.run("run-call-and-jump-chain.csf");
        assertOk(r);
        assertEquals(RED, target(r, "color").pixels()[0]);
        assertEquals(2, r.registers()[2]);
        assertEquals(0, r.registers()[1], "JUMP never returns to main");
    }

    @Test
    void framebufferPointerLoadedFromAContextSetByAnEarlierJob() {
        RunReport r = Corpus.run("run-load-multiple-context.csf");
        assertOk(r);
        assertEquals(RED, target(r, "color").pixels()[5]);
        assertEquals(2, r.queues().get(0).jobsCompleted());
    }

    @Test
    void twoVmsWithTheSameVaWriteOnlyTheirOwnBuffers() throws Exception {
        RunReport r = Corpus.run("run-two-vms.csf");
        assertOk(r);
        assertArrayEquals(new byte[] {0x11, 0x11, 0, 0}, r.memory().readBuffer("target", 0, 4));
        assertArrayEquals(new byte[] {0x22, 0x22, 0, 0}, r.memory().readBuffer("other_target", 0, 4));
    }

    @Test
    void fourJobsBackToBackAllRun() {
        RunReport r = Corpus.run("run-four-jobs.csf");
        assertOk(r);
        assertEquals(4, r.registers()[0]);
        assertEquals(4, r.queues().get(0).jobsCompleted());
    }

    @Test
    void syncSetOnQueueBReleasesTheWaitOnQueueA() {
        RunReport r = Corpus.run("run-sync-release.csf");
        assertOk(r);
        assertEquals(5, r.registers()[5]);
    }

    @Test
    void loneWaitingQueueEndsAsADeadlock() {
        RunReport r = Corpus.run("run-sync-deadlock.csf");
        assertEquals(RunStatus.DEADLOCK, r.status());
        assertEquals(7, r.fault().line().line());
        assertTrue(r.fault().message().contains("SYNC_WAIT32"), r.fault().message());
        assertTrue(r.fault().message().contains(">= 0x3"), r.fault().message());
    }

    @Test
    void endlessLoopTimesOutWithACoreDump() {
        RunReport r = Corpus.run("run-endless-loop.csf", RunOptions.defaults().withStepBudget(100_000));
        assertEquals(RunStatus.TIMEOUT, r.status());
        RunReport.CoreDump core = r.coreDump();
        assertNotNull(core);
        assertEquals(64, core.lastInstructions().size());
        assertTrue(core.lastInstructions().stream().allMatch(i -> List.of(7, 8).contains(i.line().line())));
        assertEquals(0x34, core.dumpableBuffers().get("state")[0]);
    }

    @Test
    void loadFromAnUnmappedAddressIsATranslationFaultOnItsLine() {
        RunReport r = Corpus.run("run-translation-fault.csf");
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals(FaultKind.TRANSLATION, r.fault().kind());
        assertEquals(6, r.fault().line().line());
        assertEquals(0xdead0000L, r.fault().va());
        assertEquals(1, r.registers()[1]);
        assertEquals(0, r.registers()[2]);
    }

    @Test
    void fortyQueuesTakeTurnsInTheEightCsgSlotsAndAllFinish() throws Exception {
        RunReport r = Corpus.run("run-forty-queues.csf");
        assertOk(r);
        assertEquals(40, r.queues().size());
        assertTrue(r.queues().stream().allMatch(q -> q.jobsCompleted() == 2), r.queues().toString());
        assertEquals(40, r.memory().readBuffer("counter")[0]);
    }
}
