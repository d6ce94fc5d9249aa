package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The execution model of asynchronous operations: scoreboard entries, completion at the latest moment by
 * default, and the hazards of an instruction racing an operation in flight. One rule per test, the smallest
 * stream that shows it.
 */
class AsyncExecutionTest {

    /** A buffer holding 7 and 9 with d2 pointing at it: the first instruction after it is line 5. */
    private static final String DATA = """
            .buffer data, size=64
                .word 7, 9
            .stream main
                MOVE48  d2, data
            """;

    /** Loads 7 into r0 on scoreboard entry 0, the default for other operations. */
    private static final String LOAD_R0 = "LOAD_MULTIPLE r0, [d2]";

    /** Reads r0 (r4 = r0 + 1). */
    private static final String READ_R0 = "ADD_IMMEDIATE32 r4, r0, #1";

    /** Adds 1 to the sync object at d2 once entry 0's operations are done, signalling entry 2: two lines. */
    private static final String DEFERRED_ADD = "MOVE32  r12, #1\nSYNC_ADD32 [d2], r12, #0x1, #2";

    private static RunReport run(String source, RunOptions options) {
        return new Simulator(options).run(Sessions.assemble(source));
    }

    private static RunReport run(String source) {
        return run(source, RunOptions.defaults());
    }

    /** {@link #DATA} followed by {@code instructions} (each one or more lines), run with {@code options}. */
    private static RunReport afterData(RunOptions options, String... instructions) {
        return run(DATA + lines(instructions), options);
    }

    private static RunReport afterData(String... instructions) {
        return afterData(RunOptions.defaults(), instructions);
    }

    /** The lines of {@code instructions}, each indented as a stream's instruction. */
    private static String lines(String... instructions) {
        StringBuilder out = new StringBuilder();
        for (String instruction : instructions) {
            instruction.lines().forEach(line -> out.append("    ").append(line).append('\n'));
        }
        return out.toString();
    }

    private static long r(RunReport report, int register) {
        return report.registers()[register];
    }

    private static void assertHazardAt(int line, RunReport report) {
        assertEquals(RunStatus.HAZARD, report.status());
        assertEquals(line, report.fault().line().line());
    }

    private static void assertFirstHazard(String kind, RunReport report) {
        assertEquals(RunStatus.HAZARD, report.status());
        assertEquals(kind, report.hazards().get(0).kind());
    }

    private static void assertMessageStartsWith(String start, RunReport report) {
        assertTrue(report.fault().message().startsWith(start), report.fault().message());
    }

    private static void assertOk(RunReport report) {
        assertEquals(RunStatus.OK, report.status(), report.fault() == null ? "" : report.fault().message());
    }

    @Test
    void aV13ArithOperationReadingARegisterAnInFlightLoadWillWriteIsAHazard() {
        RunReport report = run(".arch v13\n" + DATA + lines(LOAD_R0, "SUB32 r4, r5, r0"));
        assertHazardAt(7, report);
        assertMessageStartsWith("read of r0 while LOAD_MULTIPLE at line 6", report);
    }

    @Test
    void aReadOfARegisterAnInFlightLoadWillWriteStopsTheRunAtTheReadingLine() {
        RunReport report = afterData(LOAD_R0, READ_R0);
        assertHazardAt(6, report);
        assertEquals("read of r0 while LOAD_MULTIPLE at line 5 (scoreboard entry 0) is in flight; WAIT #0x1 before line 6"
                + "; " + report.fault().hardware().summary(), report.fault().message());
        assertTrue(report.fault().hardware() instanceof HardwareReport.NotRaised, "the GPU raises no exception for a race");
        assertEquals(FaultKind.HAZARD, report.fault().kind());
        assertNotNull(report.coreDump(), "a hazard leaves a core dump as a fault does");
    }

    @Test
    void aWaitOnTheLoadsEntryMakesTheLoadedValueVisible() {
        RunReport report = afterData(LOAD_R0, "WAIT    #0x1", READ_R0);
        assertOk(report);
        assertEquals(8, r(report, 4));
    }

    @Test
    void eagerCompletionIsTodaysBehaviourAndSeesTheValueWithoutAWait() {
        RunReport report = afterData(RunOptions.defaults().withCompletion(new Completion.Eager()), LOAD_R0, READ_R0);
        assertOk(report);
        assertEquals(8, r(report, 4));
    }

