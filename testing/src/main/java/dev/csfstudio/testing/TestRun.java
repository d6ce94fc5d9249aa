package dev.csfstudio.testing;

import dev.csfstudio.asm.AssemblyResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs test streams in one process on a fixed pool of threads, each stream on a fresh simulated device.
 * Results come back in the order of the streams, whatever order they finish in. A stream that another
 * stream of the run includes is not a test of its own.
 */
public final class TestRun {

    /**
     * @param results  every test that ran, in stream order
     * @param skipped  files found that are not tests: no {@code .expect}, left out by the filter, or included by
     *                 another test stream
     */
    public record Summary(List<TestResult> results, int skipped) {

        public long passed() {
            return results.stream().filter(TestResult::passed).count();
        }

        public long failed() {
            return results.size() - passed();
        }

        /** {@code 3 passed, 1 failed} (and {@code , 2 skipped} when any were). */
        public String line() {
            return passed() + " passed, " + failed() + " failed" + (skipped > 0 ? ", " + skipped + " skipped" : "");
        }
    }

    private TestRun() {
    }

    /** Runs {@code found}; {@code each} sees every result as soon as it and all before it are done. */
    public static Summary run(TestDiscovery.Found found, TestOptions options, Consumer<TestResult> each) {
        ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "csf-test");
            t.setDaemon(true);
            return t;
        });
        try {
            List<TestStream> streams = found.streams();
            List<Future<AssemblyResult>> assembled = new ArrayList<>();
            for (TestStream s : streams) {
                assembled.add(pool.submit(() -> StreamTest.assemble(s.file(), options)));
            }
            List<AssemblyResult> results = new ArrayList<>();
            Set<Path> included = new HashSet<>();
            for (Future<AssemblyResult> f : assembled) {
                AssemblyResult r = get(f);
                results.add(r);
                r.files().stream().skip(1).forEach(p -> included.add(p.toAbsolutePath().normalize()));
            }
            List<Future<TestResult>> runs = new ArrayList<>();
            int skipped = found.notTests();
            for (int i = 0; i < streams.size(); i++) {
                TestStream s = streams.get(i);
                AssemblyResult r = results.get(i);
                if (included.contains(s.file().toAbsolutePath().normalize())) {
                    skipped++;
                    continue;
                }
                runs.add(pool.submit(() -> StreamTest.run(s, r, options)));
            }
            results.clear(); // each run holds its own program; the list need not keep them all alive
            List<TestResult> done = new ArrayList<>();
            for (Future<TestResult> f : runs) {
                TestResult r = get(f);
                done.add(r);
                each.accept(r);
            }
            return new Summary(done, skipped);
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("test run interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a test stream could not be run: " + e.getCause(), e.getCause());
        }
    }
}
