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

    /** {@code expected r4 == 5, got 0 (0x0)}. */
    default String message() {
        return "expected " + expectation().text() + ", got " + actual();
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
