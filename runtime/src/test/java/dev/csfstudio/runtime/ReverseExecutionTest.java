package dev.csfstudio.runtime;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static dev.csfstudio.runtime.Sessions.assemble;
import static dev.csfstudio.runtime.Sessions.breakAt;
import static dev.csfstudio.runtime.Sessions.line;
import static dev.csfstudio.runtime.Sessions.load;
import static dev.csfstudio.runtime.Sessions.register;
import static dev.csfstudio.runtime.Sessions.stepTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Going back: step back, reverse continue, restore to a position; edits and the memory bound. */
class ReverseExecutionTest {

    private static Machine recorded(String text) {
        Machine m = load(text);
        m.recordHistory();
        return m;
    }

    @Test
    void stepBackReturnsToJustBeforeTheQueuesLastInstruction() {
        Machine m = recorded(BreakpointTest.LOOP);
        stepTo(m, "main", 5);
        long at = m.position();
        m.step("main");
        assertEquals(2, register(m, "main", 0));
        assertInstanceOf(StopReason.Stepped.class, m.stepBack("main").orElseThrow());
        assertEquals(at, m.position());
        assertEquals(5, line(m, "main"));
        assertEquals(3, register(m, "main", 0));
        assertEquals(10, register(m, "main", 1));
    }

    @Test
    void repeatedStepBacksWalkBackOneInstructionEach() {
        Machine m = recorded(MachineSteppingTest.CALLS);
        stepTo(m, "main", 9);
        m.stepBack("main");
        assertEquals(8, line(m, "main"));
        m.stepBack("main");
        assertEquals(5, line(m, "main"), "back out of the call to the CALL");
        assertEquals(1, m.queue("main").orElseThrow().depth());
    }

    @Test
    void reverseResumeStopsAtTheLastBreakpointHitBeforeNow() {
        Machine m = recorded(BreakpointTest.LOOP);
        breakAt(m, 4);
        m.resume();
        m.resume();
        m.resume(); // third iteration: r1 = 20
        assertEquals(20, register(m, "main", 1));
        StopReason.Breakpoint hit = assertInstanceOf(StopReason.Breakpoint.class, m.reverseResume().orElseThrow());
        assertEquals(4, hit.line().line());
        assertEquals(10, register(m, "main", 1), "the second iteration's stop");
        assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals(20, register(m, "main", 1), "forward again from there meets the third");
    }

