package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;

import java.nio.file.Path;
import java.util.Optional;
import dev.csfstudio.runtime.report.ProgramFingerprint;

/**
 * The state a fault, timeout or deadlock left, as a {@code core.json} holds it (the {@code json} module's
 * {@code CoreJson} writes and reads the file). Two ways to look at it: as saved (the fault, the failing queue's registers, call stack, last
 * instructions and the dumpable buffers), which needs nothing but the file; and {@link #rebuild rebuilt}, a live
 * {@link Machine} stopped exactly where the run ended, every queue and all memory included, which needs
 * the same program: the dump carries the program's fingerprint, the step budget and how far it ran, and
 * the device is deterministic.
 *
 * @param source the main source file the run assembled, when the dump names it
 */
public record PostMortem(Path file, RunStatus status, RunReport.Fault fault, RunReport.CoreDump core,
                         Optional<Path> source) {

    /**
     * A machine stopped where the dumped run ended, rebuilt by running {@code program} again: refused when
     * the program is not the one that ran (its fingerprint differs) or running it does not end the same way.
     * With {@code recordHistory} the machine can go back from there, history holding at most {@link
     * Machine#DEFAULT_HISTORY_BYTES}.
     */
    public Result<Machine> rebuild(Program program, boolean recordHistory) {
        return rebuild(program, recordHistory ? Machine.DEFAULT_HISTORY_BYTES : 0);
    }

    /**
     * {@link #rebuild(Program, boolean)} with history holding at most {@code historyBytes} (as a launch's
     * {@code historyBytes} says), or none when it is 0.
     */
    public Result<Machine> rebuild(Program program, long historyBytes) {
        boolean recordHistory = historyBytes > 0;
        RunReport.Replay replay = core.replay();
        if (replay == null) {
            return Result.refused(file + ": the core dump says nothing of how to rebuild the run (no \"replay\")");
        }
        String fingerprint = ProgramFingerprint.of(program);
        if (!fingerprint.equals(replay.program())) {
            return Result.refused(file + ": the program has changed since the core dump was written (its SHA-256 is "
                    + fingerprint + ", the dump's " + replay.program() + "); only the saved state can be shown");
        }
        RunOptions options = RunOptions.defaults().withStepBudget(replay.stepBudget())
                .withTimeout(java.time.Duration.ofMillis(Math.max(1, replay.timeoutMillis())))
                .withCompletion(replay.completion()).withHazards(replay.hazards());
        Machine.LoadResult loaded = Machine.load(program, options);
        if (loaded instanceof Machine.Rejected rejected) {
            return Result.refused(file + ": the program cannot be loaded: " + rejected.report().fault().message());
        }
        Machine machine = ((Machine.Loaded) loaded).machine();
        if (recordHistory) {
            machine.recordHistory(historyBytes);
        }
        StopReason end = machine.rebuild(replay, core.queue());
        if (end.outcome().orElse(null) != status || machine.position() != replay.position()) {
            return Result.refused(file + ": running the program again did not end as the dump says (" + status.jsonName()
                    + " after " + replay.position() + " instructions); it ended "
                    + end.outcome().map(RunStatus::jsonName).orElse("not at all") + " after " + machine.position());
        }
        return Result.ok(machine);
    }
}
