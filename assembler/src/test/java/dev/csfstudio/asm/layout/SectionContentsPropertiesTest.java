package dev.csfstudio.asm.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever is written where, in pages or in the head, before and after layout fixes the size, the contents are those
 * of one array written the same way.
 */
class SectionContentsPropertiesTest {

    /** A page of the contents: the writes go around the edges of the first few. */
    private static final int PAGE = SectionContents.PAGE;

    /** A write: a word of {@code width} bytes, or ({@code width} 0) {@code length} bytes, at {@code offset}. */
    record Write(int offset, int width, int length, long value) {
    }

    @Property(tries = 60)
    void contentsAreOneArrayWrittenTheSameWay(@ForAll("writes") List<Write> before, @ForAll("writes") List<Write> after,
                                              @ForAll("sizes") int extra) {
        SectionContents contents = new SectionContents();
        int end = 0;
        byte[] model = new byte[4 * PAGE + 64];
        for (Write w : before) {
            apply(w, contents, model);
            end = Math.max(end, w.offset() + Math.max(w.width(), w.length()));
        }
        int size = end + extra;
        contents.fix(size);
        for (Write w : after) {
            if (w.offset() + Math.max(w.width(), w.length()) <= size) { // the phases after layout write inside the section
                apply(w, contents, model);
            }
        }
        assertArrayEquals(java.util.Arrays.copyOf(model, size), contents.bytes());
    }

    private static void apply(Write w, SectionContents contents, byte[] model) {
        if (w.width() > 0) {
            contents.write(w.offset(), w.value(), w.width());
            for (int i = 0; i < w.width(); i++) {
                model[w.offset() + i] = (byte) (w.value() >>> (8 * i));
            }
        } else {
            byte[] data = new byte[w.length() + 3];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (w.value() + 31 * i);
            }
            contents.write(w.offset(), data, 3, w.length());
            System.arraycopy(data, 3, model, w.offset(), w.length());
        }
    }

    @Provide
    Arbitrary<List<Write>> writes() {
        // offsets near the head's end and the pages' edges, where a write is split
        Arbitrary<Integer> edge = Arbitraries.of(0, PAGE, 2 * PAGE, 3 * PAGE).flatMap(e ->
                Arbitraries.integers().between(Math.max(0, e - 20), e + 20));
        Arbitrary<Integer> offset = Arbitraries.oneOf(edge, Arbitraries.integers().between(0, 4 * PAGE - 40));
        Arbitrary<Write> word = Combinators.combine(offset, Arbitraries.integers().between(1, 8), Arbitraries.longs())
                .as((o, w, v) -> new Write(o, w, 0, v));
        Arbitrary<Write> bytes = Combinators.combine(offset, Arbitraries.integers().between(0, 40), Arbitraries.longs())
                .as((o, n, v) -> new Write(o, 0, n, v));
        return Arbitraries.oneOf(word, bytes).list().ofMaxSize(30);
    }

    @Provide
    Arbitrary<Integer> sizes() {
        return Arbitraries.integers().between(0, 70);
    }
}
