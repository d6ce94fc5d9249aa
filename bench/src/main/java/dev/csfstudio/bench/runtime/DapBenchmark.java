package dev.csfstudio.bench.runtime;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.debug.DebugAdapterLauncher;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.Simulator;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.ReadMemoryArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * The debugger's latencies over the Debug Adapter Protocol, printed as {@code key value} lines for {@code bench/debug.sh}:
 * the adapter in this JVM spoken to through LSP4J's debug launcher over pipes, JSON both ways, each figure
 * timed from the request's sending to the answer or event the client waits for.
 * <ul>
 *   <li>{@code step}: {@code next} → {@code stopped} over a 10,000-instruction stream: median, p99 (ms);</li>
 *   <li>{@code stepback}: {@code stepBack} → {@code stopped} at 40 random positions of a 1,000,000-instruction
 *       run, reached forward by a conditional breakpoint: median, worst (ms);</li>
 *   <li>{@code read}: {@code readMemory} of 1 MiB across a buffer's 256 scattered pages: median, worst (ms);</li>
 *   <li>{@code breakpoints}: the interpreter loop of {@code RuntimeBenchmark} (200M instructions) with 64
 *       breakpoints set that are never hit, {@code configurationDone} → {@code exited}, against the same
 *       run through {@link Simulator#run}, best of 3 each: the speed ratio by wall time and by the CPU time of
 *       the thread that runs the device (the figure a loaded machine does not distort).</li>
 * </ul>
 * Each figure also as CPU time, summed over the process's threads: the machine these run on is shared.
 * Usage: {@code DapBenchmark step|stepback|read|breakpoints}.
 */
public final class DapBenchmark implements IDebugProtocolClient, AutoCloseable {

    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final DebugAdapterLauncher.InProcess connection;
    private final CsfDebugProtocol server;

    private DapBenchmark() throws Exception {
        connection = DebugAdapterLauncher.inProcess(this);
        server = connection.server();
        InitializeRequestArguments init = new InitializeRequestArguments();
        init.setAdapterID("csf");
        get(server.initialize(init));
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * CPU time of every thread of the process (adapter, client and their JSON-RPC threads; not GC or JIT): what a
     * request costs, whatever else the machine runs meanwhile (the process's own CPU clock ticks in 10 ms).
     */
    private static long processCpu() {
        long sum = 0;
        for (long id : THREADS.getAllThreadIds()) {
            sum += Math.max(0, THREADS.getThreadCpuTime(id));
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        // closing the pipes at the end of a session is not worth LSP4J's stack traces
        java.util.logging.Logger.getLogger("org.eclipse.lsp4j.jsonrpc").setLevel(java.util.logging.Level.OFF);
        switch (args.length > 0 ? args[0] : "step") {
            case "step" -> step();
            case "stepback" -> stepBack();
            case "read" -> read();
            case "breakpoints" -> breakpoints();
            default -> throw new IllegalArgumentException("unknown benchmark " + args[0]);
        }
        System.exit(0); // LSP4J's listening threads are not daemons
    }

    // ---------------------------------------------------------------- the figures

    static void step() throws Exception {
        Path file = write("straight.csf", DebugBenchmark.straightSource());
        double[] ms = new double[0];
        double[] cpu = new double[0];
        for (int round = 0; round < 2; round++) { // the first round warms the JIT up
            try (DapBenchmark s = new DapBenchmark()) {
                s.launch(file, true, Map.of());
                s.configurationDone();
                s.stopped();
                ms = new double[10_000];
                cpu = new double[10_000];
                int n = 0;
                for (; n < ms.length; n++) {
                    NextArguments a = new NextArguments();
                    a.setThreadId(1);
                    long c0 = processCpu();
                    long t0 = System.nanoTime();
                    get(s.server.next(a));
                    Object e = s.event();
                    ms[n] = (System.nanoTime() - t0) / 1e6;
                    cpu[n] = (processCpu() - c0) / 1e6;
                    if (!(e instanceof StoppedEventArguments)) {
                        break; // the run ended
                    }
                }
                ms = Arrays.copyOf(ms, n);
                cpu = Arrays.copyOf(cpu, n);
            }
        }
        Arrays.sort(ms);
        count("dap_step_count", ms.length);
        print("dap_step_median_ms", ms[ms.length / 2]);
        print("dap_step_p99_ms", ms[ms.length * 99 / 100]);
        Arrays.sort(cpu);
        print("dap_step_cpu_median_ms", cpu[cpu.length / 2]);
    }

    static void stepBack() throws Exception {
        String text = DebugBenchmark.millionSource();
        Path file = write("million.csf", text);
        int branchLine = lineOf(text, "BRANCH.ne");
        SplittableRandom random = new SplittableRandom(11);
        // positions in the run's order: r0 counts down
        long[] counters = random.longs(40, 1, DebugBenchmark.MILLION_ITERATIONS).boxed().sorted((a, b) -> Long.compare(b, a))
                .mapToLong(Long::longValue).toArray();
        double[] ms = new double[counters.length];
        double[] cpu = new double[counters.length];
        try (DapBenchmark s = new DapBenchmark()) {
            s.launch(file, false, Map.of());
            s.breakpoint(file, branchLine, "r0 == " + counters[0]);
            s.configurationDone();
            s.stopped();
            for (int i = 0; i < counters.length; i++) {
                if (i > 0) {
                    s.breakpoint(file, branchLine, "r0 == " + counters[i]);
                    ContinueArguments c = new ContinueArguments();
                    c.setThreadId(1);
                    get(s.server.continue_(c));
                    s.stopped();
                }
                StepBackArguments a = new StepBackArguments();
                a.setThreadId(1);
                long c0 = processCpu();
                long t0 = System.nanoTime();
                get(s.server.stepBack(a));
                if (!(s.event() instanceof StoppedEventArguments)) {
                    throw new IllegalStateException("step back did not stop");
                }
                ms[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (processCpu() - c0) / 1e6;
            }
        }
        double[] measured = Arrays.copyOfRange(ms, 5, ms.length); // the first ones warm the JIT up
        Arrays.sort(measured);
        count("dap_stepback_run_instructions", DebugBenchmark.MILLION_INSTRUCTIONS);
        count("dap_stepback_count", measured.length);
        print("dap_stepback_median_ms", measured[measured.length / 2]);
        print("dap_stepback_max_ms", measured[measured.length - 1]);
        double[] cpuMeasured = Arrays.copyOfRange(cpu, 5, cpu.length);
        Arrays.sort(cpuMeasured);
        print("dap_stepback_cpu_median_ms", cpuMeasured[cpuMeasured.length / 2]);
        print("dap_stepback_cpu_max_ms", cpuMeasured[cpuMeasured.length - 1]);
    }

    static void read() throws Exception {
        Path file = write("big.csf", ".buffer big, size=1024 * 1024\n.stream main\n    MOVE48 d2, big\n    NOP\n");
        double[] ms = new double[40];
        double[] cpu = new double[40];
        try (DapBenchmark s = new DapBenchmark()) {
            s.launch(file, false, Map.of());
            s.breakpoint(file, 4, null);
            s.configurationDone();
            s.stopped();
            StackTraceArguments st = new StackTraceArguments();
            st.setThreadId(1);
            get(s.server.stackTrace(st));
            String big = get(s.server.evaluate(expression("big"))).getMemoryReference();
            for (int i = 0; i < ms.length; i++) {
                ReadMemoryArguments a = new ReadMemoryArguments();
                a.setMemoryReference(big);
                a.setOffset(3); // not page-aligned: 257 pages
                a.setCount(1 << 20);
                long c0 = processCpu();
                long t0 = System.nanoTime();
                String data = get(s.server.readMemory(a)).getData();
                ms[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (processCpu() - c0) / 1e6; // the check below is not part of the figure
                if (Base64.getDecoder().decode(data).length != 1 << 20) {
                    throw new IllegalStateException("1 MiB not read");
                }
            }
        }
        double[] measured = Arrays.copyOfRange(ms, 10, ms.length);
        Arrays.sort(measured);
        print("dap_read_1mib_median_ms", measured[measured.length / 2]);
        print("dap_read_1mib_max_ms", measured[measured.length - 1]);
        double[] cpuMeasured = Arrays.copyOfRange(cpu, 10, cpu.length);
        Arrays.sort(cpuMeasured);
        print("dap_read_1mib_cpu_median_ms", cpuMeasured[cpuMeasured.length / 2]);
    }

    static void breakpoints() throws Exception {
        int iterations = 50_000_000;
        String text = RuntimeBenchmark.loopSource(iterations) + DebugBenchmark.NEVER_RUN;
        Path file = write("loop.csf", text);
        var program = RuntimeBenchmark.assemble(text);
        RunOptions options = RunOptions.defaults().withStepBudget(4L * iterations + 100);
        int first = lineOf(text, "MOVE32 r5, #5");
        int[] never = IntStream.range(first, first + 64).toArray();
        long plain = Long.MAX_VALUE;
        long plainCpu = Long.MAX_VALUE;
        long debugged = Long.MAX_VALUE;
        long debuggedCpu = Long.MAX_VALUE;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < 3; round++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            RuntimeBenchmark.check(new Simulator(options).run(program));
            plain = Math.min(plain, System.nanoTime() - t0);
            plainCpu = Math.min(plainCpu, threads.getCurrentThreadCpuTime() - c0);
            try (DapBenchmark s = new DapBenchmark()) {
                s.launch(file, false, Map.of("steps", 4L * iterations + 100, "timeout", 600, "recordHistory", false));
                s.breakpoints(file, never);
                long machine = machineThread(threads);
                long c1 = threads.getThreadCpuTime(machine);
                long t1 = System.nanoTime();
                s.configurationDone();
                Object e = s.event();
                debugged = Math.min(debugged, System.nanoTime() - t1);
                debuggedCpu = Math.min(debuggedCpu, threads.getThreadCpuTime(machine) - c1);
                if (!(e instanceof ExitedEventArguments exited) || exited.getExitCode() != 0) {
                    throw new IllegalStateException("the run did not end normally: " + e);
                }
            }
        }
        print("dap_breakpoints_plain_ms", plain / 1e6);
        print("dap_breakpoints_unhit_ms", debugged / 1e6);
        print("dap_breakpoints_speed_ratio", (double) plain / debugged);
        print("dap_breakpoints_plain_cpu_ms", plainCpu / 1e6);
        print("dap_breakpoints_unhit_cpu_ms", debuggedCpu / 1e6);
        print("dap_breakpoints_cpu_speed_ratio", (double) plainCpu / debuggedCpu);
    }

    /** The adapter's machine thread (the one that runs the device), by its name. */
    private static long machineThread(ThreadMXBean threads) {
        long newest = -1; // earlier sessions' machine threads end after their disconnect
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().equals("csf-debug-machine")) {
                newest = Math.max(newest, t.getThreadId());
            }
        }
        if (newest < 0) {
            throw new IllegalStateException("no csf-debug-machine thread");
        }
        return newest;
    }

    // ---------------------------------------------------------------- the client

    private void launch(Path file, boolean stopOnEntry, Map<String, Object> extra) throws Exception {
        Map<String, Object> args = new HashMap<>(extra);
        args.put("program", file.toString());
        args.put("stopOnEntry", stopOnEntry);
        get(server.launch(args));
        if (!"initialized".equals(event())) {
            throw new IllegalStateException("no initialized event");
        }
    }

    private void breakpoint(Path file, int line, String condition) throws Exception {
        SourceBreakpoint b = new SourceBreakpoint();
        b.setLine(line);
        b.setCondition(condition);
        setBreakpoints(file, new SourceBreakpoint[] {b});
    }

    private void breakpoints(Path file, int[] lines) throws Exception {
        setBreakpoints(file, Arrays.stream(lines).mapToObj(l -> {
            SourceBreakpoint b = new SourceBreakpoint();
            b.setLine(l);
            return b;
        }).toArray(SourceBreakpoint[]::new));
    }

    private void setBreakpoints(Path file, SourceBreakpoint[] bps) throws Exception {
        SetBreakpointsArguments a = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(file.toString());
        a.setSource(s);
        a.setBreakpoints(bps);
        for (var b : get(server.setBreakpoints(a)).getBreakpoints()) {
            if (!b.isVerified()) {
                throw new IllegalStateException("breakpoint not placed: " + b.getMessage());
            }
        }
    }

    private void configurationDone() throws Exception {
        get(server.configurationDone(new ConfigurationDoneArguments()));
    }

    private void stopped() throws Exception {
        Object e = event();
        if (!(e instanceof StoppedEventArguments)) {
            throw new IllegalStateException("expected a stop, got " + e);
        }
    }

    private Object event() throws InterruptedException {
        Object e = events.poll(600, TimeUnit.SECONDS);
        if (e == null) {
            throw new IllegalStateException("no event within 600 s");
        }
        return e;
    }

    private static org.eclipse.lsp4j.debug.EvaluateArguments expression(String text) {
        org.eclipse.lsp4j.debug.EvaluateArguments a = new org.eclipse.lsp4j.debug.EvaluateArguments();
        a.setExpression(text);
        return a;
    }

    @Override
    public void initialized() {
        events.add("initialized");
    }

    @Override
    public void stopped(StoppedEventArguments args) {
        events.add(args);
    }

    @Override
    public void exited(ExitedEventArguments args) {
        events.add(args);
    }

    @Override
    public void terminated(TerminatedEventArguments args) {
        // follows exited; the figures wait for exited
    }

    @Override
    public void close() throws Exception {
        get(server.disconnect(new DisconnectArguments()));
        connection.close();
    }

    private static <T> T get(CompletableFuture<T> f) throws Exception {
        return f.get(600, TimeUnit.SECONDS);
    }

    private static Path write(String name, String text) throws IOException {
        Path dir = Files.createTempDirectory("csf-dap-bench");
        dir.toFile().deleteOnExit();
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        file.toFile().deleteOnExit();
        return file;
    }

    private static int lineOf(String text, String what) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(what)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(what + " not in the source");
    }

    private static void count(String key, long value) {
        System.out.printf(Locale.ROOT, "%s %d%n", key, value);
    }

    private static void print(String key, double value) {
        System.out.printf(Locale.ROOT, "%s %.3f%n", key, value);
    }
}