    @Test
    void ignoringHazardsRunsOnWithTheStaleValueAndListsEveryHazard() {
        RunReport report = afterData(RunOptions.defaults().withHazards(RunOptions.HazardMode.IGNORE),
                "LOAD_MULTIPLE r0:r1, [d2]", READ_R0, "ADD_IMMEDIATE32 r5, r1, #1");
        assertEquals(RunStatus.HAZARD, report.status());
        assertEquals(1, r(report, 4), "r0 still held its old value, 0");
        assertEquals(List.of(6, 7), report.hazards().stream().map(h -> h.line().line()).toList());
        assertEquals(6, report.fault().line().line(), "the run reports its first hazard");
        assertEquals(7, r(report, 0), "the load completed at the job's end");
    }

    @Test
    void aWriteOfARegisterAnInFlightStoreStillReadsIsAHazard() {
        RunReport report = afterData("MOVE32  r0, #5", "STORE_MULTIPLE [d2], r0", "MOVE32  r0, #6");
        assertHazardAt(7, report);
        assertMessageStartsWith("write of r0 while STORE_MULTIPLE at line 6 (scoreboard entry 0),"
                + " which still reads it, is in flight", report);
    }

    @Test
    void aWriteOfARegisterAnInFlightLoadWillWriteIsAHazard() {
        RunReport report = afterData(LOAD_R0, "MOVE32  r0, #6");
        assertFirstHazard("write", report);
        assertHazardAt(6, report);
    }

    @Test
    void aLoadOfMemoryAnInFlightStoreWritesIsAHazard() {
        RunReport report = afterData("MOVE32  r0, #5", "STORE_MULTIPLE [d2 + 4], r0", "LOAD_MULTIPLE r1, [d2 + 4]");
        assertFirstHazard("memory", report);
        assertHazardAt(7, report);
    }

    @Test
    void aLoadBesideWhatAnInFlightStoreWritesIsNoHazard() {
        RunReport report = afterData("MOVE32  r0, #5", "STORE_MULTIPLE [d2 + 4], r0", "LOAD_MULTIPLE r1, [d2]",
                "WAIT    #0x1");
        assertOk(report);
        assertEquals(7, r(report, 1));
    }

    @Test
    void aDeferredOperationWaitingOnTheEntryItSignalsIsAHazardAtItsOwnLine() {
        RunReport report = afterData("MOVE32  r12, #1", "SYNC_ADD32 [d2], r12, #0x2, #1");
        assertFirstHazard("self_wait", report);
        assertHazardAt(6, report);
    }

    @Test
    void aLoadOfASyncObjectADeferredUpdateHasNotCompletedIsAHazard() {
        RunReport report = afterData(DEFERRED_ADD, LOAD_R0);
        assertHazardAt(7, report);
    }

    @Test
    void aDeferredSyncUpdateBecomesVisibleWhenItCompletes() {
        RunReport report = afterData(DEFERRED_ADD, "WAIT    #0x4", LOAD_R0, "WAIT    #0x1");
        assertOk(report);
        assertEquals(8, r(report, 0));
    }

    @Test
    void aWaitIsRecordedWithTheOperationsInFlightOnItsEntriesTheFirstTimesItIsReached() {
        RunReport report = run(DATA + """
                    MOVE32  r10, #10
                loop:
                    LOAD_MULTIPLE r0, [d2]
                    WAIT    #0x1
                    ADD_IMMEDIATE32 r10, r10, #-1
                    BRANCH.ne r10, loop
                    WAIT    #0x1
                """);
        assertOk(report);
        List<RunReport.Wait> inLoop = report.waits().stream().filter(w -> w.line().line() == 8).toList();
        assertEquals(dev.csfstudio.runtime.report.RunRecorder.WAITS_PER_LINE, inLoop.size(), "a loop's first rounds only");
        RunReport.InFlight load = inLoop.get(0).waitedFor().get(0);
        assertEquals(List.of("LOAD_MULTIPLE", 7), List.of(load.mnemonic(), load.line().line()));
        List<RunReport.Wait> last = report.waits().stream().filter(w -> w.line().line() == 11).toList();
        assertEquals(1, last.size());
        assertTrue(last.get(0).waitedFor().isEmpty(), "nothing in flight");
    }

    @Test
    void anAlwaysTakenBranchReadsNoRegister() {
        RunReport report = run(DATA + """
                    LOAD_MULTIPLE r0, [d2]
                    BRANCH.always r0, next
                next:
                    WAIT    #0x1
                """);
        assertOk(report);
    }

    @Test
    void loadsSignalTheOtherEntrySetSbEntrySelected() {
        RunReport report = afterData("SET_SB_ENTRY #3, #2", LOAD_R0, "WAIT    #0x1", READ_R0);
        assertEquals(RunStatus.HAZARD, report.status());
        assertTrue(report.fault().message().contains("(scoreboard entry 2) is in flight; WAIT #0x4 before line 8"),
                report.fault().message());
    }

