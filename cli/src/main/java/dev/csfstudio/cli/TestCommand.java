package dev.csfstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.testing.JUnitReport;
import dev.csfstudio.testing.TestDiscovery;
import dev.csfstudio.testing.TestOptions;
import dev.csfstudio.testing.TestResult;
import dev.csfstudio.testing.TestRun;
import dev.csfstudio.testing.TestStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csf test}: runs every test stream (a .csf with .expect lines) under the paths, in parallel, in this process. */
@Command(name = "test", mixinStandardHelpOptions = true, versionProvider = Csf.Version.class,
        description = {"Runs every .csf file with at least one .expect line under the paths (directories",
                "recursively; files another test includes are not tests), each on a fresh simulated GPU, in parallel.",
                "Prints file:line: EXPECTATION: got ..., expected ... per failed expectation and 'N passed, M failed'."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every test passed", "1:a test failed or did not assemble, bad options"})
final class TestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "test streams or directories to search")
    List<Path> paths;

    @Option(names = "--filter", paramLabel = "GLOB",
            description = "only streams whose path below its PATH (sub/a.csf) or whose file name matches, e.g. 'run-*'")
    String filter;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "streams run at once (default: one per core)")
    int jobs = Math.max(1, Runtime.getRuntime().availableProcessors());

    @Option(names = "--junit", paramLabel = "FILE", description = "also write the results as JUnit XML")
    Path junit;

    @Option(names = "--update-golden",
            description = "write each image expectation's golden PNG from the actual image (missing goldens too)")
    boolean updateGolden;

    @Option(names = "--out", paramLabel = "DIR", description = "where a failed image expectation writes actual.png, "
            + "expected.png and diff.png (default: out/test; under the stream's name and the buffer's)")
    String out = Path.of("out", "test").toString();

    @Option(names = "--steps", paramLabel = "N",
            description = "step budget of each stream's run (default: " + RunOptions.DEFAULT_STEP_BUDGET + ")")
    long steps = RunOptions.DEFAULT_STEP_BUDGET;

    @Option(names = "--timeout", paramLabel = "TIME", converter = DurationConverter.class,
            description = "wall-clock limit of each stream's run, e.g. 500ms, 30s (default: 30s)")
    Duration timeout = RunOptions.DEFAULT_TIMEOUT;

    @Option(names = "--completion", paramLabel = "latest|eager|random", description = AsyncOptions.COMPLETION)
    String completion;

    @Option(names = "--seed", paramLabel = "N", description = AsyncOptions.SEED)
    Long seed;

    @Option(names = "--hazards", paramLabel = "stop|ignore", description = AsyncOptions.HAZARDS)
    String hazards;

    @Option(names = {"-v", "--verbose"}, description = "also print a line per passing stream")
    boolean verbose;

    @Override
    public Integer call() {
        if (jobs < 1) {
            throw new UserError("-j " + jobs + " must be at least 1");
        }
        if (steps < 1) {
            throw new UserError("--steps " + steps + " must be at least 1");
        }
        RunOptions runOptions = AsyncOptions.apply(new RunOptions(steps, timeout, List.of()), completion, seed, hazards);
        TestDiscovery.Found found;
        try {
            found = TestDiscovery.find(paths, filter);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError(e.getFile() + ": no such file or directory");
        } catch (java.nio.file.FileSystemException e) {
            throw new UserError(e.getFile() + ": " + IoMessages.reason(e));
        } catch (IOException | IllegalArgumentException e) {
            throw new UserError("cannot search the paths: " + IoMessages.reason(e instanceof IOException io ? io
                    : new IOException(e.getMessage())));
        }
        Path artifacts = OutputFiles.directory("--out", out, "the failure images", "out/test");
        if (junit != null) {
            refuseJUnitOver(found.streams().stream().map(TestStream::file).toList());
        }
        TestOptions options = new TestOptions(runOptions, jobs, updateGolden, artifacts);
        PrintWriter stdout = spec.commandLine().getOut();
        TestRun.Summary summary = TestRun.run(found, options, r -> print(stdout, r));
        stdout.println(summary.line());
        stdout.flush();
        if (junit != null) {
            refuseJUnitOver(summary.results().stream().flatMap(r -> r.inputs().stream()).toList());
            try {
                JUnitReport.write(junit, "csf", summary);
            } catch (IOException e) {
                throw new UserError("cannot write --junit " + junit + ": " + IoMessages.reason(e));
            }
        }
        return summary.failed() == 0 ? Csf.OK : Csf.ERROR;
    }

    /**
     * Refuses a {@code --junit} file that is a {@code .csf} source or one of {@code inputs} (the streams before the
     * run; after it, every stream, include and golden image the results read).
     */
    private void refuseJUnitOver(List<Path> inputs) {
        if (junit.getFileName() != null && junit.getFileName().toString().toLowerCase(java.util.Locale.ROOT)
                .endsWith(".csf")) {
            throw new UserError("--junit " + junit + " names a .csf source: refusing; choose another output file");
        }
        Path input = OutputFile.overwrittenInput(junit, inputs);
        if (input != null) {
            throw new UserError("--junit " + junit + " would overwrite the input " + input + ": refusing; choose"
                    + " another output file");
        }
    }

    private void print(PrintWriter stdout, TestResult r) {
        if (!r.passed()) {
            r.failureLines().forEach(stdout::println);
        } else if (verbose) {
            stdout.println(r.stream().reported() + ": ok (" + r.verdicts().size() + " expectation"
                    + (r.verdicts().size() == 1 ? "" : "s") + ")");
        }
        r.notes().forEach(stdout::println);
        stdout.flush();
    }
}
