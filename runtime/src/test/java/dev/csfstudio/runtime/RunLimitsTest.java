package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static dev.csfstudio.runtime.ExecutionTest.branch;
import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every run ends: the step budget counts the user's instructions and fragment work, the wall clock bounds the rest. */
@Timeout(120)
class RunLimitsTest {

    static final long STREAM = 0x10000, FB = 0x20000, COLOR = 0x30000;

    /** MOVEs for d40, r42, r43 and then {@code body}: a clear of a width x height RGBA8 frame. */
    private static ProgramFixture clearing(int width, int height, long rowStride, int colorBytes, long... body) {
        ProgramFixture.Fbd fbd = new ProgramFixture.Fbd(width, height, false)
                .rt("format", 19, "layout", 2, "base", COLOR, "row_stride", rowStride, "clear0", 0xff0000ffL);
        long[] words = new long[3 + body.length];
        words[0] = insn("MOVE48", "dst", 40, "imm", fbd.pointer(FB));
        words[1] = move32(42, 0);
        words[2] = move32(43, (width - 1) | (long) (height - 1) << 16);
        System.arraycopy(body, 0, words, 3, body.length);
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, words);
        p.buffer("fb", FB, fbd.bytes()).buffer("color", COLOR, new byte[colorBytes]);
        return p;
    }

    private static RunReport run(ProgramFixture p, RunOptions options) {
        return new Simulator(options).run(p.build());
    }

    @Test
    void budgetOfExactlyTheUsersInstructionsIsEnough() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, move32(1, 1), move32(2, 2), move32(3, 3), move32(4, 4), move32(5, 5));
        RunReport r = run(p, RunOptions.defaults().withStepBudget(5));
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(5, r.instructions());
    }

    @Test
    void budgetOneShortStopsAfterThatManyUserInstructionsAndSaysWhatWasCounted() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", STREAM, move32(1, 1), move32(2, 2), move32(3, 3), move32(4, 4), move32(5, 5));
        RunReport r = run(p, RunOptions.defaults().withStepBudget(4));
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertEquals(4, r.instructions());
        assertEquals(first + 4, r.fault().line().line(), "the instruction that did not get to run");
        assertTrue(r.fault().message().contains("4 user instructions"), r.fault().message());
        assertTrue(r.fault().message().contains("ring buffer"), r.fault().message());
    }

    @Test
    void jobsBackToBackCountOnlyTheirOwnInstructions() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, insn("ADD_IMMEDIATE32", "dst", 0, "src", 0, "imm", 1));
        p.queue("q", "main");
        for (int i = 0; i < 10; i++) {
            p.submit("q", "main");
        }
        RunReport r = run(p, RunOptions.defaults().withStepBudget(10));
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(10, r.registers()[0]);
    }

    @Test
    void fragmentWorkIsChargedOneStepPer64BytesWritten() {
        // 256 x 256 RGBA8 = 262,144 bytes = 4,096 steps of work, plus 4 instructions.
        ProgramFixture p = clearing(256, 256, 1024, 256 * 1024, insn("RUN_FRAGMENT"));
        assertEquals(RunStatus.OK, run(p, RunOptions.defaults().withStepBudget(4 + 4096)).status());
        RunReport r = run(clearing(256, 256, 1024, 256 * 1024, insn("RUN_FRAGMENT")),
                RunOptions.defaults().withStepBudget(2000));
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertTrue(r.fault().message().contains("64 bytes"), r.fault().message());
    }

    @Test
    void endlessLoopOfLargeClearsEndsAsTimeoutWithACoreDump() {
        // Rows of a 4096 x 4096 frame that all land on the same 16 KiB (row stride 0): 64 MiB per clear.
        ProgramFixture p = clearing(4096, 4096, 0, 4096 * 4, insn("RUN_FRAGMENT"), branch("always", 0, -2));
        RunReport r = run(p, RunOptions.defaults());
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertEquals(FaultKind.TIMEOUT, r.fault().kind());
        assertNotNull(r.coreDump());
        assertTrue(r.instructions() < 1000, "a few clears exhaust the budget, not ten million of them: "
                + r.instructions());
    }

    @Test
    void wallClockLimitEndsAnEndlessLoopWhateverTheBudget() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", STREAM, branch("always", 0, -1));
        RunReport r = run(p, RunOptions.defaults().withStepBudget(Long.MAX_VALUE).withTimeout(Duration.ofMillis(200)));
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertTrue(r.fault().message().contains("wall-clock limit of 200 ms"), r.fault().message());
        assertNotNull(r.coreDump());
    }

    @Test
    void wallClockLimitStopsASingleClearThatWouldTakeMinutes() {
        // 65536 x 65536 pixels of 4 bytes over one row: 16 GiB of writes in one instruction.
        ProgramFixture p = clearing(65536, 65536, 0, 65536 * 4, insn("RUN_FRAGMENT"));
        RunReport r = run(p, RunOptions.defaults().withStepBudget(Long.MAX_VALUE).withTimeout(Duration.ofMillis(200)));
        assertEquals(RunStatus.TIMEOUT, r.status());
        assertEquals(4, r.fault().line().line(), "stopped inside the RUN_FRAGMENT");
    }

    @Test
    void cancellationStopsASingleHugeClear() {
        ProgramFixture p = clearing(65536, 65536, 0, 65536 * 4, insn("RUN_FRAGMENT"));
        long start = System.nanoTime();
        RunReport r = new Simulator(RunOptions.defaults().withStepBudget(Long.MAX_VALUE))
                .run(p.build(), () -> System.nanoTime() - start > 100_000_000L);
        assertEquals(RunStatus.CANCELLED, r.status());
    }
}
