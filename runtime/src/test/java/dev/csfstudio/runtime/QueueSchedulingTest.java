package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.ExecutionTest.move48;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.GroupScheduler;
import dev.csfstudio.runtime.device.Mmu;
import dev.csfstudio.runtime.device.Queue;

/** Queues, jobs, VMs and sync objects. */
class QueueSchedulingTest {

    static final long A = 0x10000, B = 0x11000, SYNC = 0x20000;

    @Test
    void registersSetByOneJobAreSeenByTheNext() {
        ProgramFixture p = new ProgramFixture();
        p.stream("init", A, move48(76, 0xabcdefL));
        p.stream("main", B, insn("ADD_IMMEDIATE64", "dst", 0, "src", 76, "imm", 1));
        p.queue("q", "main").submit("q", "init").submit("q", "main");
        RunReport r = new Simulator().run(p.build());
        assertEquals(0xabcdf0L, r.registers()[0]);
    }

    @Test
    void fourJobsSubmittedBackToBackAllRun() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", A, insn("ADD_IMMEDIATE32", "dst", 0, "src", 0, "imm", 1));
        p.queue("q", "main");
        for (int i = 0; i < 4; i++) {
            p.submit("q", "main");
        }
        RunReport r = new Simulator().run(p.build());
        assertEquals(4, r.registers()[0]);
        assertEquals(4, r.queues().get(0).jobsCompleted());
        assertEquals(4, r.instructions());
    }

    @Test
    void twoVmsMappingTheSameVaSeeOnlyTheirOwnMemory() throws Exception {
        ProgramFixture p = new ProgramFixture().vm("other");
        long[] store = {move48(60, SYNC), insn("STORE_MULTIPLE", "base", 0, "addr", 60, "mask", 1, "offset", 0)};
        p.stream("main", "main", A, move32(0, 0x1111), store[0], store[1]);
        p.stream("second", "other", A, move32(0, 0x2222), store[0], store[1]);
        p.buffer("mine", "main", SYNC, new byte[4], false);
        p.buffer("theirs", "other", SYNC, new byte[4], false);
        p.queue("qa", "main").queue("qb", "other").submit("qa", "main").submit("qb", "second");
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertArrayEquals(new byte[] {0x11, 0x11, 0, 0}, r.memory().readBuffer("mine"));
        assertArrayEquals(new byte[] {0x22, 0x22, 0, 0}, r.memory().readBuffer("theirs"));
        assertEquals(0, r.queues().get(0).slot());
        assertEquals(1, r.queues().get(1).slot());
    }

    @Test
    void syncSetOnOneQueueReleasesAWaitOnAnother() {
        ProgramFixture p = new ProgramFixture();
        // Queue A waits for [SYNC] > 0 then sets r5; queue B (submitted second) sets [SYNC] = 1.
        p.stream("main", A, move48(50, SYNC), move32(52, 0),
                insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1), move32(5, 5));
        p.stream("release", B, move48(50, SYNC), move32(52, 1), insn("SYNC_SET32", "addr", 50, "data", 52));
        p.buffer("sync", SYNC, new byte[8]);
        p.queue("qa", "main").queue("qb", "main").submit("qa", "main").submit("qb", "release");
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(5, r.registers()[5]);
    }

    @Test
    void loneWaitingQueueIsADeadlockNamingTheWait() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", A, move48(50, SYNC), move32(52, 3),
                insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 5));
        p.buffer("sync", SYNC, new byte[8]);
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.DEADLOCK, r.status());
        assertEquals(first + 2, r.fault().line().line());
        assertEquals(SYNC, r.fault().va());
        assertTrue(r.fault().message().contains(">= 0x3"), r.fault().message());
        assertTrue(r.fault().message().contains("SYNC_WAIT32"), r.fault().message());
        assertTrue(r.coreDump() != null);
    }

    @Test
    void syncAdd64AddsToTheValue() throws Exception {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", A, move48(50, SYNC), move48(52, 0x1_0000_0000L), insn("SYNC_ADD64", "addr", 50, "data", 52),
                insn("SYNC_ADD64", "addr", 50, "data", 52));
        p.buffer("sync", SYNC, new byte[16]);
        RunReport r = new Simulator().run(p.build());
        assertArrayEquals(new byte[] {0, 0, 0, 0, 2, 0, 0, 0}, r.memory().readBuffer("sync", 0, 8));
    }

    @Test
    void waitThatRejectsErrorsFaultsOnAnErrorStatus() {
        ProgramFixture p = new ProgramFixture();
        byte[] sync = {1, 0, 0, 0, 1, 0, 0, 0}; // value 1, status word 1 = fault
        p.buffer("sync", SYNC, sync);
        p.stream("main", A, move48(50, SYNC), move32(52, 0),
                insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1, "error_reject", 1));
        RunReport r = new Simulator().run(p.build());
        assertEquals(FaultKind.SYNC_ERROR, r.fault().kind());
    }

    @Test
    void waitThatInheritsErrorsSetsTheQueueErrorState() throws Exception {
        ProgramFixture p = new ProgramFixture();
        byte[] sync = new byte[16];
        sync[0] = 1;
        sync[4] = 1;
        p.buffer("sync", SYNC, sync);
        p.stream("main", A, move48(50, SYNC), move32(52, 0),
                insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1),
                move48(54, SYNC + 8), insn("STORE_STATE", "addr", 54, "state", 3, "offset", 0));
        RunReport r = new Simulator().run(p.build());
        assertEquals(1, r.memory().readBuffer("sync", 8, 1)[0]);
    }

    @Test
    void cancelledRunStopsWithStatusCancelled() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", A, insn("BRANCH", "value", 0, "cond", 6, "offset", -1));
        RunReport r = new Simulator().run(p.build(), () -> true);
        assertEquals(RunStatus.CANCELLED, r.status());
    }

    @Test
    void fortyQueuesChainedBySyncObjectsAllRunToOk() {
        // Link k of the chain waits for sync[k] > 0 and then sets sync[k + 1] = 1; the queues are declared
        // last link first, so the eight that get CSG slots first all wait and must rotate out.
        int links = 40;
        ProgramFixture p = new ProgramFixture();
        p.buffer("sync", SYNC, new byte[8 * (links + 1)]);
        for (int k = links - 1; k >= 0; k--) {
            String name = "link" + k;
            long[] release = {move48(54, SYNC + 8L * (k + 1)), move32(56, 1), insn("SYNC_SET32", "addr", 54, "data", 56),
                    move32(7, k)};
            long[] words = k == 0 ? release : concat(new long[] {move48(50, SYNC + 8L * k), move32(52, 0),
                    insn("SYNC_WAIT32", "addr", 50, "data", 52, "cond", 1)}, release);
            p.stream(name, 0x100000L + 0x1000L * k, words);
            p.queue("q" + k, "main").submit("q" + k, name);
        }
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(links, r.queues().size());
        for (RunReport.QueueState q : r.queues()) {
            assertEquals(1, q.jobsCompleted(), q.name());
            assertEquals(Long.parseLong(q.name().substring(1)), q.registers()[7], q.name());
        }
    }

    @Test
    void moreBusyGroupsThanCsgSlotsTakeTurnsUntilAllFinish() {
        // Each job counts down from 200,000: several time slices, so groups are suspended and resumed.
        int groups = GroupScheduler.CSG_SLOTS * 2 + 1;
        ProgramFixture p = new ProgramFixture();
        p.stream("main", A, move32(0, 200_000), insn("ADD_IMMEDIATE32", "dst", 0, "src", 0, "imm", -1),
                insn("BRANCH", "value", 0, "cond", 3, "offset", -2), move32(9, 99));
        for (int i = 0; i < groups; i++) {
            p.queue("q" + i, "main").submit("q" + i, "main");
        }
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        for (RunReport.QueueState q : r.queues()) {
            assertEquals(99, q.registers()[9], q.name());
            assertEquals(400_002, q.instructions(), q.name());
        }
    }

    @Test
    void moreVmsThanAddressSpaceSlotsRebindSlotsAndKeepEachVmsMemoryApart() throws Exception {
        // Twelve VMs, one busy group each, all writing the same VA: slots are rebound while jobs are half done.
        int vms = Mmu.SLOTS + 4;
        ProgramFixture p = new ProgramFixture();
        for (int i = 0; i < vms; i++) {
            String vm = i == 0 ? "main" : "vm" + i;
            p.vm(vm);
            p.stream("s" + i, vm, A, move32(0, 100_000), insn("ADD_IMMEDIATE32", "dst", 0, "src", 0, "imm", -1),
                    insn("BRANCH", "value", 0, "cond", 3, "offset", -2), move48(60, SYNC), move32(1, 0x100 + i),
                    insn("STORE_MULTIPLE", "base", 1, "addr", 60, "mask", 1, "offset", 0));
            p.buffer("b" + i, vm, SYNC, new byte[4], false);
            p.queue("q" + i, vm).submit("q" + i, "s" + i);
        }
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        for (int i = 0; i < vms; i++) {
            byte[] b = r.memory().readBuffer("b" + i);
            assertEquals(0x100 + i, (b[0] & 0xff) | (b[1] & 0xff) << 8, "VM of queue q" + i);
            int slot = r.queues().get(i).slot();
            assertTrue(slot >= 0 && slot < Mmu.SLOTS, "slot " + slot);
        }
    }

    @Test
    void manyQueuesInOneVmGetRingBuffersThatFitTheAddressSpace() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", A, move32(0, 1));
        for (int i = 0; i < 100; i++) {
            p.queue("q" + i, "main").submit("q" + i, "main");
        }
        RunReport r = new Simulator().run(p.build());
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(100, r.instructions());
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
