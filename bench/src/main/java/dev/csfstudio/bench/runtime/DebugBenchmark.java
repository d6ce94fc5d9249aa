package dev.csfstudio.bench.runtime;

import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.MemoryRead;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;
import dev.csfstudio.runtime.StopReason;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * The runtime's part of the debugger's latencies, printed as {@code key value} lines for {@code bench/runtime.sh}:
 * <ul>
 *   <li>{@code step}: single steps over a 10,000-instruction stream, history recorded (as the debugger
 *       runs it): median and 99th percentile in microseconds;</li>
 *   <li>{@code restore}: going back to random positions of a 1,000,000-instruction run (a restore and a
 *       step back each): median and worst in milliseconds, and what history holds;</li>
 *   <li>{@code read}: reading 1 MiB of a buffer whose 256 pages are physically scattered, in milliseconds;</li>
 *   <li>{@code breakpoints}: the interpreter loop and the 4K clear loop of {@code RuntimeBenchmark} (and
 *       that loop clearing in a new colour each time, the worst case for history) with 64 breakpoints set
 *       that are never hit, without and with history, against the same run through {@link Simulator#run},
 *       as ratios of thread CPU time, best of several interleaved runs.</li>
 * </ul>
 * Usage: {@code DebugBenchmark step|restore|read|breakpoints}.
 */
public final class DebugBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        switch (args.length > 0 ? args[0] : "step") {
            case "step" -> step();
            case "restore" -> restore();
            case "read" -> read();
            case "breakpoints" -> breakpoints();
            default -> throw new IllegalArgumentException("unknown benchmark " + args[0]);
        }
    }

    static Machine load(Program program, RunOptions options) {
        Machine.LoadResult loaded = Machine.load(program, options);
        if (loaded instanceof Machine.Rejected r) {
            throw new IllegalStateException(r.report().fault().message());
        }
        return ((Machine.Loaded) loaded).machine();
    }

    /**
     * 10,000 instructions: a counter, stored every fiftieth line and waited for on the next (the counter is
     * not written while the store that reads it is in flight: without the WAIT the run stops at a hazard).
     */
    static String straightSource() {
        StringBuilder sb = new StringBuilder(".buffer out, size=4096\n.stream main\n    MOVE48 d60, out\n");
        for (int i = 1; i < 10_000; i++) {
            sb.append(switch (i % 50) {
                case 0 -> "    STORE_MULTIPLE [d60 + 0], r0\n";
                case 1 -> "    WAIT #0x1\n";
                default -> "    ADD_IMMEDIATE32 r0, r0, #1\n";
            });
        }
        return sb.toString();
    }

    static void step() {
        Program program = RuntimeBenchmark.assemble(straightSource());
        long[] micros = new long[0];
        for (int round = 0; round < 3; round++) {
            Machine m = load(program, RunOptions.defaults());
            m.recordHistory();
            long[] times = new long[10_003];
            int n = 0;
            while (!m.finished() && n < times.length) {
                long t0 = System.nanoTime();
                m.step("main");
                times[n++] = System.nanoTime() - t0;
            }
            micros = Arrays.copyOf(times, n);
        }
        Arrays.sort(micros);
        System.out.printf(Locale.ROOT, "step_count %d%n", micros.length);
        System.out.printf(Locale.ROOT, "step_median_us %.1f%n", micros[micros.length / 2] / 1e3);
        System.out.printf(Locale.ROOT, "step_p99_us %.1f%n", micros[micros.length * 99 / 100] / 1e3);
    }

    /** The iterations of {@link #millionSource}'s loop, r0 counting them down. */
    static final int MILLION_ITERATIONS = 166_667;
    /** The instructions {@link #millionSource} runs. */
    static final long MILLION_INSTRUCTIONS = 6L * MILLION_ITERATIONS + 2;

    /**
     * A loop of 1,000,004 instructions (6 an iteration, and 2 before) that writes memory as it goes (so snapshots
     * differ), waiting for each store before its registers change again.
     */
    static String millionSource() {
        return String.join("\n",
                ".buffer out, size=1024 * 1024",
                ".stream main",
                "    MOVE48 d60, out",
                "    MOVE32 r0, #" + MILLION_ITERATIONS,
                "loop:",
                "    ADD_IMMEDIATE64 d60, d60, #4",
                "    UMIN32 r1, r0, r0",
                "    STORE_MULTIPLE [d60 + 0], r1",
                "    WAIT #0x1",
                "    ADD_IMMEDIATE32 r0, r0, #-1",
                "    BRANCH.ne r0, loop",
                "");
    }

    static void restore() {
        Program program = RuntimeBenchmark.assemble(millionSource());
        restore(program, false); // warm-up: the first runs are the JIT's
        restore(program, true);
    }

    private static void restore(Program program, boolean print) {
        Machine m = load(program, RunOptions.defaults());
        m.recordHistory();
        long t0 = System.nanoTime();
        StopReason end = m.resume();
        long recordNanos = System.nanoTime() - t0;
        if (!(end instanceof StopReason.Done)) {
            throw new IllegalStateException("the 1M run ended " + end);
        }
        long total = m.position();
        SplittableRandom random = new SplittableRandom(11);
        long[] restores = new long[200];
        long[] stepBacks = new long[200];
        for (int i = 0; i < restores.length; i++) {
            long at = 1 + random.nextLong(total - 1);
            long a = System.nanoTime();
            m.restoreTo(at);
            restores[i] = System.nanoTime() - a;
            long b = System.nanoTime();
            m.stepBack("main");
            stepBacks[i] = System.nanoTime() - b;
        }
        Arrays.sort(restores);
        Arrays.sort(stepBacks);
        if (!print) {
            return;
        }
        var h = m.history().orElseThrow();
        System.out.printf(Locale.ROOT, "restore_run_instructions %d%n", total);
        System.out.printf(Locale.ROOT, "restore_record_run_ms %.1f%n", recordNanos / 1e6);
        System.out.printf(Locale.ROOT, "restore_median_ms %.2f%n", restores[restores.length / 2] / 1e6);
        System.out.printf(Locale.ROOT, "restore_max_ms %.2f%n", restores[restores.length - 1] / 1e6);
        System.out.printf(Locale.ROOT, "stepback_median_ms %.2f%n", stepBacks[stepBacks.length / 2] / 1e6);
        System.out.printf(Locale.ROOT, "stepback_max_ms %.2f%n", stepBacks[stepBacks.length - 1] / 1e6);
        System.out.printf(Locale.ROOT, "history_snapshots %d%n", h.snapshots());
        System.out.printf(Locale.ROOT, "history_mib %.1f%n", h.bytes() / 1048576.0);
    }

    static void read() {
        Program program = RuntimeBenchmark.assemble(".buffer big, size=1024 * 1024\n.stream main\n    NOP\n");
        Machine m = load(program, RunOptions.defaults());
        long va = program.section("big").orElseThrow().address();
        long[] times = new long[50];
        for (int i = 0; i < times.length; i++) {
            long t0 = System.nanoTime();
            Result<MemoryRead> r = m.readMemory("main", va + 3, 1 << 20);
            times[i] = System.nanoTime() - t0;
            if (r.orElseThrow().readablePrefix().length != 1 << 20) {
                throw new IllegalStateException("1 MiB not readable");
            }
        }
        Arrays.sort(times);
        System.out.printf(Locale.ROOT, "read_1mib_median_ms %.2f%n", times[times.length / 2] / 1e6);
        System.out.printf(Locale.ROOT, "read_1mib_max_ms %.2f%n", times[times.length - 1] / 1e6);
    }

    /** 64 instructions in the loop's page that never run: the loop's exit branches past them. */
    static final String NEVER_RUN = "    BRANCH.always r0, done\n" + "    MOVE32 r5, #5\n".repeat(64) + "done:\n";

    static void breakpoints() {
        compare("interp", RuntimeBenchmark.assemble(RuntimeBenchmark.loopSource(RuntimeBenchmark.LOOP_ITERATIONS)
                + NEVER_RUN), 4L * RuntimeBenchmark.LOOP_ITERATIONS);
        compare("clear", RuntimeBenchmark.assemble(RuntimeBenchmark.clearSource("linear", 20) + NEVER_RUN),
                Long.MAX_VALUE);
        compare("clear_changing", RuntimeBenchmark.assemble(changingClearSource(20) + NEVER_RUN), Long.MAX_VALUE);
    }

    /**
     * The 4K clear loop, each clear in another colour: the stream rewrites the clear word first, once the clear
     * before has read it, and waits for the store before the next clear reads it.
     */
    static String changingClearSource(int clears) {
        return RuntimeBenchmark.clearSource("linear", clears)
                .replace(".rt format=", "rt: .rt format=")
                .replace("loop:\n", "loop:\n    WAIT #0xff\n    ADD_IMMEDIATE32 r7, r7, #0x10\n"
                        + "    STORE_MULTIPLE [d70 + 48], r7\n    WAIT #0xff\n")
                .replace("    MOVE32 r0, #", "    MOVE48 d70, rt\n    MOVE32 r0, #");
    }

    /** Thread CPU time of plain runs and of runs with 64 unhit breakpoints, without and with history. */
    private static void compare(String name, Program program, long budget) {
        RunOptions options = RunOptions.defaults().withStepBudget(budget);
        Section main = program.section("main").orElseThrow();
        long[] unhit = main.lines().stream().filter(l -> l.instruction() != null)
                .mapToLong(AssembledLine::address).skip(main.instructionCount() - 64L).toArray(); // the never-run ones
        long plain = Long.MAX_VALUE, withBreakpoints = Long.MAX_VALUE, withHistory = Long.MAX_VALUE;
        for (int i = 0; i < 6; i++) {
            plain = Math.min(plain, cpu(() -> check(new Simulator(options).run(program))));
            withBreakpoints = Math.min(withBreakpoints, cpu(() -> debugged(program, options, unhit, false)));
            withHistory = Math.min(withHistory, cpu(() -> debugged(program, options, unhit, true)));
        }
        System.out.printf(Locale.ROOT, "breakpoints_%s_plain_ms %.1f%n", name, plain / 1e6);
        System.out.printf(Locale.ROOT, "breakpoints_%s_unhit_ms %.1f%n", name, withBreakpoints / 1e6);
        System.out.printf(Locale.ROOT, "breakpoints_%s_unhit_history_ms %.1f%n", name, withHistory / 1e6);
        System.out.printf(Locale.ROOT, "breakpoints_%s_speed_ratio %.3f%n", name, (double) plain / withBreakpoints);
        System.out.printf(Locale.ROOT, "breakpoints_%s_history_speed_ratio %.3f%n", name, (double) plain / withHistory);
    }

    private static long debugged(Program program, RunOptions options, long[] breakpoints, boolean history) {
        Machine m = load(program, options);
        for (long va : breakpoints) {
            m.addBreakpoint("main", va).orElseThrow();
        }
        if (history) {
            m.recordHistory();
        }
        StopReason end = m.resume();
        if (!(end instanceof StopReason.Done)) {
            throw new IllegalStateException("a breakpoint that should never be hit stopped the run: " + end);
        }
        return m.position();
    }

    private static long check(RunReport r) {
        RuntimeBenchmark.check(r);
        return r.instructions();
    }

    private static long cpu(LongSupplier work) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        work.getAsLong();
        return THREADS.getCurrentThreadCpuTime() - t0;
    }
}
