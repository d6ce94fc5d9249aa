package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.csfstudio.runtime.Sessions.load;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Data breakpoints on GPU VA ranges: the run stops after the GPU writes into them. */
class DataBreakpointTest {

    static final String STORES = """
            .buffer out, size=16
            .stream main
                MOVE48  d60, out
                MOVE32  r0, #0x11223344
                MOVE32  r1, #0x55
                STORE_MULTIPLE [d60 + 8], r0
                WAIT    #0x1
                STORE_MULTIPLE [d60 + 0], r0:r1
                WAIT    #0x1
                MOVE32  r2, #2
            """;

    private static long out(Machine m) {
        return m.program().section("out").orElseThrow().address();
    }

    @Test
    void aStoreIntoAWatchedWordStopsAfterItWithTheOldAndNewBytes() {
        Machine m = load(STORES);
        DataBreakpoint bp = m.addDataBreakpoint("main", out(m) + 4, 4).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class, m.resume());
        assertEquals("STORE_MULTIPLE", hit.writer());
        assertEquals(8, hit.line().line(), "the second store writes r1 to out + 4");
        assertEquals(9, Sessions.line(m, "main") - 1, "stopped after the WAIT that completed it");
        DataWrite w = hit.writes().get(0);
        assertEquals(bp, w.breakpoint());
        assertEquals(out(m) + 4, w.from());
        assertEquals(out(m) + 8, w.to());
        assertArrayEquals(new byte[4], w.before());
        assertArrayEquals(new byte[] {0x55, 0, 0, 0}, w.after());
    }

    @Test
    void writesOutsideTheRangeDoNotStop() {
        Machine m = load(STORES);
        m.addDataBreakpoint("main", out(m) + 12, 4).orElseThrow();
        assertInstanceOf(StopReason.Done.class, m.resume());
    }

    @Test
    void theDebuggersOwnWritesDoNotStop() {
        Machine m = load(STORES);
        m.addDataBreakpoint("main", out(m) + 12, 4).orElseThrow();
        m.writeMemory("main", out(m) + 12, new byte[] {1, 2, 3, 4}).orElseThrow();
        assertInstanceOf(StopReason.Done.class, m.resume());
    }

    @Test
    void aSyncObjectUpdateStops() {
        Machine m = load(Corpus.assemble("run-sync-release.csf"));
        long sync = m.program().section("sync").orElseThrow().address();
        m.addDataBreakpoint("main", sync, 4).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class, m.resume());
        assertEquals("b", hit.queue());
        assertEquals("SYNC_SET32", hit.writer());
        assertArrayEquals(new byte[] {1, 0, 0, 0}, hit.writes().get(0).after());
    }

    @Test
    void theFragmentClearWritingTheRenderTargetStops() {
        Machine m = load(Corpus.assemble("run-clear-16x16.csf"));
        long color = m.program().section("color").orElseThrow().address();
        m.addDataBreakpoint("main", color + 64, 4).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class, m.resume());
        assertEquals("fragment clear", hit.writer());
        DataWrite w = hit.writes().get(0);
        assertArrayEquals(new byte[4], w.before());
        assertArrayEquals(new byte[] {(byte) 0xff, 0, 0, (byte) 0xff}, w.after());
    }

    @Test
    void aRangeLongerThanTheValueLimitReportsWhereItsValuesStart() {
        Machine m = load(Corpus.assemble("run-tiled-bbox-64x64.csf"));
        long color = m.program().section("color").orElseThrow().address();
        long size = m.program().section("color").orElseThrow().size();
        assertTrue(size > DataWrite.VALUE_LIMIT);
        m.addDataBreakpoint("main", color, size).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class, m.resume());
        DataWrite w = hit.writes().get(0);
        assertTrue(w.from() > color && w.to() < color + size, "the bounding box covers part of the target");
        // Values start at the clear's first write, a pixel of the first (edge) tile in u-interleaved order.
        assertTrue(w.valuesAt() >= w.from() && w.valuesAt() < w.from() + 256 * 4, Long.toHexString(w.valuesAt()));
        assertEquals(DataWrite.VALUE_LIMIT, w.after().length);
        assertArrayEquals(new byte[DataWrite.VALUE_LIMIT], w.before());
        assertArrayEquals(new byte[] {0, (byte) 0xff, 0, (byte) 0xff}, java.util.Arrays.copyOf(w.after(), 4));
    }

    @Test
    void oneStoreIntoTwoWatchedRangesReportsBoth() {
        Machine m = load(STORES);
        DataBreakpoint a = m.addDataBreakpoint("main", out(m), 2).orElseThrow();
        DataBreakpoint b = m.addDataBreakpoint("main", out(m) + 4, 4).orElseThrow();
        StopReason.DataBreakpointHit hit = assertInstanceOf(StopReason.DataBreakpointHit.class, m.resume());
        assertEquals(List.of(a, b), hit.writes().stream().map(DataWrite::breakpoint).toList());
    }

    @Test
    void aRemovedDataBreakpointNoLongerStops() {
        Machine m = load(STORES);
        DataBreakpoint bp = m.addDataBreakpoint("main", out(m) + 8, 4).orElseThrow();
        assertTrue(m.removeDataBreakpoint(bp));
        assertInstanceOf(StopReason.Done.class, m.resume());
    }

    @Test
    void aDataBreakpointOnUnmappedMemoryIsRefused() {
        Machine m = load(STORES);
        Result.Refused<DataBreakpoint> r = assertInstanceOf(Result.Refused.class,
                m.addDataBreakpoint("main", 0xdead0000L, 8));
        assertEquals("GPU VA 0xdead0000 is not mapped in VM main", r.reason());
    }
}
