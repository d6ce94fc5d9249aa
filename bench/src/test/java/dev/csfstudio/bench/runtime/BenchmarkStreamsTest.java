package dev.csfstudio.bench.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.Simulator;
import org.junit.jupiter.api.Test;

/**
 * Every stream the runtime and debugger benchmarks run ends as a run that would pass on a real Mali (fewer
 * iterations here): a benchmark stopping at a hazard or fault is found by the build, not on the day someone
 * runs it.
 */
class BenchmarkStreamsTest {

    private static void assertEndsOk(String source) {
        RunReport r = new Simulator(RunOptions.defaults().withStepBudget(Long.MAX_VALUE))
                .run(RuntimeBenchmark.assemble(source));
        assertEquals(RunStatus.OK, r.status(), () -> r.fault().message());
    }

    @Test
    void theInterpreterLoopEndsOk() {
        assertEndsOk(RuntimeBenchmark.loopSource(1000) + DebugBenchmark.NEVER_RUN);
    }

    @Test
    void theClearLoopsEndOk() {
        assertEndsOk(RuntimeBenchmark.clearSource("linear", 2) + DebugBenchmark.NEVER_RUN);
        assertEndsOk(RuntimeBenchmark.clearSource("tiled_u_interleaved", 2));
        assertEndsOk(DebugBenchmark.changingClearSource(2) + DebugBenchmark.NEVER_RUN);
    }

    @Test
    void theDebuggerStreamsEndOk() {
        assertEndsOk(DebugBenchmark.straightSource());
        assertEndsOk(DebugBenchmark.millionSource());
    }
}
