package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;

/** A clear colour's channels read as java.util.Formatter's %.4f would print them, without trailing zeros. */
class ClearColorNumberPropertiesTest {

    private static String formatter(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    @Property
    void channelsInTheUnitRangeReadAsFormattersFourDecimals(@ForAll @DoubleRange(min = -1, max = 2) double v) {
        assertEquals(formatter(v), ClearColor.Decoded.number(v));
    }

    @Property
    void anyDoubleReadsAsFormattersFourDecimals(@ForAll double v) {
        assertEquals(formatter(v), ClearColor.Decoded.number(v));
    }

    @Example
    void halvesRoundUpAndZerosAndSignsKeepTheirSpelling() {
        for (double v : new double[] {0.71875, 0.17969, 1, 0, -0.0, -0.00001, 0.00005, 0.99995, 1e20, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE}) {
            assertEquals(formatter(v), ClearColor.Decoded.number(v), Double.toString(v));
        }
    }

    @Example
    void wordsAreEightLowercaseHexDigits() {
        assertEquals(String.format(Locale.ROOT, "0x%08x", 0xff0000ff), ClearColor.Decoded.word(0xff0000ff));
        assertEquals("0x00000001", ClearColor.Decoded.word(1));
    }
}
