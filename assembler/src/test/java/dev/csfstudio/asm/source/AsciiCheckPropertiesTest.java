package dev.csfstudio.asm.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Bytes read eight at a time are ASCII exactly when no byte of the range has its high bit set. */
class AsciiCheckPropertiesTest {

    @Property(tries = 1000)
    void anyRangeIsAsciiWhenNoByteIsNegative(@ForAll @Size(max = 40) byte[] bytes, @ForAll @IntRange(max = 40) int a,
                                             @ForAll @IntRange(max = 40) int b) {
        int from = Math.min(Math.min(a, b), bytes.length);
        int to = Math.min(Math.max(a, b), bytes.length);
        boolean expected = true;
        for (int i = from; i < to; i++) {
            expected &= bytes[i] >= 0;
        }
        assertEquals(expected, AsciiCheck.isAscii(bytes, from, to));
    }

    @Property(tries = 300)
    void oneHighByteAnywhereIsSeen(@ForAll @IntRange(min = 1, max = 64) int length, @ForAll @IntRange(max = 63) int at,
                                   @ForAll @IntRange(min = -128, max = -1) int high) {
        byte[] bytes = new byte[length];
        java.util.Arrays.fill(bytes, (byte) 'a');
        bytes[at % length] = (byte) high;
        assertEquals(false, AsciiCheck.isAscii(bytes, 0, length));
        assertEquals(false, AsciiCheck.isAscii(bytes));
    }
}
