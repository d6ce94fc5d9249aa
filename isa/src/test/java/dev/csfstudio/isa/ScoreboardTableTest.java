package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the tables say each instruction does with the scoreboard and which registers it reads and writes. */
class ScoreboardTableTest {

    private static final InstructionSet V10 = InstructionSet.v10();
    private static final InstructionSet V12 = InstructionSet.v12();

    private static InstructionDef def(InstructionSet isa, String mnemonic) {
        return isa.byMnemonic(mnemonic).orElseThrow();
    }

    @Test
    void eachArchitectureHasMesasEntryCount() {
        assertEquals(8, Arch.V10.scoreboardEntries());
        assertEquals(16, Arch.V12.scoreboardEntries());
    }

    @Test
    void loadMultipleWritesItsListAsynchronouslyOnTheOtherEntryAndReadsItsAddress() {
        InstructionDef load = def(V10, "LOAD_MULTIPLE");
        long word = Encoder.encode(load, Map.of("base", 40L, "mask", 0b101L, "addr", 10L, "offset", 0L));
        RegisterAccess access = new RegisterAccess(96).of(load, word);
        assertEquals(Scoreboard.SIGNAL_OTHER, load.scoreboard());
        assertTrue(load.scoreboard().isAsynchronous(load, word));
        assertTrue(access.writes(40) && access.listed(40) && access.writes(42));
        assertFalse(access.writes(41), "bit 1 of the mask is clear");
        assertTrue(access.reads(10) && access.reads(11) && !access.listed(10));
    }

    @Test
    void storeMultipleReadsItsList() {
        InstructionDef store = def(V10, "STORE_MULTIPLE");
        long word = Encoder.encode(store, Map.of("base", 4L, "mask", 0b11L, "addr", 10L, "offset", 0L));
        RegisterAccess access = new RegisterAccess(96).of(store, word);
        assertTrue(access.reads(4) && access.reads(5) && access.listed(5));
        assertFalse(access.writes(4));
    }

    @Test
    void aSyncOperationIsDeferredOnlyWithAWaitMask() {
        InstructionDef add = def(V10, "SYNC_ADD32");
        long now = Encoder.encode(add, Map.of("addr", 2L, "data", 4L));
        long deferred = Encoder.encode(add, Map.of("addr", 2L, "data", 4L, "wait_mask", 0b110L, "signal_slot", 3L));
        assertFalse(add.scoreboard().isAsynchronous(add, now));
        assertTrue(add.scoreboard().isAsynchronous(add, deferred));
        assertEquals(0b110, add.scoreboard().waitMask(add, deferred));
        assertEquals(3, add.scoreboard().signalSlot(add, deferred));
    }

    @Test
    void aCacheFlushIsAlwaysAsynchronousOnItsSignalSlot() {
        InstructionDef flush = def(V10, "FLUSH_CACHE2");
        long word = Encoder.encode(flush, Map.of("flush_id", 0L, "signal_slot", 2L));
        assertTrue(flush.scoreboard().isAsynchronous(flush, word));
        assertEquals(2, flush.scoreboard().signalSlot(flush, word));
    }

    @Test
    void anAlwaysTakenBranchReadsNoRegister() {
        InstructionDef branch = def(V10, "BRANCH");
        long always = Encoder.encode(branch, Map.of("value", 7L, "cond", 6L, "offset", 1L));
        long ne = Encoder.encode(branch, Map.of("value", 7L, "cond", 3L, "offset", 1L));
        assertFalse(new RegisterAccess(96).of(branch, always).reads(7));
        assertTrue(new RegisterAccess(96).of(branch, ne).reads(7));
    }

    @Test
    void setScoreboardEntrySelectsFromItsFields() {
        InstructionDef select = def(V10, "SET_SB_ENTRY");
        long word = Encoder.encode(select, Map.of("endpoint", 2L, "other", 5L));
        assertEquals(2, select.scoreboard().selectedEndpoint(select, word));
        assertEquals(5, select.scoreboard().selectedOther(select, word));
    }

    @Test
    void v12IndirectModesTakeTheirMaskAndSlotFromSetState() {
        InstructionDef add = def(V12, "SYNC_ADD32");
        long word = Encoder.encode(add, Map.of("addr", 2L, "data", 4L, "defer_mode", 1L));
        assertEquals(Scoreboard.INDIRECT, add.scoreboard().waitMask(add, word));
        assertEquals(Scoreboard.INDIRECT, add.scoreboard().signalSlot(add, word));
        InstructionDef wait = def(V12, "WAIT");
        assertEquals(Scoreboard.INDIRECT, wait.scoreboard().waitMask(wait, Encoder.encode(wait, Map.of("wait_mode", 1L))));
    }

    @Test
    void aLogicOpReadsOnlyTheOperandsItsTruthTableDependsOn() {
        InstructionDef logic = def(V12, "LOGIC_OP32");
        long movA = Encoder.encode(logic, Map.of("dst", 1L, "src0", 2L, "src1", 3L, "mode", 3L, "index", 0L));
        RegisterAccess access = new RegisterAccess(128).of(logic, movA);
        assertTrue(access.reads(2) && access.writes(1));
        assertFalse(access.reads(3), "mov_a's result does not depend on B");
    }

    @Test
    void v12sShareIncrementIsDeferredOnlyWithAMaskOrIndirect() {
        InstructionDef inc = def(V12, "SHARED_SB_INC");
        Async async = inc.semantics().async().orElseThrow();
        assertFalse(async.asynchronous(Encoder.encode(inc, Map.of("wait_mask", 0L, "shared_entry", 4L))));
        assertTrue(async.asynchronous(Encoder.encode(inc, Map.of("wait_mask", 2L, "shared_entry", 4L))));
        long indirect = Encoder.encode(inc, Map.of("wait_mask", 0L, "shared_entry", 4L, "defer_mode", 1L));
        assertTrue(async.indirect(indirect) && async.asynchronous(indirect));
        assertEquals(-1, async.signalSlotOf(indirect), "it has no signal slot");
    }

    @Test
    void nextSbEntryWritesItsRegisterAndSetStateReadsIts() {
        InstructionDef next = def(V12, "NEXT_SB_ENTRY");
        assertTrue(new RegisterAccess(128).of(next, Encoder.encode(next, Map.of("dst", 9L, "sb_type", 1L, "format", 0L)))
                .writes(9));
        InstructionDef set = def(V12, "SET_STATE");
        assertTrue(new RegisterAccess(128).of(set, Encoder.encode(set, Map.of("src", 7L, "state", 9L))).reads(7));
    }
}
