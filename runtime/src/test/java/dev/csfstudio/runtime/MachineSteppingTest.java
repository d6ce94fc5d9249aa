package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.csfstudio.runtime.Sessions.line;
import static dev.csfstudio.runtime.Sessions.load;
import static dev.csfstudio.runtime.Sessions.register;
import static dev.csfstudio.runtime.Sessions.stepTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.Device;
import dev.csfstudio.runtime.device.Queue;

/** Stepping as a debugger does: one instruction, into and over CALLs, out of frames, along JUMP chains. */
@Timeout(60)
class MachineSteppingTest {

    static final String CALLS = """
            .stream main
                MOVE32  r1, #1
                MOVE48  d10, sub
                MOVE32  r12, sizeof(sub)
                CALL    d10, r12
                MOVE32  r2, #2
            .stream sub
                MOVE32  r3, #3
                MOVE32  r4, #4
            """;

    @Test
    void theFirstStepExecutesTheKernelRingBuffersFirstInstruction() {
        Machine m = load(CALLS);
        assertInstanceOf(StopReason.Stepped.class, m.step("main"));
        assertEquals(1, m.position());
        QueueView q = m.queue("main").orElseThrow();
        assertEquals(0, q.depth());
        assertTrue(q.callStack().get(0).kernel(), "depth 0 is the ring buffer's frame");
        assertEquals(Device.RING_REGION + 8, q.pc());
    }

    @Test
    void threeStepsLeaveTheRingBufferForTheUsersFirstLine() {
        Machine m = load(CALLS);
        for (int i = 0; i < 3; i++) {
            m.step("main");
        }
        QueueView q = m.queue("main").orElseThrow();
        assertEquals(1, q.depth());
        assertEquals(2, line(m, "main"));
        assertEquals(2, q.callStack().size());
        assertTrue(q.callStack().get(1).kernel());
        assertEquals(q.callStack().get(1).pc() + 8, q.callStack().get(0).returnAddress().getAsLong(),
                "the user frame returns after the ring buffer's CALL");
    }

    @Test
    void stepAtACallEntersIt() {
        Machine m = load(CALLS);
        stepTo(m, "main", 5);
        m.step("main");
        assertEquals(8, line(m, "main"));
        assertEquals(2, m.queue("main").orElseThrow().depth());
    }

    @Test
    void stepOverACallRunsItAndStopsAfterIt() {
        Machine m = load(CALLS);
        stepTo(m, "main", 5);
        assertInstanceOf(StopReason.Stepped.class, m.stepOver("main"));
        assertEquals(6, line(m, "main"));
        assertEquals(3, register(m, "main", 3));
        assertEquals(4, register(m, "main", 4));
        assertEquals(0, register(m, "main", 2), "the line after the CALL has not run");
    }

    @Test
    void stepOverAnythingButACallIsAStep() {
        Machine m = load(CALLS);
        stepTo(m, "main", 2);
        m.stepOver("main");
        assertEquals(3, line(m, "main"));
        assertEquals(1, register(m, "main", 1));
    }

    @Test
    void stepOutReturnsToTheCaller() {
        Machine m = load(CALLS);
        stepTo(m, "main", 8);
        assertInstanceOf(StopReason.Stepped.class, m.stepOut("main"));
        assertEquals(6, line(m, "main"));
        assertEquals(4, register(m, "main", 4));
    }

    @Test
    void stepOutOfTheUsersStreamEndsTheJob() {
        Machine m = load(CALLS);
        stepTo(m, "main", 2);
        m.stepOut("main");
        QueueView q = m.queue("main").orElseThrow();
        assertEquals(Queue.State.IDLE, q.state());
        assertEquals(1, q.jobsCompleted());
        assertEquals(2, register(m, "main", 2));
        // The job ring's end after the CALL ran (the completion sync object counts the job) and took no position:
        // three ring instructions before the CALL and the seven of the user's streams.
        assertEquals(1, q.completion().seqno());
        assertEquals(0, q.completion().status());
        assertEquals(3 + 7, m.position());
        assertEquals(7, q.instructions());
    }

    @Test
    void steppingTheLastInstructionOfACalledBufferLandsAfterTheCall() {
        Machine m = load(CALLS);
        stepTo(m, "main", 9);
        m.step("main");
        assertEquals(6, line(m, "main"), "the return needs no instruction: it is done when the step ends");
        assertEquals(1, m.queue("main").orElseThrow().depth());
    }

    @Test
    void stepsFollowAJumpChain() {
        Machine m = load("""
                .stream main
                    MOVE48  d10, chunk2
                    MOVE32  r12, sizeof(chunk2)
                    JUMP    d10, r12
                    MOVE32  r1, #0xbad
                .stream chunk2
                    MOVE32  r2, #2
                """);
        stepTo(m, "main", 4);
        m.step("main");
        assertEquals(7, line(m, "main"));
        assertEquals(1, m.queue("main").orElseThrow().depth(), "a JUMP replaces the frame's buffer");
    }

