package dev.csfstudio.testing;

import dev.csfstudio.runtime.RunOptions;

import java.nio.file.Path;

/**
 * How test streams run.
 *
 * @param run          the limits of each stream's run (steps, wall clock)
 * @param threads      streams run at once, each on its own simulated device; at least 1
 * @param updateGolden write every image expectation's golden PNG from the actual image instead of comparing
 * @param artifacts    where a failed image expectation writes {@code actual.png}, {@code expected.png} and
 *                     {@code diff.png} (under the stream's name and the buffer's)
 */
public record TestOptions(RunOptions run, int threads, boolean updateGolden, Path artifacts) {

    public TestOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    public static TestOptions defaults() {
        return new TestOptions(RunOptions.defaults(), Math.max(1, Runtime.getRuntime().availableProcessors()), false,
                Path.of("out", "test"));
    }

    public TestOptions withThreads(int n) {
        return new TestOptions(run, n, updateGolden, artifacts);
    }

    public TestOptions withRun(RunOptions limits) {
        return new TestOptions(limits, threads, updateGolden, artifacts);
    }

    public TestOptions withUpdateGolden(boolean update) {
        return new TestOptions(run, threads, update, artifacts);
    }

    public TestOptions withArtifacts(Path dir) {
        return new TestOptions(run, threads, updateGolden, dir);
    }
}
