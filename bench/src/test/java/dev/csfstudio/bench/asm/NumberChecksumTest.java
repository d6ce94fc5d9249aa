package dev.csfstudio.bench.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class NumberChecksumTest {

    private static ByteBuffer source(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void addsDecimalAndHexNumbersButNotTheDigitsOfNames() throws InterruptedException {
        long[] linesAndSum = NumberChecksum.scan(source("L1_2: MOVE32 r3, 12\n    .word 0x10, 0XfF, 7\n"), 1);
        assertArrayEquals(new long[] {2, 12 + 16 + 255 + 7}, linesAndSum);
    }

    @Test
    void anyNumberOfPartsFindsWhatOnePartFinds() throws InterruptedException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append("    .word ").append(i).append(", 0x").append(Integer.toHexString(3 * i)).append('\n');
        }
        long[] whole = NumberChecksum.scan(source(text.toString()), 1);
        for (int parts = 2; parts <= 7; parts++) {
            assertArrayEquals(whole, NumberChecksum.scan(source(text.toString()), parts), parts + " parts");
        }
        assertArrayEquals(new long[] {1000, 4L * 999 * 1000 / 2}, whole);
    }
}