    static final String RELEASE = """
            .buffer sync, size=8, align=8
            .queue a
            .queue b
            .submit a, main
            .submit b, release
            .stream main
                MOVE48  d50, sync
                MOVE32  r52, #0
                SYNC_WAIT32.gt.inherit d50, r52
                MOVE32  r5, #5
            .stream release
                MOVE48  d50, sync
                MOVE32  r52, #1
                SYNC_SET32.system [d50], r52, #0x0, #0
            """;

    @Test
    void steppingAQueueBlockedInSyncWaitSaysWhatItWaitsFor() {
        Machine m = load(RELEASE);
        stepTo(m, "a", 9);
        StopReason.Waiting waiting = assertInstanceOf(StopReason.Waiting.class, m.step("a"));
        SyncWait wait = waiting.on();
        assertEquals(m.program().section("sync").orElseThrow().address(), wait.address());
        assertEquals(">", wait.condition());
        assertEquals(0, wait.expected());
        assertEquals(0, wait.current());
        assertEquals(9, wait.line().line());
        assertEquals(Queue.State.WAITING, m.queue("a").orElseThrow().state());
        assertEquals(wait, m.queue("a").orElseThrow().waitingOn().orElseThrow());
    }

    @Test
    void theNextStepOfAWaitingQueueLetsTheOthersRunUntilItsWaitIsMet() {
        Machine m = load(RELEASE);
        stepTo(m, "a", 9);
        m.step("a");
        assertInstanceOf(StopReason.Stepped.class, m.step("a"));
        assertEquals(10, line(m, "a"));
        assertEquals(1, m.queue("b").orElseThrow().jobsCompleted(), "queue b had its turn and released a");
    }

    @Test
    void resumeWithoutBreakpointsEndsAsARunToCompletionDoes() {
        RunReport plain = new Simulator().run(Sessions.assemble(RELEASE));
        Machine m = load(RELEASE);
        assertInstanceOf(StopReason.Done.class, m.resume());
        RunReport r = m.report().orElseThrow();
        assertEquals(plain.status(), r.status());
        assertEquals(plain.instructions(), r.instructions());
        assertArrayEquals(plain.registers(), r.registers());
        assertInstanceOf(StopReason.Done.class, m.resume(), "a finished run stays finished");
    }

    @Test
    void aStepOfAQueueWithNothingLeftMovesNothing() {
        Machine m = load(RELEASE);
        m.resume();
        long at = m.position();
        m.step("a");
        assertEquals(at, m.position());
    }

    @Test
    void requestPauseFromAnotherThreadStopsAnEndlessLoopAndResumeGoesOn() throws Exception {
        Machine m = load(Sessions.assemble("""
                .stream main
                loop:
                    ADD_IMMEDIATE32 r0, r0, #1
                    BRANCH.always r0, loop
                """), RunOptions.defaults().withStepBudget(Long.MAX_VALUE));
        CompletableFuture<StopReason> run = CompletableFuture.supplyAsync(m::resume);
        while (!run.isDone()) {
            m.requestPause();
            Thread.sleep(5);
        }
        StopReason.Paused paused = assertInstanceOf(StopReason.Paused.class, run.get(10, TimeUnit.SECONDS));
        assertEquals("main", paused.next());
        long at = m.position();
        assertTrue(at > 0);
        // A pause may land before the resumed queue's first instruction (a loaded machine schedules the runner
        // late), so "goes on" means: some resume within a few rounds moves it past where it was paused.
        for (int round = 0; round < 50 && m.position() <= at; round++) {
            CompletableFuture<StopReason> again = CompletableFuture.supplyAsync(m::resume);
            Thread.sleep(round);
            while (!again.isDone()) {
                m.requestPause();
                Thread.sleep(5);
            }
            assertInstanceOf(StopReason.Paused.class, again.get(10, TimeUnit.SECONDS));
        }
        assertTrue(m.position() > at);
    }

    @Test
    void theWallClockLimitCountsRunningTimeNotTimeStopped() throws Exception {
        Machine m = load(Sessions.assemble(BreakpointTest.LOOP), RunOptions.defaults()
                .withTimeout(java.time.Duration.ofMillis(200)));
        Sessions.breakAt(m, 4);
        assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        Thread.sleep(300);
        assertInstanceOf(StopReason.Breakpoint.class, m.resume(), "each resume has the whole limit");
        Thread.sleep(300);
        m.step("main");
        assertInstanceOf(StopReason.Stepped.class, m.lastStop().orElseThrow());
    }

    @Test
    void aRunThatEndsInAFaultSaysWhereAndStaysEnded() {
        Machine m = load(Corpus.assemble("run-translation-fault.csf"));
        StopReason.Fault f = assertInstanceOf(StopReason.Fault.class, m.resume());
        assertEquals(FaultKind.TRANSLATION, f.fault().kind());
        assertEquals(0xdead0000L, f.fault().va());
        assertEquals("main", f.fault().addressSpace());
        assertEquals(6, f.fault().line().line());
        assertEquals(RunStatus.FAULT, f.outcome().orElseThrow());
        assertEquals(f, m.step("main"));
    }
}
