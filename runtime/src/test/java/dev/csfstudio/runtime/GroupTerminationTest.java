package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.ExecutionTest.move48;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A fault terminates the faulting queue's group only, as panthor terminates a group: the other groups run on to
 * their end, each queue gets its own status, and the run's status is that of the first group terminated.
 */
class GroupTerminationTest {

    static final long A = 0x10000, B = 0x11000, SYNC = 0x20000, UNMAPPED = 0xc000_0000L;
    static final long UNKNOWN_OPCODE = 0x0a00_0000_0000_0000L;

    /** LOAD_MULTIPLE r0 from an address no page maps: a translation fault. */
    static long[] unmappedLoad() {
        return new long[] {move48(40, UNMAPPED), insn("LOAD_MULTIPLE", "base", 0, "addr", 40, "mask", 1, "offset", 0)};
    }

    static RunReport.QueueState queue(RunReport r, String name) {
        return r.queues().stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aFaultLeavesTheOtherGroupsRunningToTheirEnd() {
        ProgramFixture p = new ProgramFixture();
        long[] load = unmappedLoad();
        p.stream("bad", A, load[0], load[1], move32(2, 7));
        p.stream("good", B, move32(4, 3), insn("ADD_IMMEDIATE32", "dst", 4, "src", 4, "imm", 1), move32(5, 5));
        p.queue("qbad", "main").queue("qgood", "main").submit("qbad", "bad").submit("qgood", "good");
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, queue(r, "qgood").status());
        assertEquals(3, queue(r, "qgood").instructions());
        assertEquals(4, queue(r, "qgood").registers()[4]);
        assertNull(queue(r, "qgood").fault());
        assertEquals(RunStatus.FAULT, queue(r, "qbad").status());
        assertEquals(FaultKind.TRANSLATION, queue(r, "qbad").fault().kind());
        assertEquals(0, queue(r, "qbad").registers()[2], "the terminated queue runs nothing after its fault");
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals("qbad", r.fault().queue());
    }

    @Test
    void groupsReportTheirStateAndFatalQueuesAsGroupGetStateDoes() {
        ProgramFixture p = new ProgramFixture();
        p.stream("bad", A, UNKNOWN_OPCODE);
        p.stream("good", B, move32(5, 5));
        p.queue("qbad", "main").queue("qgood", "main").submit("qbad", "bad").submit("qgood", "good");
        RunReport r = new Simulator().run(p.build());
        assertEquals(List.of(new RunReport.GroupState("qbad", List.of("qbad"), "fatal_fault", 1),
                new RunReport.GroupState("qgood", List.of("qgood"), "ok", 0)), r.groups());
    }

    @Test
    void theRunEndsAsTheFirstGroupTerminatedInTimeNotInQueueOrder() {
        ProgramFixture p = new ProgramFixture();
        // qa (declared first) waits until qb has set [SYNC], then runs an unknown opcode; qb faults right after
        // setting it, so qb's group is terminated first
        long[] load = unmappedLoad();
        p.stream("main", A, move48(50, SYNC), move32(52, 0), insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1),
                UNKNOWN_OPCODE);
        p.stream("release", B, move48(50, SYNC), move32(52, 1), insn("SYNC_SET32", "addr", 50, "data", 52), load[0],
                load[1]);
        p.buffer("sync", SYNC, new byte[8]);
        p.queue("qa", "main").queue("qb", "main").submit("qa", "main").submit("qb", "release");
        RunReport r = new Simulator().run(p.build());
        assertEquals(FaultKind.UNKNOWN_OPCODE, queue(r, "qa").fault().kind());
        assertEquals(FaultKind.TRANSLATION, queue(r, "qb").fault().kind());
        assertEquals(RunStatus.FAULT, r.status());
        assertEquals("qb", r.fault().queue());
        assertEquals(FaultKind.TRANSLATION, r.fault().kind());
    }

    @Test
    void aQueueLeftWaitingOnATerminatedGroupDeadlocksButTheRunStaysAFault() {
        ProgramFixture p = new ProgramFixture();
        // qa waits for [SYNC] > 0, which qb would have set after its faulting load
        long[] load = unmappedLoad();
        p.stream("main", A, move48(50, SYNC), move32(52, 0), insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1));
        p.stream("release", B, load[0], load[1], move48(50, SYNC), move32(52, 1),
                insn("SYNC_SET32", "addr", 50, "data", 52));
        p.buffer("sync", SYNC, new byte[8]);
        p.queue("qa", "main").queue("qb", "main").submit("qa", "main").submit("qb", "release");
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.DEADLOCK, queue(r, "qa").status());
        assertEquals(RunStatus.FAULT, queue(r, "qb").status());
        assertEquals(RunStatus.FAULT, r.status(), "the first group terminated, before the deadlock");
        assertEquals("timedout", r.groups().get(0).state());
        assertEquals("fatal_fault", r.groups().get(1).state());
    }

    @Test
    void aHazardStopTerminatesOnlyTheRacingQueuesGroup() {
        RunReport r = new Simulator().run(Sessions.assemble("""
                .buffer data, size=8
                .stream racing
                    MOVE48  d2, data
                    LOAD_MULTIPLE r0, [d2]
                    ADD_IMMEDIATE32 r4, r0, #1
                .stream calm
                    MOVE32  r5, #5
                .queue qr
                .queue qc
                .submit qr, racing
                .submit qc, calm
                """));
        assertEquals(RunStatus.HAZARD, queue(r, "qr").status());
        assertEquals(RunStatus.OK, queue(r, "qc").status());
        assertEquals(5, queue(r, "qc").registers()[5]);
        assertEquals(RunStatus.HAZARD, r.status());
        assertEquals(1, r.hazards().size());
    }
}
