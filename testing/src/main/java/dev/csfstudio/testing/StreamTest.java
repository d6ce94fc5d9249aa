package dev.csfstudio.testing;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.DiagnosticPrinter;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.Simulator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One test stream: assembled, run on a fresh simulated device, its expectations checked and image diffs written. */
public final class StreamTest {

    private StreamTest() {
    }

    /** Assembles {@code file} for a test run (goldens may be missing when they are to be written). */
    public static AssemblyResult assemble(Path file, TestOptions options) {
        return new Assembler(AssemblerOptions.defaults().withGoldensRequired(!options.updateGolden())).assemble(file);
    }

    /** Runs and checks an assembled stream. */
    public static TestResult run(TestStream stream, AssemblyResult assembled, TestOptions options) {
        long start = System.nanoTime();
        if (assembled.hasErrors()) {
            StringBuilder text = new StringBuilder();
            DiagnosticPrinter.print(assembled, (severity, t) -> text.append(t));
            return new TestResult(stream, false, List.of(), text.toString(), "", List.of(), assembled.files(),
                    System.nanoTime() - start);
        }
        Program program = assembled.program();
        RunReport report = new Simulator(options.run()).run(program);
        List<Verdict> verdicts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Verdict v : ExpectationCheck.check(program, report)) {
            verdicts.add(afterImages(stream, assembled.files(), v, options, notes));
        }
        boolean passed = verdicts.stream().allMatch(Verdict::passed);
        List<Path> inputs = new ArrayList<>(assembled.files());
        program.expectations().stream().filter(e -> e instanceof Expectation.Image)
                .map(e -> ((Expectation.Image) e).golden()).distinct().forEach(inputs::add);
        return new TestResult(stream, passed, verdicts, "", "", notes, inputs, System.nanoTime() - start);
    }

    /**
     * A failed image expectation writes its golden ({@code --update-golden}, then it passes, unless
     * {@link GoldenTarget} refuses the golden: then it stays failed) or its three PNGs.
     *
     * @param inputs the stream and its includes, which a golden never overwrites
     */
    private static Verdict afterImages(TestStream stream, List<Path> inputs, Verdict v, TestOptions options,
                                       List<String> notes) {
        if (!(v instanceof Verdict.Failed f) || f.image() == null) {
            return v;
        }
        Expectation.Image image = (Expectation.Image) f.expectation();
        ImageMismatch m = f.image();
        try {
            if (options.updateGolden()) {
                Optional<String> refusal = GoldenTarget.refusal(image.golden(), List.of(stream.tree()), inputs);
                if (refusal.isPresent()) {
                    notes.add(ExpectationCheck.location(image.range()) + ": " + refusal.get());
                    return v;
                }
                OutputFile.write(image.golden(), m.actualPng());
                notes.add(ExpectationCheck.location(image.range()) + ": wrote golden " + Locations.display(image.golden())
                        + " (" + m.width() + "x" + m.height() + ")");
                return new Verdict.Passed(image, "golden updated");
            }
            Path dir = options.artifacts().resolve(stream.stem()).resolve(image.buffer());
            OutputFile.write(dir.resolve("actual.png"), m.actualPng());
            if (m.golden().length > 0) {
                OutputFile.write(dir.resolve("expected.png"), m.goldenPng());
            }
            OutputFile.write(dir.resolve("diff.png"), m.diffPng());
            notes.add(ExpectationCheck.location(image.range()) + ": " + m.differing() + " pixels differ; wrote "
                    + Locations.display(dir.resolve("actual.png")) + (m.golden().length > 0 ? ", expected.png" : "")
                    + " and diff.png");
        } catch (IOException | RuntimeException e) {
            notes.add(ExpectationCheck.location(image.range()) + ": cannot write the image files: " + e.getMessage());
        }
        return v;
    }
}
