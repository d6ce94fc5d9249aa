package dev.csfstudio.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How one test stream did.
 *
 * @param stream      the stream file and its name in reports
 * @param passed      every expectation held (and it assembled)
 * @param verdicts    one per expectation (empty when it did not assemble)
 * @param diagnostics the assembler's printed diagnostics when it did not assemble, else empty
 * @param error       why it could not be assembled or run to the end (out of memory, an internal failure), one
 *                    sentence, else empty
 * @param notes       files the test wrote (image diffs, updated goldens), as lines to print
 * @param inputs      every file the result depends on: the stream, its includes and its golden images
 * @param nanos       how long assembling, running and checking took
 */
public record TestResult(TestStream stream, boolean passed, List<Verdict> verdicts, String diagnostics,
                         String error, List<String> notes, List<Path> inputs, long nanos) {

    public TestResult {
        verdicts = List.copyOf(verdicts);
        notes = List.copyOf(notes);
        inputs = List.copyOf(inputs);
    }

    /** A stream that could not be assembled or run to the end: failed, with the reason. */
    static TestResult broken(TestStream stream, String error, long nanos) {
        return new TestResult(stream, false, List.of(), "", error, List.of(), List.of(stream.file()), nanos);
    }

    public Path file() {
        return stream.file();
    }

    /** What a failure prints: {@code file:line: r4 == 5: got 0 (0x0), expected 5 (0x5)} per failed expectation, or the diagnostics, or the error. */
    public List<String> failureLines() {
        List<String> out = new ArrayList<>();
        if (!error.isEmpty()) {
            out.add(stream.reported() + ": " + error);
        }
        if (!diagnostics.isEmpty()) {
            out.add(stream.reported() + ": does not assemble:");
            diagnostics.lines().forEach(out::add);
        }
        for (Verdict v : verdicts) {
            if (!v.passed()) {
                out.add(ExpectationCheck.location(v.expectation().range()) + ": " + v.message());
            }
        }
        return out;
    }
}
