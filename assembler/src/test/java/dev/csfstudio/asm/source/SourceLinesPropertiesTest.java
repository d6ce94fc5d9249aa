package dev.csfstudio.asm.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** Line starts found in parallel pieces are the ones found by walking the text line by line. */
class SourceLinesPropertiesTest {

    @Property(tries = 500)
    void piecesFindTheSameLineStartsAsOneWalk(
            @ForAll @Chars({'a', ' ', '\n', '\r'}) @StringLength(max = 300) String text,
            @ForAll @IntRange(min = 1, max = 40) int piece,
            @ForAll @IntRange(min = 0, max = 3) int threads) {
        assertArrayEquals(walked(text), SourceLines.lineStarts(SourceText.of(text).bytes(), threads, piece));
    }

    @Property(tries = 50)
    void oneWalkOverTheWholeTextAgreesToo(@ForAll @Chars({'x', '\n', '\r'}) @StringLength(max = 100) String text) {
        assertArrayEquals(walked(text), SourceLines.lineStarts(text));
    }

    /** The definition: a line starts after \n, \r\n or a lone \r. */
    private static int[] walked(String text) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; (i = SourceLines.nextLineStart(text, i)) >= 0; ) {
            starts.add(i);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }
}
