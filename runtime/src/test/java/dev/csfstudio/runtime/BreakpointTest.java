package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static dev.csfstudio.runtime.Sessions.breakAt;
import static dev.csfstudio.runtime.Sessions.line;
import static dev.csfstudio.runtime.Sessions.load;
import static dev.csfstudio.runtime.Sessions.register;
import static dev.csfstudio.runtime.Sessions.stepTo;
import static dev.csfstudio.runtime.Sessions.va;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.Device;

/** Instruction breakpoints by GPU VA per VM, as the DAP server sets them from source lines. */
class BreakpointTest {

    static final String LOOP = """
            .stream main
                MOVE32  r0, #3
            loop:
                ADD_IMMEDIATE32 r1, r1, #10
                ADD_IMMEDIATE32 r0, r0, #-1
                BRANCH.ne r0, loop
                MOVE32  r2, #2
            """;

    @Test
    void aBreakpointStopsBeforeItsInstructionRuns() {
        Machine m = load(LOOP);
        InstructionBreakpoint bp = breakAt(m, 7);
        StopReason.Breakpoint hit = assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals(bp, hit.breakpoint());
        assertEquals("main", hit.queue());
        assertEquals(7, hit.line().line());
        assertEquals(7, line(m, "main"));
        assertEquals(0, register(m, "main", 2));
        assertEquals(30, register(m, "main", 1));
    }

    @Test
    void resumingFromABreakpointRunsItsInstruction() {
        Machine m = load(LOOP);
        breakAt(m, 7);
        m.resume();
        assertInstanceOf(StopReason.Done.class, m.resume());
        assertEquals(2, register(m, "main", 2));
    }

    @Test
    void aBreakpointInALoopStopsEveryIteration() {
        Machine m = load(LOOP);
        breakAt(m, 4);
        for (int i = 0; i < 3; i++) {
            assertInstanceOf(StopReason.Breakpoint.class, m.resume());
            assertEquals(10L * i, register(m, "main", 1));
        }
        assertInstanceOf(StopReason.Done.class, m.resume());
    }

    @Test
    void aRemovedBreakpointNoLongerStops() {
        Machine m = load(LOOP);
        InstructionBreakpoint bp = breakAt(m, 4);
        m.resume();
        assertTrue(m.removeBreakpoint(bp));
        assertFalse(m.removeBreakpoint(bp));
        assertInstanceOf(StopReason.Done.class, m.resume());
        assertTrue(m.breakpoints().isEmpty());
    }

    @Test
    void aBreakpointSetWhileThePageIsDecodedStopsToo() {
        Machine m = load(LOOP);
        stepTo(m, "main", 4); // the stream's page is decoded now
        breakAt(m, 6);
        assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals(6, line(m, "main"));
    }

    @Test
    void aBreakpointSurvivesItsPageBeingDecodedAgainAfterAWrite() {
        Machine m = load(LOOP);
        breakAt(m, 7);
        stepTo(m, "main", 4);
        long streamEnd = m.program().section("main").orElseThrow().end();
        m.writeMemory("main", streamEnd, new byte[8]).orElseThrow(); // same page: its decoded copy is dropped
        assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals(7, line(m, "main"));
    }

    @Test
    void aBreakpointInTheKernelRingBufferStopsAtTheJobsStart() {
        Machine m = load(MachineSteppingTest.RELEASE); // queue a's ring buffer comes first
        m.addBreakpoint("main", Device.RING_REGION + 16).orElseThrow();
        StopReason.Breakpoint hit = assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals("a", hit.queue());
        assertEquals(2, m.position(), "the ring buffer's MOVE48 and MOVE32 ran, its CALL is next");
        assertTrue(m.queue("a").orElseThrow().callStack().get(0).kernel());
        assertEquals(4, hit.line().line(), "a ring-buffer line is the job's .submit");
    }

    @Test
    void aBreakpointStopsOnlyQueuesOfItsVmWhereVasAlias() {
        Machine m = load(Corpus.assemble("run-two-vms.csf"));
        long second = m.program().section("second").orElseThrow().address();
        assertEquals(m.program().section("main").orElseThrow().address(), second, "both streams sit at one VA");
        m.addBreakpoint("other", second + 16).orElseThrow();
        StopReason.Breakpoint hit = assertInstanceOf(StopReason.Breakpoint.class, m.resume());
        assertEquals("qb", hit.queue());
        assertEquals(RunStatus.OK, finish(m).status());
        assertEquals(1, m.queue("qa").orElseThrow().jobsCompleted(), "qa ran its stream at the same VA unstopped");
    }

    private static RunReport finish(Machine m) {
        assertInstanceOf(StopReason.Done.class, m.resume());
        return m.report().orElseThrow();
    }

    @Test
    void aBreakpointOnAnUnmappedAddressIsRefusedWithTheReason() {
        Machine m = load(LOOP);
        Result.Refused<InstructionBreakpoint> r = assertInstanceOf(Result.Refused.class,
                m.addBreakpoint("main", 0xdead0000L));
        assertEquals("GPU VA 0xdead0000 is not mapped in VM main", r.reason());
    }

    @Test
    void aBreakpointOffAnInstructionBoundaryIsRefused() {
        Machine m = load(LOOP);
        long at = va(m.program(), 4) + 4;
        Result.Refused<InstructionBreakpoint> r = assertInstanceOf(Result.Refused.class, m.addBreakpoint("main", at));
        assertTrue(r.reason().contains("8-byte aligned"), r.reason());
    }

    @Test
    void aBreakpointInAnUnknownVmIsRefused() {
        Machine m = load(LOOP);
        Result.Refused<InstructionBreakpoint> r = assertInstanceOf(Result.Refused.class,
                m.addBreakpoint("nope", va(m.program(), 4)));
        assertEquals("no VM named 'nope'", r.reason());
    }
}
