package dev.csfstudio.cli;

import dev.csfstudio.runtime.Completion;
import dev.csfstudio.runtime.RunOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --completion latest|eager|random}, {@code --seed N} and {@code --hazards stop|ignore}: when a run
 * completes asynchronous operations and what a hazard does. {@code csf run} adds them to its model
 * ({@link #addTo}); {@code csf test} declares them with the same descriptions and reads them with {@link #apply}.
 */
final class AsyncOptions {

    static final String COMPLETION = "when asynchronous operations (loads, stores, jobs, deferred syncs) complete:"
            + " latest (default: when waited for or at the job's end, which shows every missing WAIT), eager (at once,"
            + " as if synchronous) or random (at a point drawn from --seed)";
    static final String SEED = "seed of --completion random: the same seed completes at the same points (default: 0)";
    static final String HAZARDS = "what a hazard (an instruction racing an operation still in flight) does: stop"
            + " (default: the run ends as hazard) or ignore (the run goes on with the stale value and lists every"
            + " hazard; it still ends as hazard)";

    private final OptionSpec completion = OptionSpec.builder("--completion").paramLabel("latest|eager|random")
            .type(String.class).description(COMPLETION).build();
    private final OptionSpec seed = OptionSpec.builder("--seed").paramLabel("N").type(Long.class).description(SEED)
            .build();
    private final OptionSpec hazards = OptionSpec.builder("--hazards").paramLabel("stop|ignore").type(String.class)
            .description(HAZARDS).build();

    void addTo(CommandSpec spec) {
        spec.addOption(completion).addOption(seed).addOption(hazards);
    }

    /** {@code base} with the options as given on the command line. */
    RunOptions applyTo(RunOptions base) {
        return apply(base, completion.getValue(), seed.getValue(), hazards.getValue());
    }

    /** {@code base} with {@code --completion}, {@code --seed} and {@code --hazards} (null: not given). */
    static RunOptions apply(RunOptions base, String completion, Long seed, String hazards) {
        if (seed != null && !"random".equals(completion)) {
            throw new UserError("--seed " + seed + " is for --completion random");
        }
        Completion policy;
        if (completion == null || completion.equals("latest")) {
            policy = new Completion.Latest();
        } else if (completion.equals("eager")) {
            policy = new Completion.Eager();
        } else if (completion.equals("random")) {
            policy = new Completion.Random(seed == null ? 0 : seed);
        } else {
            throw new UserError("--completion " + completion + ": expected latest, eager or random");
        }
        RunOptions.HazardMode mode = RunOptions.HazardMode.STOP;
        if (hazards != null) {
            mode = null;
            for (RunOptions.HazardMode m : RunOptions.HazardMode.values()) {
                if (m.spelling().equals(hazards)) {
                    mode = m;
                }
            }
            if (mode == null) {
                throw new UserError("--hazards " + hazards + ": expected stop or ignore");
            }
        }
        return base.withCompletion(policy).withHazards(mode);
    }
}
