package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A core.json opened again: its saved state as written, and the whole device rebuilt from it. */
class PostMortemTest {

    private static PostMortem dumped(Program program, RunOptions options, Path dir) throws Exception {
        RunOutput.write(new Simulator(options).run(program), program, dir);
        return PostMortem.read(dir.resolve("core.json")).orElseThrow();
    }

    @Test
    void theSavedStateIsWhatTheRunLeft(@TempDir Path dir) throws Exception {
        Program program = Corpus.assemble("run-translation-fault.csf");
        RunReport run = new Simulator().run(program);
        PostMortem dump = dumped(program, RunOptions.defaults(), dir);
        assertEquals(RunStatus.FAULT, dump.status());
        assertEquals(FaultKind.TRANSLATION, dump.fault().kind());
        assertEquals(0xdead0000L, dump.fault().va());
        assertEquals(6, dump.fault().line().line());
        assertArrayEquals(run.coreDump().registers(), dump.core().registers());
        assertEquals(run.coreDump().callStack().size(), dump.core().callStack().size());
        assertEquals(run.coreDump().lastInstructions().size(), dump.core().lastInstructions().size());
        assertEquals(program.files().get(0).toAbsolutePath(), dump.source().orElseThrow());
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
    void aFileThatIsNoCoreDumpIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("core.json");
        Files.writeString(file, "{\"status\": \"fault\"}");
        Result.Refused<PostMortem> r = assertInstanceOf(Result.Refused.class, PostMortem.read(file));
        assertTrue(r.reason().startsWith(file + ": not a core dump csf wrote: "), r.reason());
        Result.Refused<PostMortem> missing = assertInstanceOf(Result.Refused.class,
                PostMortem.read(dir.resolve("nope.json")));
        assertTrue(missing.reason().contains("cannot read the core dump"), missing.reason());
    }

    @Test
    void aFileThatIsNotJsonIsRefusedSayingWhereNotInGsonsWords(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("core.json");
        Files.writeString(file, ".stream main\n    NOP\n");
        Result.Refused<PostMortem> r = assertInstanceOf(Result.Refused.class, PostMortem.read(file));
        assertTrue(r.reason().startsWith(file + ": not a core dump csf wrote: not valid JSON (line 1, column"), r.reason());
        assertFalse(r.reason().contains("Exception") || r.reason().contains("gson") || r.reason().contains("http"),
                r.reason());
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
