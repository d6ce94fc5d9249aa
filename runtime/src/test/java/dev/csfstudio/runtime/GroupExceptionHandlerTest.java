package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiler out-of-memory raised on one CS reaches the tiler_oom handler another CS of its group installed (panvk
 * installs it on the fragment subqueue, the tiler jobs run on the vertex/tiler subqueue): the firmware runs it on
 * the installing CS, in a frame above what it interrupted, and the raising CS's tiler job completes once it returns.
 */
class GroupExceptionHandlerTest {

    /** frag waits in a SYNC_WAIT32 (line 20) on what vt signals after its tiler job (line 31) ran out of memory. */
    static final String GROUP = """
            .inject tiler_oom, job=1, queue=vt
            .buffer sync, size=8, align=8
            .buffer shaders, align=64
            position:
                .word 3 << 4 | 8, 0
                .dword 0x7f0000
                .zero 16
            .stream handler
                MOVE32  r11, #1
                MOVE32  r12, #2
            .stream fragment
                MOVE32  r10, #42
                MOVE48  d60, handler
                MOVE32  r62, sizeof(handler)
                SET_EXCEPTION_HANDLER d60, r62, #2
                MOVE48  d50, sync
                MOVE32  r52, #0
                NOP
                NOP
                SYNC_WAIT32.gt d50, r52
                MOVE32  r13, #3
            .stream vertex_tiler
                SET_SB_ENTRY #0, #1
                MOVE48  d16, position
                MOVE32  r33, 3
                MOVE32  r34, 1
                MOVE48  d50, sync
                MOVE32  r52, #1
                NOP
                NOP
                RUN_IDVS.malloc_enable r4, #0
                WAIT    #0x1
                SYNC_SET32.system [d50], r52, #0x0, #0
            .queue frag, group=g
            .queue vt, group=g
            .submit frag, fragment
            .submit vt, vertex_tiler
            """;

    @Test
    void theHandlerRunsOnTheInstallingQueueAboveItsInterruptedSyncWait() {
        Machine m = Sessions.load(GROUP);
        InstructionBreakpoint bp = m.addBreakpoint("main", Sessions.va(m.program(), 9)).orElseThrow();
        StopReason stop = m.resume();
        StopReason.Breakpoint hit = assertInstanceOf(StopReason.Breakpoint.class, stop, stop::toString);
        assertEquals("frag", hit.queue());
        QueueView frag = m.queue("frag").orElseThrow();
        List<CallFrame> stack = frag.callStack();
        assertEquals("tiler_oom", stack.get(0).handler());
        assertEquals("vt", stack.get(0).raisedBy(), "the frame names the queue whose exception it handles");
        assertEquals(Sessions.va(m.program(), 20), stack.get(0).returnAddress().orElseThrow(),
                "the interrupted SYNC_WAIT runs again when the handler returns");
        assertEquals(Sessions.va(m.program(), 20), stack.get(1).pc(), "the frame below stands at the SYNC_WAIT");
        assertEquals(42, frag.registers()[10], "the handler runs on frag's registers");
        QueueView vt = m.queue("vt").orElseThrow();
        assertTrue(vt.callStack().stream().allMatch(f -> f.handler() == null), "nothing runs on the raising CS");
        m.removeBreakpoint(bp);
        StopReason end = m.resume();
        assertInstanceOf(StopReason.Done.class, end, end::toString);
        RunReport r = m.report().orElseThrow();
        assertEquals(RunStatus.OK, r.status());
        RunReport.QueueState fragState = GroupTerminationTest.queue(r, "frag");
        assertEquals(1, fragState.registers()[11]);
        assertEquals(3, fragState.registers()[13]);
        RaisedException raised = GroupTerminationTest.queue(r, "vt").raised().get(0);
        assertEquals("frag", raised.handledOn());
        assertTrue(raised.handled());
        assertEquals(0, GroupTerminationTest.queue(r, "vt").registers()[11], "vt's registers are not the handler's");
    }

    @Test
    void theRaisingQueuesWaitOnTheTilerJobWaitsUntilTheHandlerHasReturned() {
        Machine m = Sessions.load(GROUP);
        // frag's SYNC_WAIT32 blocks, vt raises and reaches its WAIT before frag runs the handler
        m.addBreakpoint("main", Sessions.va(m.program(), 10)).orElseThrow();
        StopReason stop = m.resume();
        assertInstanceOf(StopReason.Breakpoint.class, stop, stop::toString);
        QueueView vt = m.queue("vt").orElseThrow();
        assertEquals(dev.csfstudio.runtime.device.Queue.State.WAITING, vt.state());
        assertEquals(Sessions.va(m.program(), 32), vt.pc(), "vt waits at its WAIT, not consumed");
        String waiting = vt.waitingOn().orElseThrow().describe();
        assertTrue(waiting.contains("held by TILER_OOM") && waiting.contains("handler on queue frag returns"), waiting);
    }

    @Test
    void aHandlerThatNeverReturnsLeavesTheTilerJobHeldAndTheRunDeadlocked() {
        Machine m = Sessions.load(GROUP.replace("    MOVE32  r12, #2\n", """
                    MOVE48  d20, sync
                    MOVE32  r22, #5
                    SYNC_WAIT32.ge d20, r22
                """));
        StopReason end = m.resume();
        RunReport r = m.report().orElseThrow();
        assertEquals(RunStatus.DEADLOCK, r.status(), end::toString);
        assertTrue(r.fault().message().contains("queue vt waits at"), r.fault().message());
        assertTrue(r.fault().message().contains("held by TILER_OOM"), r.fault().message());
        assertEquals(RunStatus.DEADLOCK, GroupTerminationTest.queue(r, "vt").status());
        assertEquals(RunStatus.DEADLOCK, GroupTerminationTest.queue(r, "frag").status());
    }
}
