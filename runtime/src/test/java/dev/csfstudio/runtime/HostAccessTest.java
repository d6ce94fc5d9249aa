package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostAccessTest {

    static final long BUF = 0x40000;

    static RunReport runWithBuffer(byte[] bytes) {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", 0x10000, ProgramFixture.insn("NOP"));
        p.buffer("buf", BUF, bytes);
        return new Simulator().run(p.build());
    }

    static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + i / 4096);
        }
        return b;
    }

    @Test
    void readAcrossScatteredPagesReturnsTheBufferInOrder() throws Exception {
        byte[] bytes = pattern(3 * 4096 + 100);
        HostAccess host = runWithBuffer(bytes).memory();
        assertArrayEquals(bytes, host.readBuffer("buf"));
        byte[] middle = host.readBuffer("buf", 4090, 20);
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 4090, 4110), middle);
    }

    @Test
    void readPastTheEndIsAnErrorNamingTheSize() {
        HostAccess host = runWithBuffer(new byte[100]).memory();
        HostAccessException e = assertThrows(HostAccessException.class, () -> host.readBuffer("buf", 90, 11));
        assertTrue(e.getMessage().contains("size 100"), e.getMessage());
    }

    @Test
    void writePastTheEndChangesNothing() throws Exception {
        HostAccess host = runWithBuffer(new byte[100]).memory();
        assertThrows(HostAccessException.class, () -> host.writeBuffer("buf", 96, new byte[] {1, 2, 3, 4, 5}));
        assertArrayEquals(new byte[100], host.readBuffer("buf"));
    }

    @Test
    void gpuRangeRunningIntoAnUnmappedPageCopiesNothing() throws Exception {
        HostAccess host = runWithBuffer(new byte[4096]).memory();
        HostAccessException e = assertThrows(HostAccessException.class,
                () -> host.write("main", BUF + 4000, new byte[200]));
        assertTrue(e.getMessage().contains("0x41000"), e.getMessage());
        assertEquals(0, host.read("main", BUF + 4000, 96)[0]);
    }

    @Test
    void writeThenReadThroughTheGpuVa() throws Exception {
        HostAccess host = runWithBuffer(new byte[8192]).memory();
        byte[] data = pattern(300);
        host.write("main", BUF + 4000, data);
        assertArrayEquals(data, host.readBuffer("buf", 4000, 300));
    }

    @Test
    void unknownBufferIsAnError() {
        HostAccess host = runWithBuffer(new byte[8]).memory();
        assertThrows(HostAccessException.class, () -> host.readBuffer("nope"));
    }
}
