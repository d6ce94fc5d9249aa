package dev.csfstudio.bench.runtime;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.Simulator;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Runtime benchmarks, printed as {@code key value} lines that {@code bench/runtime.sh}
 * sets against C references measured in the same run:
 * <ul>
 *   <li>{@code interp}: an ADD_IMMEDIATE32 + BRANCH.ne loop through {@link Simulator#run} (fetch through the
 *       MMU model and the decoded-page cache), in instructions per second;</li>
 *   <li>{@code clear-linear} / {@code clear-tiled}: a 3840x2160 RGBA8 clear repeated by a BRANCH loop in one
 *       job, in bytes per second;</li>
 *   <li>{@code memory}: heap above the idle baseline while a 4K clear runs, as a multiple of the render
 *       target's size.</li>
 * </ul>
 * Usage: {@code RuntimeBenchmark interp|clear-linear|clear-tiled|memory}.
 */
public final class RuntimeBenchmark {

    static final int WIDTH = 3840, HEIGHT = 2160, BPP = 4;
    static final long RT_BYTES = (long) WIDTH * HEIGHT * BPP;
    static final int LOOP_ITERATIONS = 50_000_000;
    static final int CLEARS_PER_RUN = 50;

    public static void main(String[] args) {
        String what = args.length > 0 ? args[0] : "interp";
        switch (what) {
            case "interp" -> interpreter();
            case "clear-linear" -> clear("linear", 0);
            case "clear-tiled" -> clear("tiled_u_interleaved", 0);
            case "memory" -> memory();
            default -> throw new IllegalArgumentException("unknown benchmark " + what);
        }
    }

    static Program assemble(String text) {
        AssemblyResult r = new Assembler().assembleText(Path.of("bench.csf"), text, SourceReader.fileSystem());
        if (r.hasErrors()) {
            throw new IllegalStateException(r.errors().get(0).headline());
        }
        return r.program();
    }

    static String loopSource(int iterations) {
        return String.join("\n",
                ".stream main",
                "    MOVE32 r0, #" + iterations,
                "loop:",
                "    ADD_IMMEDIATE32 r0, r0, #-1",
                "    BRANCH.ne r0, loop",
                "");
    }

    static void interpreter() {
        Program program = assemble(loopSource(LOOP_ITERATIONS));
        Simulator simulator = new Simulator(RunOptions.defaults().withStepBudget(4L * LOOP_ITERATIONS));
        double best = 0;
        for (int i = 0; i < 8; i++) {
            long t0 = System.nanoTime();
            RunReport r = simulator.run(program);
            long t1 = System.nanoTime();
            check(r);
            double rate = r.instructions() / ((t1 - t0) / 1e9);
            best = Math.max(best, rate);
        }
        System.out.printf(Locale.ROOT, "interp_instructions_per_s %.0f%n", best);
    }

    static String clearSource(String layout, int clears) {
        long rowStride = layout.equals("linear") ? (long) WIDTH * BPP : (WIDTH / 16) * 256L * BPP;
        return String.join("\n",
                ".buffer color, size=" + RT_BYTES,
                ".buffer fb, align=64",
                "fbd:",
                "    .fbd width=" + WIDTH + ", height=" + HEIGHT,
                "    .rt format=R8G8B8A8, layout=" + layout + ", base=color, row_stride=" + rowStride
                        + ", clear=0xff0000ff",
                ".stream main",
                "    MOVE48 d40, fbd(fbd)",
                "    MOVE32 r42, #0",
                "    MOVE32 r43, " + (HEIGHT - 1) + " << 16 | " + (WIDTH - 1),
                "    MOVE32 r0, #" + Math.max(clears, 1),
                "loop:",
                "    RUN_FRAGMENT",
                "    ADD_IMMEDIATE32 r0, r0, #-1",
                "    BRANCH.ne r0, loop",
                "");
    }

    /** Bytes cleared per second, best of several runs, each clearing the 4K target CLEARS_PER_RUN times. */
    static void clear(String layout, int unused) {
        Program program = assemble(clearSource(layout, CLEARS_PER_RUN));
        // Each 4K clear costs about 520,000 steps of work: more than the default budget allows 50 of.
        Simulator simulator = new Simulator(RunOptions.defaults().withStepBudget(Long.MAX_VALUE));
        double best = 0;
        for (int i = 0; i < 10; i++) {
            long t0 = System.nanoTime();
            RunReport r = simulator.run(program);
            long t1 = System.nanoTime();
            check(r);
            best = Math.max(best, CLEARS_PER_RUN * RT_BYTES / ((t1 - t0) / 1e9));
        }
        System.out.printf(Locale.ROOT, "clear_%s_bytes_per_s %.0f%n", layout, best);
    }

    /** Heap above the idle baseline (program assembled, nothing run) while one 4K clear runs. */
    static void memory() {
        Program program = assemble(clearSource("linear", 1));
        Simulator simulator = new Simulator();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        long baseline = used(heap);
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        RunReport r = simulator.run(program);
        check(r);
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.gc();
        long retained = used(heap);
        System.out.printf(Locale.ROOT, "memory_rt_bytes %d%n", RT_BYTES);
        System.out.printf(Locale.ROOT, "memory_peak_above_baseline_bytes %d%n", peak - baseline);
        System.out.printf(Locale.ROOT, "memory_retained_above_baseline_bytes %d%n", retained - baseline);
        if (r.renderTargets().isEmpty()) {
            throw new IllegalStateException("nothing cleared");
        }
    }

    static long used(List<MemoryPoolMXBean> pools) {
        return pools.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
    }

    static void check(RunReport r) {
        if (r.status() != RunStatus.OK) {
            throw new IllegalStateException("benchmark run ended " + r.status() + ": " + r.fault().message());
        }
    }
}
