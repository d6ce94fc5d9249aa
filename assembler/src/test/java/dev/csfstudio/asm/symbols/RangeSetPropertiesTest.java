package dev.csfstudio.asm.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The packed range set answers as a set of range values does, for ranges of every size, file and span. */
class RangeSetPropertiesTest {

    /** The second "/a.csf" is another object of the same path: a range in it is the same range. */
    private static final List<Path> FILES = java.util.Arrays.asList(Path.of("/a.csf"), Path.of("/b.csf"), null,
            Path.of("/a.csf"));

    @Property(tries = 500)
    void addsAsAHashSetOfRangesDoes(@ForAll("ranges") List<SourceRange> ranges) {
        RangeSet packed = new RangeSet();
        Set<SourceRange> plain = new HashSet<>();
        for (SourceRange r : ranges) {
            assertEquals(plain.add(r), packed.add(r), "adding " + r);
        }
    }

    @Provide
    Arbitrary<List<SourceRange>> ranges() {
        // few distinct values, so that repeats are common; extreme and negative columns and multi-line ranges too
        Arbitrary<Integer> small = Arbitraries.integers().between(0, 6);
        Arbitrary<Integer> column = Arbitraries.oneOf(small, Arbitraries.of(65_535, 65_536, Integer.MAX_VALUE, -1,
                Integer.MIN_VALUE));
        Arbitrary<Integer> line = Arbitraries.oneOf(small, Arbitraries.of(Integer.MAX_VALUE, -1));
        Arbitrary<SourceRange> range = Combinators.combine(Arbitraries.of(FILES), line, column, Arbitraries.integers().between(0, 1),
                column).as((file, l, c, span, end) -> new SourceRange(file, l, c, l == Integer.MAX_VALUE ? l : l + span, end));
        return range.list().ofMaxSize(400);
    }
}
