package dev.csfstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.json.RunFiles;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunOutput;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.Simulator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code csf run}: assembles a source and runs it on the simulated Mali-G610. */
final class RunCommand implements Callable<Integer> {

    /** Exit code of a run that did not finish normally. */
    static final int RUN_FAILED = 2;

    final CommandSpec spec = CommandModel.command("run", this,
            "Assembles a .csf source and runs it on the simulated GPU.",
            "Writes report.json, a PNG per render target and the requested buffer dumps to --out.");

    private final ArchOption arch = new ArchOption();

    private final PositionalParamSpec source = CommandModel.sourceFile();

    private final OptionSpec out = OptionSpec.builder("--out").paramLabel("DIR").type(String.class)
            .description("directory for the run's outputs (default: out/<name of FILE without .csf>)").build();

    private final OptionSpec steps = OptionSpec.builder("--steps").paramLabel("N").type(long.class)
            .initialValue(RunOptions.DEFAULT_STEP_BUDGET)
            .description("step budget before the run ends as a timeout: one step per instruction of the "
                    + "program's streams (the kernel ring buffer's instructions around each job are not counted) and one per 64 "
                    + "bytes a fragment job writes (default: " + RunOptions.DEFAULT_STEP_BUDGET + ")").build();

    private final OptionSpec timeout = OptionSpec.builder("--timeout").paramLabel("TIME").type(Duration.class)
            .converters(new DurationConverter()).initialValue(RunOptions.DEFAULT_TIMEOUT)
            .description("wall-clock limit before the run ends as a timeout, e.g. 500ms, 30s, 2m (default: 30s)")
            .build();

    private final AsyncOptions async = new AsyncOptions();

    private final OptionSpec trace = OptionSpec.builder("--trace").paramLabel("FILE").type(Path.class)
            .description("also write the run's timeline as Chrome trace-event JSON (Perfetto, chrome://tracing): a "
                    + "track per queue and scoreboard entry, asynchronous operations, waits, sync object values").build();

    private final OptionSpec dumpBuffers = OptionSpec.builder("--dump-buffer").paramLabel("NAME").type(List.class)
            .auxiliaryTypes(String.class).initialValue(new ArrayList<String>())
            .description("write this buffer's final bytes as NAME.bin (repeatable)").build();

    RunCommand() {
        arch.addTo(spec);
        spec.addPositional(source);
        spec.addOption(out).addOption(steps).addOption(timeout).addOption(dumpBuffers);
        async.addTo(spec);
        spec.addOption(trace);
        CommandModel.exitCodes(spec, "0:the run finished", "1:errors in the source, bad options",
                "2:the run faulted, timed out, deadlocked or met a hazard");
    }

    /** The directory the outputs go to; an empty name, the file-system root or an existing file is refused. */
    private Path outputDirectory(Path source) {
        String out = this.out.getValue();
        if (out == null) {
            String name = source.getFileName().toString();
            return Path.of("out", name.endsWith(".csf") ? name.substring(0, name.length() - ".csf".length()) : name);
        }
        return OutputFiles.directory("--out", out, "the run's outputs", "out/run");
    }

    @Override
    public Integer call() {
        Path source = this.source.getValue();
        long steps = this.steps.getValue();
        List<String> dumpBuffers = this.dumpBuffers.getValue();
        if (steps < 1) {
            throw new UserError("--steps " + steps + " must be at least 1");
        }
        RunOptions options = async.applyTo(new RunOptions(steps, timeout.getValue(), dumpBuffers));
        Path traceFile = trace.getValue();
        PrintWriter stdout = spec.commandLine().getOut();
        AssemblyResult result = SourceAssembly.assemble(source, arch.arch(), spec.commandLine().getErr());
        if (result.hasErrors()) {
            return Csf.ERROR;
        }
        Program program = result.program();
        for (String name : dumpBuffers) {
            if (program.section(name).isEmpty()) {
                throw new UserError("--dump-buffer " + name + ": no buffer or stream of that name in " + source);
            }
        }
        Path dir = outputDirectory(source);
        RunReport report = new Simulator(options.withTimeline(traceFile != null)).run(program);
        try {
            RunFiles.Rendered rendered = RunFiles.render(report, program);
            for (String name : rendered.fileNames()) {
                OutputFiles.refuseOverwritingInputs("--out " + dir + ":", dir.resolve(name), result.files());
            }
            RunFiles.write(rendered, dir);
        } catch (IOException e) {
            throw new UserError("cannot write the run's outputs to " + dir + ": " + IoMessages.reason(e));
        }
        if (traceFile != null && report.timeline() != null) {
            OutputFiles.refuseOverwritingInputs("--trace:", traceFile, result.files());
            try {
                OutputFile.write(traceFile, TraceEvents.json(report).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UserError("cannot write --trace " + traceFile + ": " + IoMessages.reason(e));
            }
        }
        stdout.println(RunOutput.summary(report));
        stdout.println("outputs in " + dir);
        stdout.flush();
        return report.status() == RunStatus.OK ? Csf.OK : RUN_FAILED;
    }
}
