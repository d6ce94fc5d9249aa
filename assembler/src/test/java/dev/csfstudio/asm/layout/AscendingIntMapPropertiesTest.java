package dev.csfstudio.asm.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeMap;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Values kept by row answer as a sorted map does, whatever order they are put and read in. */
class AscendingIntMapPropertiesTest {

    @Property(tries = 500)
    void answersAsAMapOfRowsDoes(@ForAll @Size(max = 60) List<@IntRange(max = 80) Integer> puts,
                                 @ForAll @Size(max = 60) List<@IntRange(max = 90) Integer> reads) {
        AscendingIntMap<String> values = new AscendingIntMap<>();
        TreeMap<Integer, String> expected = new TreeMap<>();
        for (int i = 0; i < puts.size(); i++) {
            values.put(puts.get(i), "v" + i);
            expected.put(puts.get(i), "v" + i);
        }
        for (int row : reads) {
            assertEquals(expected.get(row), values.get(row), "row " + row);
        }
    }

    @Property(tries = 200)
    void rowsPutAndReadInOrderAreFound(@ForAll @IntRange(min = 1, max = 500) int count, @ForAll @IntRange(min = 1, max = 7) int step) {
        AscendingIntMap<Integer> values = new AscendingIntMap<>();
        for (int i = 0; i < count; i++) {
            values.put(i * step, i);
        }
        for (int row = 0; row < count * step; row++) {
            assertEquals(row % step == 0 ? Integer.valueOf(row / step) : null, values.get(row));
        }
    }
}
