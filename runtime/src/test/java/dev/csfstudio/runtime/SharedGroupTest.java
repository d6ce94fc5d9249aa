package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.GroupTerminationTest.UNKNOWN_OPCODE;
import static dev.csfstudio.runtime.GroupTerminationTest.queue;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Several queues in one group (panthor's group holds up to its CSG's streams): a fault in any of them terminates
 * every queue of the group, the others' jobs cancelled, while the other groups run on.
 */
class SharedGroupTest {

    static final long A = 0x10000, B = 0x11000, C = 0x12000;

    /** A loop of {@code n} passes, then r5 = 5. */
    static long[] loop(int n) {
        return new long[] {move32(4, n), insn("ADD_IMMEDIATE32", "dst", 4, "src", 4, "imm", -1),
                insn("BRANCH", "value", 4, "cond", 3, "offset", -2), move32(5, 5)};
    }

    @Test
    void aFaultTerminatesEveryQueueOfItsGroupAndCancelsTheOthersJobs() {
        ProgramFixture p = new ProgramFixture();
        p.stream("bad", A, UNKNOWN_OPCODE);
        p.stream("long", B, loop(100_000));
        p.stream("other", C, move32(6, 6));
        p.queue("qbad", "main", "g").queue("qmate", "main", "g").queue("qother", "main")
                .submit("qbad", "bad").submit("qmate", "long").submit("qother", "other");
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.FAULT, queue(r, "qbad").status());
        assertEquals(RunStatus.CANCELLED, queue(r, "qmate").status());
        assertNull(queue(r, "qmate").fault());
        assertEquals(0, queue(r, "qmate").registers()[5], "the group's other queue never reaches its end");
        assertEquals(RunStatus.OK, queue(r, "qother").status());
        assertEquals(6, queue(r, "qother").registers()[6]);
        assertEquals(RunStatus.FAULT, r.status());
    }

    @Test
    void aGroupListsItsQueuesByCsSlotAndSetsTheFaultingOnesBit() {
        ProgramFixture p = new ProgramFixture();
        p.stream("fine", A, move32(1, 1));
        p.stream("bad", B, UNKNOWN_OPCODE);
        p.queue("q0", "main", "g").queue("q1", "main", "g").submit("q0", "fine").submit("q1", "bad");
        RunReport r = new Simulator().run(p.build());
        assertEquals(List.of(new RunReport.GroupState("g", List.of("q0", "q1"), "fatal_fault", 0b10)), r.groups());
        assertEquals(1, ((HardwareReport.Raised) r.fault().hardware()).csSlot());
        assertEquals(r.fault().hardware(), queue(r, "q1").fault().hardware());
    }

    @Test
    void aGroupsQueueFaultsInItsGroupsCsgSlotAsItsCsN() {
        ProgramFixture p = new ProgramFixture();
        p.stream("a", A, move32(1, 1));
        p.stream("b", B, move32(1, 1));
        p.stream("c", C, UNKNOWN_OPCODE);
        p.queue("q0", "main").queue("q1", "main", "g").queue("q2", "main", "g")
                .submit("q0", "a").submit("q1", "b").submit("q2", "c");
        RunReport r = new Simulator().run(p.build());
        HardwareReport.Raised raised = (HardwareReport.Raised) r.fault().hardware();
        assertEquals(1, raised.csgSlot(), "group g is resident in the second CSG slot, beside q0's group");
        assertEquals(1, raised.csSlot(), "q2 is group g's CS 1");
        assertEquals(List.of("q0", "g"), r.groups().stream().map(RunReport.GroupState::name).toList());
    }
}
