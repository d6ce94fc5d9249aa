package dev.csfstudio.testing;

import dev.csfstudio.asm.AssemblyResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs test streams in one process on a fixed pool of threads, each stream on a fresh simulated device.
 * Results come back in the order of the streams, whatever order they finish in. A stream that another
 * stream of the run includes (and does not include in turn) is not a test of its own.
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

    /**
     * Runs {@code found}; {@code each} sees every result as soon as it and all before it are done. Whatever
     * happens inside one stream's assembly or run (even running out of memory) is that stream's result.
     */
    public static Summary run(TestDiscovery.Found found, TestOptions options, Consumer<TestResult> each) {
        ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "csf-test");
            t.setDaemon(true);
            return t;
        });
        try {
            List<TestStream> streams = found.streams();
            List<Future<Attempt<AssemblyResult>>> assembled = new ArrayList<>();
            for (TestStream s : streams) {
                assembled.add(pool.submit(() -> attempt(() -> StreamTest.assemble(s.file(), options))));
            }
            List<Attempt<AssemblyResult>> results = new ArrayList<>();
            Map<Path, Set<Path>> includes = new HashMap<>();
            for (int i = 0; i < streams.size(); i++) {
                Attempt<AssemblyResult> r = get(assembled.get(i));
                results.add(r);
                Set<Path> files = new HashSet<>();
                if (r.value() != null) {
                    r.value().files().stream().skip(1).forEach(p -> files.add(p.toAbsolutePath().normalize()));
                }
                includes.put(streams.get(i).file().toAbsolutePath().normalize(), files);
            }
            Set<Path> included = includedByOthers(includes);
            List<Future<TestResult>> runs = new ArrayList<>();
            int skipped = found.notTests();
            for (int i = 0; i < streams.size(); i++) {
                TestStream s = streams.get(i);
                Attempt<AssemblyResult> r = results.get(i);
                if (included.contains(s.file().toAbsolutePath().normalize())) {
                    skipped++;
                    continue;
                }
                runs.add(pool.submit(() -> runOne(s, r, options)));
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

    /**
     * The streams that are not tests of their own: included by another stream they do not include themselves (two
     * streams that include each other are both tests, and both fail on the cycle).
     *
     * @param includes by stream: the files it includes, directly or not
     */
    static Set<Path> includedByOthers(Map<Path, Set<Path>> includes) {
        Set<Path> out = new HashSet<>();
        includes.forEach((stream, files) -> {
            for (Path file : files) {
                Set<Path> back = includes.get(file);
                if (back != null && !file.equals(stream) && !back.contains(stream)) {
                    out.add(file);
                }
            }
        });
        return out;
    }

    /** A value, or why there is none. */
    record Attempt<T>(T value, String error) {
    }

    static <T> Attempt<T> attempt(Callable<T> work) {
        try {
            return new Attempt<>(work.call(), null);
        } catch (OutOfMemoryError e) {
            return new Attempt<>(null, "ran out of memory (" + e.getMessage() + "): give the JVM more (-Xmx) or"
                    + " make the stream's render targets and golden images smaller");
        } catch (Exception | Error e) {
            return new Attempt<>(null, "internal error (" + e + "), please report it with the stream");
        }
    }

    /** One stream's run, or the reason it could not be assembled or run as its result. */
    private static TestResult runOne(TestStream s, Attempt<AssemblyResult> assembled, TestOptions options) {
        long start = System.nanoTime();
        Attempt<TestResult> run = assembled.value() == null ? new Attempt<>(null, assembled.error())
                : attempt(() -> StreamTest.run(s, assembled.value(), options));
        return run.value() != null ? run.value() : TestResult.broken(s, run.error(), System.nanoTime() - start);
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