    @Test
    void aScoreboardEntryBeyondTheArchitecturesCountFaults() {
        RunReport report = afterData("SET_SB_ENTRY #8, #0");
        assertEquals(RunStatus.FAULT, report.status());
        assertEquals(FaultKind.INVALID_INSTRUCTION, report.fault().kind());
        assertTrue(report.fault().message().startsWith("SET_SB_ENTRY names scoreboard entry 8 but v10 has 8 scoreboard entries:"
                + " allowed 0..7; "), report.fault().message());
    }

    @Test
    void theJobsEndCompletesWhatIsInFlightAsTheKernelsRingWaitsOnEveryEntry() {
        RunReport report = afterData(LOAD_R0);
        assertOk(report);
        assertEquals(7, r(report, 0));
        assertTrue(report.queues().get(0).scoreboard().inFlight().isEmpty());
    }

    @Test
    void theReportShowsWhatAHazardLeftInFlight() {
        RunReport report = afterData(LOAD_R0, READ_R0);
        RunReport.ScoreboardState sb = report.queues().get(0).scoreboard();
        assertEquals(8, sb.entries());
        assertEquals(List.of("LOAD_MULTIPLE"), sb.inFlight().stream().map(RunReport.InFlight::mnemonic).toList());
        assertEquals(5, sb.inFlight().get(0).line().line());
    }

    @Test
    void everyQueueBlockedCompletesWhatIsInFlightBeforeCallingItADeadlock() {
        RunReport report = run("""
                .buffer syncs, size=16
                .queue a
                .queue b
                .submit a, first
                .submit b, second
                .stream first
                    MOVE48  d20, syncs
                    MOVE48  d30, syncs + 8
                    MOVE32  r1, #1
                    SYNC_SET32 [d20], r1, #0x1, #2
                    SYNC_WAIT32.ge d30, r1
                .stream second
                    MOVE48  d20, syncs
                    MOVE48  d30, syncs + 8
                    MOVE32  r1, #1
                    SYNC_WAIT32.ge d20, r1
                    SYNC_SET32 [d30], r1, #0x0, #0
                """);
        assertOk(report);
    }

    @Test
    void aRandomSeedCompletesAtTheSamePointsEachRun() {
        RunOptions seeded = RunOptions.defaults().withCompletion(new Completion.Random(42))
                .withHazards(RunOptions.HazardMode.IGNORE);
        String[] instructions = {LOAD_R0, "MOVE32  r6, #1", "MOVE32  r6, #2", READ_R0};
        RunReport first = afterData(seeded, instructions);
        RunReport again = afterData(seeded, instructions);
        assertEquals(first.status(), again.status());
        assertEquals(first.hazards(), again.hazards());
        assertEquals(r(first, 4), r(again, 4));
    }

    /** A 4x4 red clear whose RUN_FRAGMENT (line 14) signals entry 0; d50 is the colour buffer, d52 a sync. */
    private static final String CLEAR = """
            .buffer color, size=4 * 4 * 4
            .buffer sync, size=8
            .buffer fb, align=64
            fbd:
                .fbd width=4, height=4
                .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16, clear=0xff0000ff
            .stream main
                MOVE48  d40, fbd(fbd)
                MOVE32  r42, #0
                MOVE32  r43, 3 << 16 | 3
                MOVE48  d50, color
                MOVE48  d52, sync
                MOVE32  r54, #1
                RUN_FRAGMENT
            """;

    /** {@link #CLEAR} followed by one instruction, line 15. */
    private static RunReport afterClear(String instruction) {
        return run(CLEAR + lines(instruction));
    }

    @Test
    void aLoadOfTheRenderTargetRightAfterRunFragmentIsAHazard() {
        RunReport report = afterClear("LOAD_MULTIPLE r0, [d50]");
        assertHazardAt(15, report);
        assertMessageStartsWith("load of 4 bytes at ", report);
    }

    @Test
    void aSyncSignalledRightAfterRunFragmentIsAHazard() {
        RunReport report = afterClear("SYNC_ADD32 [d52], r54, #0x0, #0");
        assertFirstHazard("release", report);
    }

    @Test
    void aSyncDeferredOnTheFragmentJobsEntryIsNoHazard() {
        RunReport report = afterClear("SYNC_ADD32 [d52], r54, #0x1, #1");
        assertOk(report);
        assertEquals(0xff0000ff, report.renderTargets().get(0).pixels()[0], "the job's end completed the clear");
    }
}
