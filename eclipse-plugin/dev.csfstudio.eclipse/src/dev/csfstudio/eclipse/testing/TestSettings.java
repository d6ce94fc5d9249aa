package dev.csfstudio.eclipse.testing;

import java.time.Duration;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.testing.TestOptions;

/** How the plugin runs test streams: bounded in steps and wall clock, image diffs in the plugin's state folder. */
final class TestSettings {

    /** A build or launch must not hold the workspace long: a stream that loops ends as a timeout well before csf test's. */
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(10);

    private TestSettings() {
    }

    static TestOptions options(int threads) {
        TestOptions options = TestOptions.defaults().withThreads(threads)
                .withRun(RunOptions.defaults().withTimeout(RUN_TIMEOUT));
        CsfPlugin plugin = CsfPlugin.getDefault();
        return plugin == null ? options : options.withArtifacts(plugin.getStateLocation().toFile().toPath().resolve("test"));
    }
}
