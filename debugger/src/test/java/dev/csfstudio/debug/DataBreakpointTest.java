package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.DataBreakpoint;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DataBreakpointTest {

    @TempDir
    Path dir;

    private static String dataId(DapSession s, String name, Boolean asAddress, Integer bytes) {
        DataBreakpointInfoArguments a = new DataBreakpointInfoArguments();
        a.setName(name);
        a.setAsAddress(asAddress);
        a.setBytes(bytes);
        return DapSession.get(s.server.dataBreakpointInfo(a)).getDataId();
    }

    private static org.eclipse.lsp4j.debug.Breakpoint[] watch(DapSession s, String... ids) {
        SetDataBreakpointsArguments a = new SetDataBreakpointsArguments();
        DataBreakpoint[] bps = new DataBreakpoint[ids.length];
        for (int i = 0; i < ids.length; i++) {
            bps[i] = new DataBreakpoint();
            bps[i].setDataId(ids[i]);
        }
        a.setBreakpoints(bps);
        return DapSession.get(s.server.setDataBreakpoints(a)).getBreakpoints();
    }

    @Test
    void aRangeOfNoBytesGetsNoDataIdAndSaysWhy() throws Exception {
        try (DapSession s = DapSession.on(dir, "clear.csf", Streams.CLEAR).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DataBreakpointInfoArguments a = new DataBreakpointInfoArguments();
            a.setName("color");
            a.setBytes(-1);
            var info = DapSession.get(s.server.dataBreakpointInfo(a));
            assertEquals(null, info.getDataId());
            assertTrue(info.getDescription().contains("1 or more bytes, not -1"), info.getDescription());
        }
    }

    @Test
    void theFragmentClearWritingAWatchedRenderTargetStops() throws Exception {
        try (DapSession s = DapSession.on(dir, "clear.csf", Streams.CLEAR).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            String id = dataId(s, "color", null, null);
            assertTrue(id.endsWith(":64"), id); // the whole buffer
            var placed = watch(s, id);
            assertTrue(placed[0].isVerified(), placed[0].getMessage());
            s.continue_();
            StoppedEventArguments e = s.stopped();
            assertEquals("data breakpoint", e.getReason());
            assertArrayEquals(new Integer[] {placed[0].getId()}, e.getHitBreakpointIds());
            assertTrue(e.getDescription().startsWith("fragment clear on line 11"), e.getDescription());
        }
    }

    @Test
    void aStoreIntoAWatchedAddressStops() throws Exception {
        String text = """
                .buffer out, size=16
                .stream main
                    MOVE48 d2, out
                    MOVE32 r4, #7
                    STORE_MULTIPLE [d2 + 8], r4
                    MOVE32 r5, #5
                """;
        try (DapSession s = DapSession.on(dir, "store.csf", text).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            watch(s, dataId(s, "out + 8", true, 4));
            s.continue_();
            StoppedEventArguments e = s.stopped();
            assertEquals("data breakpoint", e.getReason());
            assertTrue(e.getDescription().startsWith("STORE_MULTIPLE on line 5"), e.getDescription());
        }
    }

    @Test
    void anUnmappedAddressCannotBeWatched() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DataBreakpointInfoArguments a = new DataBreakpointInfoArguments();
            a.setName("0xdead0000");
            a.setAsAddress(true);
            var info = DapSession.get(s.server.dataBreakpointInfo(a));
            assertNull(info.getDataId());
            assertTrue(info.getDescription().contains("not mapped"), info.getDescription());
        }
    }

    @Test
    void aDataIdTheAdapterDidNotGiveIsUnverified() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            var placed = watch(s, "whatever");
            assertTrue(!placed[0].isVerified() && placed[0].getMessage().contains("VM:0xVA:LENGTH"),
                    placed[0].getMessage());
        }
    }
}
