package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * v12's indirect scoreboard state: SET_STATE(_IMM32) selections and masks, {@code .defer_indirect} operations,
 * {@code WAIT.indirect}, NEXT_SB_ENTRY and the shared entries of SHARED_SB_INC/DEC. One rule per test.
 */
class V12ScoreboardTest {

    private static final String DATA = """
            .arch v12
            .buffer data, size=64
                .word 7, 9
            .stream main
                MOVE48  d2, data
            """;

    private static RunReport run(String body) {
        return new Simulator().run(Sessions.assemble(DATA + body));
    }

    private static long r(RunReport report, int register) {
        return report.registers()[register];
    }

    @Test
    void waitIndirectWaitsForTheMaskSetStateSet() {
        RunReport report = run("""
                    LOAD_MULTIPLE r0, [d2]
                    SET_STATE_IMM32.sb_mask_wait #1
                    WAIT.indirect #0x0
                    ADD_IMMEDIATE32 r4, r0, #1
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
        assertEquals(8, r(report, 4));
    }

    @Test
    void waitIndirectIgnoresItsOwnMaskField() {
        RunReport report = run("""
                    LOAD_MULTIPLE r0, [d2]
                    SET_STATE_IMM32.sb_mask_wait #2
                    WAIT.indirect #0x1
                    ADD_IMMEDIATE32 r4, r0, #1
                """);
        assertEquals(RunStatus.HAZARD, report.status());
        assertEquals(9, report.fault().line().line());
    }

    @Test
    void aDeferIndirectOperationSignalsTheDeferredSelectionAndWaitsForTheWaitMask() {
        RunReport report = run("""
                    MOVE32  r12, #1
                    SET_STATE_IMM32.sb_sel_deferred #2
                    SET_STATE_IMM32.sb_mask_wait #4
                    SYNC_ADD32.defer_indirect [d2], r12, #0x0, #0
                """);
        assertEquals(RunStatus.HAZARD, report.status());
        assertTrue(report.fault().message().contains("SYNC_ADD32 waits for scoreboard entry 2, the entry it signals"),
                report.fault().message());
    }

    @Test
    void aWaitOnTheDeferredSelectionCompletesADeferIndirectSync() {
        RunReport report = run("""
                    MOVE32  r12, #5
                    SET_STATE_IMM32.sb_sel_deferred #3
                    SET_STATE_IMM32.sb_mask_wait #1
                    SYNC_ADD32.defer_indirect [d2], r12, #0x0, #0
                    WAIT    #0x8
                    LOAD_MULTIPLE r6, [d2]
                    WAIT    #0x1
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
        assertEquals(12, r(report, 6));
    }

    @Test
    void setStateFromARegisterSelectsTheEndpointEntry() {
        RunReport report = run("""
                    MOVE32  r1, #5
                    SET_STATE.sb_sel_endpoint r1
                """);
        assertEquals(RunStatus.OK, report.status());
        assertEquals(5, report.queues().get(0).scoreboard().endpointEntry());
    }

    @Test
    void setStateBeyondTheSixteenEntriesIsAnInvalidInstruction() {
        RunReport report = run("""
                    SET_STATE_IMM32.sb_sel_other #16
                """);
        assertEquals(RunStatus.FAULT, report.status());
        assertEquals(FaultKind.INVALID_INSTRUCTION, report.fault().kind());
        assertTrue(report.fault().message().contains("SET_STATE selects entry 16: v12 has 16 scoreboard entries (0..15)"),
                report.fault().message());
    }

    @Test
    void nextSbEntryReturnsTheNextEndpointEntryOfTheStreamMask() {
        RunReport report = run("""
                    SET_STATE_IMM32.sb_mask_stream #6
                    NEXT_SB_ENTRY.endpoint.index r0
                    NEXT_SB_ENTRY.endpoint.index r1
                    NEXT_SB_ENTRY.endpoint.mask r2
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
        assertEquals(1, r(report, 0));
        assertEquals(2, r(report, 1));
        assertEquals(1 << 1, r(report, 2));
        assertEquals(1, report.queues().get(0).scoreboard().endpointEntry());
    }

    @Test
    void nextSbEntryWaitsForTheEntryItSelectsToBeFree() {
        RunReport report = run("""
                    SET_SB_ENTRY #0, #1
                    LOAD_MULTIPLE r4, [d2]
                    NEXT_SB_ENTRY.endpoint.index r0
                    ADD_IMMEDIATE32 r5, r4, #1
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
        assertEquals(8, r(report, 5));
    }

    @Test
    void aSharedDecrementTakesWhatAnIncrementAdded() {
        RunReport report = run("""
                    SHARED_SB_INC #0, #4
                    SHARED_SB_DEC #4
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
    }

    @Test
    void aSharedDecrementWaitsForTheDeferredIncrementInFlight() {
        RunReport report = run("""
                    LOAD_MULTIPLE r4, [d2]
                    SET_STATE_IMM32.sb_sel_deferred #3
                    SHARED_SB_INC #1, #4
                    SHARED_SB_DEC #4
                    ADD_IMMEDIATE32 r5, r4, #1
                """);
        assertEquals(RunStatus.OK, report.status(), () -> String.valueOf(report.fault()));
        assertEquals(8, r(report, 5));
    }

    @Test
    void aSharedDecrementNothingCanRaiseWaitsForever() {
        RunReport report = run("""
                    SHARED_SB_DEC #4
                """);
        assertEquals(RunStatus.FAULT, report.status());
        assertEquals(FaultKind.DEADLOCK, report.fault().kind());
        assertEquals(6, report.fault().line().line());
    }
}