    @Test
    void reverseResumeStopsAfterTheLastWriteToAWatchedRange() {
        Machine m = recorded(DataBreakpointTest.STORES);
        long out = m.program().section("out").orElseThrow().address();
        m.resume();
        m.addDataBreakpoint("main", out + 8, 4).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class,
                m.reverseResume().orElseThrow());
        assertEquals(6, hit.line().line());
        assertEquals(8, line(m, "main"), "stopped just after the WAIT that completed the store, as going forward would");
    }

    @Test
    void theWallClockLimitStopsReverseResumeAtTheSnapshotItReached() {
        // A limit of one nanosecond has passed by the time one interval of history has been re-executed. Going
        // forward by restoreTo re-executes too, which the clock never stops; so history is there to go back over.
        Machine m = load(assemble("""
                .stream main
                    MOVE32  r0, #10000
                loop:
                    ADD_IMMEDIATE32 r1, r1, #1
                    ADD_IMMEDIATE32 r0, r0, #-1
                    BRANCH.ne r0, loop
                """), RunOptions.defaults().withTimeout(Duration.ofNanos(1)));
        m.recordHistory(Machine.DEFAULT_HISTORY_BYTES, 1000);
        assertInstanceOf(StopReason.AtPosition.class, m.restoreTo(20_000).orElseThrow());
        StopReason.Paused stop = assertInstanceOf(StopReason.Paused.class, m.reverseResume().orElseThrow(),
                "stopped by the limit, not gone back to the start of history");
        assertTrue(m.position() > 0 && m.position() <= 20_000, "at a snapshot on the way back: " + m.position());
        assertTrue(stop.why().startsWith("going back reached the wall-clock limit of ")
                && stop.why().endsWith(" at instruction " + m.position() + ": reverse continue again to go further back"),
                stop.why());
    }

    @Test
    void aPauseAskedForStopsReverseResumeWhereItStands() {
        Machine m = recorded(BreakpointTest.LOOP);
        m.resume();
        long end = m.position();
        m.requestPause();
        StopReason.Paused stop = assertInstanceOf(StopReason.Paused.class, m.reverseResume().orElseThrow());
        assertEquals(null, stop.why(), "a pause asked for needs no reason");
        assertEquals(end, m.position());
        assertInstanceOf(StopReason.HistoryStart.class, m.reverseResume().orElseThrow(), "the pause is used up");
    }

    @Test
    void withNothingToStopAtReverseResumeGoesToTheStartOfHistory() {
        Machine m = recorded(BreakpointTest.LOOP);
        m.resume();
        assertInstanceOf(StopReason.HistoryStart.class, m.reverseResume().orElseThrow());
        assertEquals(0, m.position());
        assertInstanceOf(StopReason.Done.class, m.resume());
        assertEquals(2, register(m, "main", 2));
    }

    @Test
    void goingBackFromAFaultReachesTheStateBeforeIt() {
        Machine m = load(Corpus.assemble("run-translation-fault.csf"));
        m.recordHistory();
        assertInstanceOf(StopReason.Fault.class, m.resume());
        assertInstanceOf(StopReason.Stepped.class, m.stepBack("main").orElseThrow());
        assertEquals(6, line(m, "main"), "the LOAD_MULTIPLE that faults is next");
        assertTrue(m.report().isEmpty(), "the run has not ended here");
        assertInstanceOf(StopReason.Fault.class, m.step("main"));
    }

    @Test
    void goingBackNeedsHistory() {
        Machine m = load(BreakpointTest.LOOP);
        m.step("main");
        Result.Refused<StopReason> r = assertInstanceOf(Result.Refused.class, m.stepBack("main"));
        assertTrue(r.reason().contains("recordHistory"), r.reason());
        assertInstanceOf(Result.Refused.class, m.restoreTo(0));
        assertInstanceOf(Result.Refused.class, m.reverseResume());
    }

    @Test
    void aPositionBeforeHistoryStartedIsRefused() {
        Machine m = load(BreakpointTest.LOOP);
        m.step("main");
        m.step("main");
        m.recordHistory();
        assertEquals(2, m.history().orElseThrow().earliest());
        Result.Refused<StopReason> r = assertInstanceOf(Result.Refused.class, m.restoreTo(1));
        assertTrue(r.reason().contains("oldest state history keeps (2)"), r.reason());
    }

    @Test
    void anEditIsWhatGoingBackToItsPositionShows() {
        Machine m = recorded(MachineStateTest.ADD);
        stepTo(m, "main", 4);
        long at = m.position();
        m.setRegister("main", 1, 100).orElseThrow();
        m.step("main");
        assertEquals(101, register(m, "main", 2));
        m.stepBack("main");
        assertEquals(at, m.position());
        assertEquals(100, register(m, "main", 1));
        m.step("main");
        assertEquals(101, register(m, "main", 2), "the edit stays part of this timeline");
    }

    @Test
    void runningOnFromBeforeAnEditLeavesTheEditBehind() {
        Machine m = recorded(MachineStateTest.ADD);
        stepTo(m, "main", 4);
        long at = m.position();
        m.setRegister("main", 1, 100).orElseThrow();
        m.restoreTo(at - 1).orElseThrow();
        m.resume();
        assertEquals(2, register(m, "main", 2), "the run went on without the edit");
        m.restoreTo(at).orElseThrow();
        assertEquals(1, register(m, "main", 1));
    }

    @Test
    void historyStaysWithinItsCapAndStillGoesBackExactly() {
        String clears = """
                .buffer color, size=64 * 64 * 4
                .buffer fb, align=64
                fbd: .fbd width=64, height=64
                rt:  .rt format=R8G8B8A8, base=color, row_stride=256, clear=0xff0000ff
                .stream main
                    MOVE48  d40, fbd(fbd)
                    MOVE48  d70, rt
                    MOVE32  r42, #0
                    MOVE32  r43, 63 << 16 | 63
                    MOVE32  r0, #200
                loop:
                    ADD_IMMEDIATE32 r7, r7, #0x10
                    STORE_MULTIPLE [d70 + 48], r7       ; a new clear colour each time
                    WAIT    #0x1
                    RUN_FRAGMENT
                    ADD_IMMEDIATE32 r0, r0, #-1
                    BRANCH.ne r0, loop
                """;
        Machine unbounded = load(clears);
        unbounded.recordHistory(Long.MAX_VALUE, 512);
        unbounded.resume();
        Machine m = load(clears);
        long cap = 128 << 10;
        m.recordHistory(cap, 512);
        assertInstanceOf(StopReason.Done.class, m.resume());
        HistoryStatus h = m.history().orElseThrow();
        assertTrue(h.bytes() <= cap, h.toString());
        // each kept snapshot but the newest holds the frames of at least one clear (16 KiB) that the next lacks
        assertTrue(h.bytes() >= (h.snapshots() - 1) * (64 * 64 * 4L), h.toString());
        assertTrue(h.snapshots() > 2 && h.snapshots() < unbounded.history().orElseThrow().snapshots(),
                h + " thinned, unbounded: " + unbounded.history().orElseThrow());
        assertTrue(h.earliest() > 0, "the oldest snapshots go first: " + h);
        assertTrue(m.restoreTo(h.earliest() - 1) instanceof Result.Refused<?> r
                && r.reason().contains("before the oldest state history keeps"), "nothing before the start");
        long target = (h.earliest() + m.position()) / 2;
        m.restoreTo(target).orElseThrow();
        Machine fresh = load(clears);
        fresh.restoreTo(target).orElseThrow();
        MachineStates.assertSameState(fresh, m, "restored after thinning");
    }
}
