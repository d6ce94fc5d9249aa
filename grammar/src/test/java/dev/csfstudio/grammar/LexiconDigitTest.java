package dev.csfstudio.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** A digit's value is what {@code Character.digit} gives for ASCII in the radixes numbers use, and -1 for anything else. */
class LexiconDigitTest {

    @Property(tries = 3000)
    void anAsciiDigitHasCharacterDigitsValue(@ForAll @IntRange(min = -300, max = 300) int c,
                                             @ForAll @IntRange(min = 2, max = 16) int radix) {
        int expected = c >= 0 && c < 128 ? Character.digit(c, radix) : -1;
        assertEquals(expected, Lexicon.digit(c, radix), "character " + c + " in radix " + radix);
    }
}
