package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.csfstudio.runtime.device.UInterleave;

/** u-interleaved addressing. */
class PixelLayoutTest {

    @Test
    void uInterleaveIndexFollowsTheReferenceBitOrder() {
        assertEquals(0, UInterleave.index(0, 0));
        assertEquals(1, UInterleave.index(1, 0));   // x0^y0
        assertEquals(3, UInterleave.index(0, 1));   // y0 and x0^y0
        assertEquals(2, UInterleave.index(1, 1));   // y0 only
        assertEquals(0b1000_0000 | 0b0100_0000, UInterleave.index(0, 8)); // y3, x3^y3
        assertEquals(255, UInterleave.index(0, 15));  // every y bit and every x^y bit set
    }

    @Test
    void uInterleaveIndexIsAPermutationOfTheTile() {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                seen.add(UInterleave.index(x, y));
            }
        }
        assertEquals(256, seen.size());
    }

    @Test
    void tiledOffsetAddsRowsOfTilesAndTilesAlongTheRow() {
        assertEquals(2 * 1000 + 3 * 256 * 4 + UInterleave.index(5, 6) * 4L,
                UInterleave.offset(3 * 16 + 5, 2 * 16 + 6, 1000, 4));
    }
}
