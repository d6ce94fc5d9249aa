package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Severity;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scoreboard check's rules, each on the smallest stream that shows it. */
class ScoreboardCheckTest {

    /** The scoreboard diagnostics of {@code source} as "line: code". */
    private static List<String> found(String source) {
        return scoreboard(source).stream().map(d -> d.range().line() + ": " + d.code().id()).toList();
    }

    private static List<Diagnostic> scoreboard(String source) {
        return Sources.assemble(source).diagnostics().stream().filter(d -> d.code().id().startsWith("scoreboard-")).toList();
    }

    @Test
    void aReadRightAfterALoadIsAWarningNamingBothLinesAndTheWait() {
        Diagnostic d = scoreboard("LOAD_MULTIPLE r0, [d10 + 0]\nADD_IMMEDIATE32 r1, r0, #1\n").get(0);
        assertEquals(Severity.WARNING, d.severity());
        assertEquals(2, d.range().line());
        assertEquals("read of r0 while LOAD_MULTIPLE at line 1 (scoreboard entry 0) may still write it; WAIT #0x1"
                + " before line 2", d.message());
        assertEquals(List.of("WAIT #0x1"), d.suggestions());
        assertEquals(1, d.related().get(0).range().line());
    }

    @Test
    void aRawWordNamingRegistersPastTheFileIsCheckedLikeAnyOther() {
        // CALL d255, r255 from .inst: the check follows the call's target registers back without failing.
        assertEquals(List.of(), Sources.assemble("NOP\n.inst 0x20ffffffffffffff\nBRANCH.always r0, L\nL: .inst 0x15000aca191a2144\n")
                .diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).map(Diagnostic::message).toList());
    }

    @Test
    void aWaitOnTheLoadStoreEntryMakesTheReadSafe() {
        assertEquals(List.of(), found("LOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x1\nADD_IMMEDIATE32 r1, r0, #1\n"));
    }

    @Test
    void aWaitOnAnotherEntryDoesNot() {
        assertEquals(List.of("3: scoreboard-load-in-flight"),
                found("LOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x2\nADD_IMMEDIATE32 r1, r0, #1\nFLUSH_CACHE2 r0, #0, #1\n"));
    }

    @Test
    void aRegisterTheLoadDoesNotWriteIsFree() {
        assertEquals(List.of(), found("LOAD_MULTIPLE r0, [d10 + 0]\nADD_IMMEDIATE32 r1, r2, #1\nWAIT #0x1\n"));
    }

    @Test
    void writingARegisterALoadStillWritesIsAWarning() {
        assertEquals(List.of("2: scoreboard-load-in-flight"), found("LOAD_MULTIPLE r0, [d10 + 0]\nMOVE32 r0, #5\n"));
    }

    @Test
    void aCheckThatRunsOutOfStepsKeepsWhatItFoundAndSaysOnceWhereItStopped() {
        String source = """
                LOAD_MULTIPLE r0, [d10 + 0]
                ADD_IMMEDIATE32 r1, r0, #1
                loop: NOP
                LOAD_MULTIPLE r4, [d10 + 0]
                BRANCH.ne r9, loop
                ADD_IMMEDIATE32 r5, r4, #1
                """;
        // With room: the reads at lines 2 and 6, and line 4's load writing r4 again on the loop's second pass.
        assertEquals(List.of("2: scoreboard-load-in-flight", "4: scoreboard-load-in-flight",
                "6: scoreboard-load-in-flight"), found(source));
        // Five steps reach the loop's branch, neither its second pass nor the line after it: line 2 stands, lines 4
        // and 6 are not guessed.
        List<Diagnostic> stopped = withSteps(5, source);
        assertEquals(List.of("2: scoreboard-load-in-flight", "6: scoreboard-check-stopped"),
                stopped.stream().map(d -> d.range().line() + ": " + d.code().id()).toList());
        assertEquals(Severity.NOTE, stopped.get(1).severity());
        // No budget: no check at all.
        assertEquals(List.of(), withSteps(0, source));
    }

    @Test
    void lookingBackForACallsTargetCountsAgainstTheSteps() {
        // Line 13's CALL looks back over the twelve lines before it for the MOVE48/MOVE32 that would set d20 and r22:
        // thirteen steps to walk to it, twelve more to look back. Without the look-back counted, the whole walk is
        // 14 steps and 15 would reach the end.
        String source = "LOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x1\n" + "NOP\n".repeat(10) + "CALL d20, r22\nNOP\n";
        assertEquals(List.of(), withSteps(40, source));
        assertEquals(List.of("13: scoreboard-check-stopped"),
                withSteps(15, source).stream().map(d -> d.range().line() + ": " + d.code().id()).toList());
    }

    /** The scoreboard diagnostics of {@code source} assembled with a walk of at most {@code steps} steps. */
    private static List<Diagnostic> withSteps(long steps, String source) {
        return new Assembler(AssemblerOptions.defaults().withScoreboardSteps(steps))
                .assembleText(Sources.MAIN, source, file -> {
                    throw new java.nio.file.NoSuchFileException(file.toString());
                }).diagnostics().stream().filter(d -> d.code().id().startsWith("scoreboard-")).toList();
    }

    @Test
    void aJobReadsEveryRegisterSoItWaitsForEveryLoad() {
        assertEquals(List.of("2: scoreboard-load-in-flight"), found("LOAD_MULTIPLE r7, [d10 + 0]\nRUN_FRAGMENT\n"));
    }

    @Test
    void writingAStoresSourceBeforeItsWaitIsAWarning() {
        assertEquals(List.of("2: scoreboard-store-in-flight"),
                found("STORE_MULTIPLE [d10 + 0], r4\nMOVE32 r4, #1\n"));
        assertEquals(List.of(), found("STORE_MULTIPLE [d10 + 0], r4\nWAIT #0x1\nMOVE32 r4, #1\n"));
    }

    @Test
    void theEntrySetScoreboardEntrySelectedIsTheOneToWaitFor() {
        List<Diagnostic> d = scoreboard("SET_SB_ENTRY #0, #3\nLOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x1\n"
                + "ADD_IMMEDIATE32 r1, r0, #1\n");
        assertEquals(List.of("WAIT #0x8"), d.get(0).suggestions());
        assertEquals(List.of(), found("SET_SB_ENTRY #0, #3\nLOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x8\n"
                + "ADD_IMMEDIATE32 r1, r0, #1\n"));
    }

    @Test
    void aLoadOnOnlyOneSideOfABranchStillNeedsItsWaitAfterTheJoin() {
        assertEquals(List.of("4: scoreboard-load-in-flight"), found("""
                        BRANCH.eq r5, join
                        LOAD_MULTIPLE r0, [d10 + 0]
                join:   NOP
                        ADD_IMMEDIATE32 r1, r0, #1
                """));
    }

    @Test
    void aCalledStreamSeesTheLoadsOfItsCaller() {
        assertEquals(List.of("9: scoreboard-load-in-flight"), found("""
                .stream main
                    LOAD_MULTIPLE r40, [d10 + 0]
                    MOVE48 d6, helper
                    MOVE32 r8, sizeof(helper)
                    CALL d6, r8
                    WAIT #0x1

                .stream helper
                    ADD_IMMEDIATE32 r1, r40, #1
                """));
    }

    @Test
    void aWaitInTheCalledStreamCoversTheCallerAfterItReturns() {
        assertEquals(List.of(), found("""
                .stream main
                    LOAD_MULTIPLE r40, [d10 + 0]
                    MOVE48 d6, helper
                    MOVE32 r8, sizeof(helper)
                    CALL d6, r8
                    ADD_IMMEDIATE32 r1, r40, #1

                .stream helper
                    WAIT #0x1
                """));
    }

    @Test
    void aJumpChainCarriesTheLoadIntoTheNextChunk() {
        assertEquals(List.of("8: scoreboard-load-in-flight"), found("""
                .stream main
                    LOAD_MULTIPLE r40, [d10 + 0]
                    MOVE48 d2, chunk2
                    MOVE32 r4, sizeof(chunk2)
                    JUMP d2, r4

                .stream chunk2
                    ADD_IMMEDIATE32 r1, r40, #1
                """));
    }

    @Test
    void aJumpItCannotResolveEndsWhatItSays() {
        assertEquals(List.of(), found("""
                .stream main
                    LOAD_MULTIPLE r20, [d10 + 0]
                    JUMP d2, r4

                .stream chunk2
                    ADD_IMMEDIATE32 r1, r20, #1
                """));
    }

    @Test
    void nothingIsInFlightAcrossJobsBecausePanthorWaitsAfterEach() {
        assertEquals(List.of(), found("""
                .queue q
                .submit q, first
                .submit q, second
                .stream first
                    LOAD_MULTIPLE r0, [d10 + 0]
                .stream second
                    ADD_IMMEDIATE32 r1, r0, #1
                """));
    }

    @Test
    void aDeferredOperationWaitingForItsOwnSlotIsFlagged() {
        // A warning, not an error: the word is a valid encoding (it disassembles and assembles back), and a stream
        // that shows the deadlock on the simulated device must still assemble; --Werror refuses it.
        List<Diagnostic> d = scoreboard("SYNC_ADD32 [d22], r12, #0x2, #1\n");
        assertEquals(Severity.WARNING, d.get(0).severity());
        assertEquals("scoreboard-self-wait", d.get(0).code().id());
        assertEquals(List.of(), found("FLUSH_CACHE2 r0, #0x0, #1\nSYNC_ADD32 [d22], r12, #0x2, #2\nWAIT #0x4\n"));
    }

    @Test
    void anEntryPastTheArchitecturesCountIsFlagged() {
        assertEquals(List.of("1: scoreboard-entry-range"), found("SET_SB_ENTRY #8, #0\n"));
        assertEquals(List.of("1: scoreboard-entry-range"), found("SYNC_ADD32 [d2], r4, #0x100, #1\n"));
        assertEquals(List.of(), found(".arch v12\nSET_SB_ENTRY #8, #0\nRUN_FRAGMENT\nWAIT #0x100\n"));
    }

    @Test
    void v12sSetStateImmediatePastTheSixteenEntriesIsFlaggedInTheRuntimesWords() {
        List<Diagnostic> d = scoreboard(".arch v12\nSET_STATE_IMM32.sb_sel_other #16\n");
        assertEquals(List.of("2: scoreboard-entry-range"), d.stream().map(x -> x.range().line() + ": " + x.code().id()).toList());
        assertEquals("SET_STATE selects entry 16: v12 has 16 scoreboard entries (0..15)", d.get(0).message());
        assertEquals(List.of("2: scoreboard-entry-range"), found(".arch v12\nSET_STATE_IMM32.sb_mask_wait #0x10000\n"));
        assertEquals(List.of(), found(".arch v12\nSET_STATE_IMM32.sb_sel_other #15\nSET_STATE_IMM32.sb_mask_wait #0xffff\n"));
    }

    @Test
    void aWaitMaskNamingAnEntryNothingSignalsIsAWarning() {
        assertEquals(List.of("2: scoreboard-unsignalled-wait"), found("RUN_FRAGMENT\nWAIT #0x5\n"));
        assertEquals(List.of(), found("SET_SB_ENTRY #2, #0\nRUN_FRAGMENT\nWAIT #0x4\n"));
    }

    @Test
    void v12sWaitIndirectWaitsForTheMaskSetStateSet() {
        assertEquals(List.of(), found(".arch v12\nLOAD_MULTIPLE r0, [d10 + 0]\nSET_STATE_IMM32.sb_mask_wait #1\n"
                + "WAIT.indirect #0x0\nADD_IMMEDIATE32 r1, r0, #1\n"));
        assertEquals(List.of("5: scoreboard-load-in-flight"), found(".arch v12\nLOAD_MULTIPLE r0, [d10 + 0]\n"
                + "SET_STATE_IMM32.sb_mask_wait #2\nWAIT.indirect #0x1\nADD_IMMEDIATE32 r1, r0, #1\n"));
    }

    @Test
    void v12sOtherSelectionBySetStateIsTheEntryToWaitFor() {
        assertEquals(List.of("5: scoreboard-load-in-flight"), found(".arch v12\nSET_STATE_IMM32.sb_sel_other #3\n"
                + "LOAD_MULTIPLE r0, [d10 + 0]\nWAIT #0x1\nADD_IMMEDIATE32 r1, r0, #1\n"));
    }

    @Test
    void aDeferIndirectOperationWaitingOnTheDeferredEntryItSignalsIsAWarning() {
        assertEquals(List.of("4: scoreboard-self-wait"), found(".arch v12\nSET_STATE_IMM32.sb_sel_deferred #2\n"
                + "SET_STATE_IMM32.sb_mask_wait #4\nSYNC_ADD32.defer_indirect [d10], r12, #0x0, #0\n"));
        assertEquals(List.of(), found(".arch v12\nSET_STATE_IMM32.sb_sel_deferred #2\n"
                + "SET_STATE_IMM32.sb_mask_wait #1\nSYNC_ADD32.defer_indirect [d10], r12, #0x0, #0\n"));
    }

    @Test
    void setStateFromARegisterLeavesTheCheckSilentRatherThanGuessing() {
        assertEquals(List.of(), found(".arch v12\nLOAD_MULTIPLE r0, [d10 + 0]\nSET_STATE.sb_mask_wait r5\n"
                + "WAIT.indirect #0x0\nADD_IMMEDIATE32 r1, r0, #1\n"));
    }
}
