package dev.csfstudio.runtime;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HostAccessPropertyTest {

    static final int SIZE = 3 * 4096 + 123;

    @Property(tries = 200)
    void writeThenReadAnywhereInsideTheBufferRoundTrips(@ForAll @IntRange(max = SIZE) int offset,
                                                        @ForAll @IntRange(max = 9000) int length) throws Exception {
        int n = Math.min(length, SIZE - offset);
        HostAccess host = HostAccessTest.runWithBuffer(new byte[SIZE]).memory();
        byte[] data = HostAccessTest.pattern(n);
        host.writeBuffer("buf", offset, data);
        assertArrayEquals(data, host.readBuffer("buf", offset, n));
        byte[] whole = host.readBuffer("buf");
        byte[] expected = new byte[SIZE];
        System.arraycopy(data, 0, expected, offset, n);
        assertArrayEquals(expected, whole);
    }

    @Property(tries = 200)
    void anyAccessEndingPastTheBufferFailsAndChangesNothing(@ForAll @IntRange(max = SIZE) int offset,
                                                            @ForAll @IntRange(min = 1, max = 9000) int extra)
            throws Exception {
        HostAccess host = HostAccessTest.runWithBuffer(new byte[SIZE]).memory();
        byte[] data = new byte[SIZE - offset + extra];
        Arrays.fill(data, (byte) 1);
        assertThrows(HostAccessException.class, () -> host.writeBuffer("buf", offset, data));
        assertThrows(HostAccessException.class, () -> host.readBuffer("buf", offset, data.length));
        assertArrayEquals(new byte[SIZE], host.readBuffer("buf"));
    }
}
