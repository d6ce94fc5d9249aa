package dev.csfstudio.testing;

import dev.csfstudio.program.Expectation;

/** What one expectation found in a finished run. */
public sealed interface Verdict {

    Expectation expectation();

    /** The actual value as the failure message quotes it: {@code 0 (0x0)}, {@code (255, 0, 0, 255)}. */
    String actual();

    default boolean passed() {
        return this instanceof Passed;
    }

    /**
     * The value the expectation asks for, its expressions evaluated, where it names one: {@code 7 (0x7)} for
     * {@code r4 == BASE + 2}, {@code < 100} for {@code instructions < LIMIT}, {@code (255, 0, 0, 255)} for a pixel;
     * null for a status or an image, whose written text is all they ask.
     */
    default String expected() {
        return ExpectationCheck.expected(expectation());
    }

    /**
     * The expectation as written, once, then what the run had and, where it names a value, that value:
     * {@code r4 == BASE + 2: got 0 (0x0), expected 7 (0x7)}, {@code status ok: got fault translation at a.csf:4: ...}.
     */
    default String message() {
        String expected = expected();
        return expectation().text() + ": got " + actual() + (expected == null ? "" : ", expected " + expected);
    }

    record Passed(Expectation expectation, String actual) implements Verdict {
    }

    /** @param image the two images when an image expectation found differing pixels, else null */
    record Failed(Expectation expectation, String actual, ImageMismatch image) implements Verdict {
        public Failed(Expectation expectation, String actual) {
            this(expectation, actual, null);
        }
    }
}
