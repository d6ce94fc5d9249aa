package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.Queue;

/** A core dump rebuilt: the whole device as the run left it, from the same program. */
class PostMortemTest {

    /** The dump of a run as core.json holds it (the json module writes and reads the file). */
    private static PostMortem dumped(Program program, RunOptions options, Path dir) {
        RunReport run = new Simulator(options).run(program);
        return new PostMortem(dir.resolve("core.json"), run.status(), run.fault(), run.coreDump(), Optional.empty());
    }

    @Test
    void rebuildingWithTheSameProgramGivesTheWholeStateTheRunEndedIn(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        PostMortem dump = dumped(program, RunOptions.defaults(), dir);
        Machine rebuilt = dump.rebuild(program, true).orElseThrow();
        StopReason.Fault end = assertInstanceOf(StopReason.Fault.class, rebuilt.lastStop().orElseThrow());
        assertEquals(dump.fault(), withSameLines(end.fault(), dump.fault()));
        Machine original = Sessions.load(program);
        original.resume();
        MachineStates.assertSameState(original, rebuilt, "rebuilt from core.json");
        assertInstanceOf(StopReason.Stepped.class, rebuilt.stepBack("main").orElseThrow(),
                "history was recorded on the way: it can go back from the fault");
    }

    /** The dump's lines carry one-character ranges; compare the rest. */
    private static RunReport.Fault withSameLines(RunReport.Fault f, RunReport.Fault like) {
        return new RunReport.Fault(f.kind(), f.va(), f.addressSpace(), f.slot(), like.line(), f.message(),
                like.callChain(), f.queue(), f.instruction(), f.hardware());
    }

    @Test
    void aDeadlockIsRebuiltWaitingAsItWas(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-sync-deadlock.csf");
        PostMortem dump = dumped(program, RunOptions.defaults(), dir);
        Machine rebuilt = dump.rebuild(program, false).orElseThrow();
        StopReason.Deadlock end = assertInstanceOf(StopReason.Deadlock.class, rebuilt.lastStop().orElseThrow());
        assertEquals(dump.fault().message(), end.fault().message());
        assertTrue(rebuilt.queues().stream().anyMatch(q -> q.state() == Queue.State.WAITING));
    }

    @Test
    void aHazardIsRebuiltWithTheCompletionPolicyItRanWith(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-hazard-load-read.csf");
        RunOptions eager = RunOptions.defaults().withCompletion(new Completion.Eager());
        PostMortem dump = dumped(program, RunOptions.defaults().withCompletion(new Completion.Random(7)), dir);
        assertEquals(RunStatus.HAZARD, dump.status());
        assertEquals(new Completion.Random(7), dump.core().replay().completion());
        Machine rebuilt = dump.rebuild(program, false).orElseThrow();
        StopReason.Hazard end = assertInstanceOf(StopReason.Hazard.class, rebuilt.lastStop().orElseThrow());
        assertEquals(dump.fault().message(), end.fault().message());
        assertEquals(RunStatus.OK, new Simulator(eager).run(program).status(), "eager would not have stopped");
    }

    @Test
    void aSpentStepBudgetIsRebuiltWithTheSameBudget(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-endless-loop.csf");
        PostMortem dump = dumped(program, RunOptions.defaults().withStepBudget(1234), dir);
        Machine rebuilt = dump.rebuild(program, false).orElseThrow();
        StopReason.Timeout end = assertInstanceOf(StopReason.Timeout.class, rebuilt.lastStop().orElseThrow());
        assertEquals(StopReason.Timeout.Limit.STEPS, end.limit());
        assertEquals(dump.fault().message(), end.fault().message());
        assertEquals(dump.core().replay().position(), rebuilt.position());
    }

    @Test
    void aWallClockTimeoutIsRebuiltAtThePositionItStopped(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-endless-loop.csf");
        PostMortem dump = dumped(program, RunOptions.defaults().withStepBudget(Long.MAX_VALUE)
                .withTimeout(java.time.Duration.ofMillis(50)), dir);
        assertEquals(RunReport.Replay.Ending.WALL_CLOCK, dump.core().replay().ending());
        Machine rebuilt = dump.rebuild(program, false).orElseThrow();
        StopReason.Timeout end = assertInstanceOf(StopReason.Timeout.class, rebuilt.lastStop().orElseThrow());
        assertEquals(StopReason.Timeout.Limit.CLOCK, end.limit());
        assertEquals(dump.core().replay().position(), rebuilt.position());
        assertArrayEquals(dump.core().registers(), rebuilt.queue("main").orElseThrow().registers());
    }

    @Test
    void aChangedProgramIsRefusedAndTheSavedStateStaysReadable(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        PostMortem dump = dumped(program, RunOptions.defaults(), dir);
        Program other = Corpus.assemble("run-four-jobs.csf");
        Result.Refused<Machine> r = assertInstanceOf(Result.Refused.class, dump.rebuild(other, false));
        assertTrue(r.reason().contains("the program has changed since the core dump was written"), r.reason());
        assertEquals(96, dump.core().registers().length);
    }

    @Test
    void aRebuiltMachinesHistoryHoldsTheBoundItWasGiven(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        PostMortem dump = dumped(program, RunOptions.defaults(), dir);
        Machine rebuilt = dump.rebuild(program, 1L << 20).orElseThrow();
        assertEquals(1L << 20, rebuilt.history().orElseThrow().capBytes());
        assertTrue(dump.rebuild(program, 0).orElseThrow().history().isEmpty(), "0: no history");
    }
}
