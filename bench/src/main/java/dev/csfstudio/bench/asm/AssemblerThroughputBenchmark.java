package dev.csfstudio.bench.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;

/**
 * In-process assembly throughput on the generated 1,000,000-instruction source; the score is
 * instructions per second. The heap is capped at 1 GiB, the memory goal.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(AssemblerThroughputBenchmark.INSTRUCTIONS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class AssemblerThroughputBenchmark {

    static final int INSTRUCTIONS = 1_000_000;

    private Path dir;
    private Path source;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        dir = Files.createTempDirectory("csf-bench-asm");
        source = dir.resolve("bench.csf");
        BenchmarkSources.write(source, dir.resolve("bench.s"), INSTRUCTIONS);
        AssemblyResult check = new Assembler().assemble(source);
        if (check.hasErrors()) {
            throw new IllegalStateException("generated source does not assemble: " + check.errors().get(0).headline());
        }
    }

    @Benchmark
    public Program assemble() {
        return new Assembler().assemble(source).program();
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(dir.resolve("bench.s"));
        Files.deleteIfExists(source);
        Files.deleteIfExists(dir);
    }
}
