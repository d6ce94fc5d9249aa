package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.SetExceptionBreakpointsArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExceptionTest {

    @TempDir
    Path dir;

    private static void filters(DapSession s, String... names) {
        SetExceptionBreakpointsArguments a = new SetExceptionBreakpointsArguments();
        a.setFilters(names);
        DapSession.get(s.server.setExceptionBreakpoints(a));
    }

    @Test
    void theFaultFilterIsAdvertisedOnByDefault() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT)) {
            var filters = s.capabilities.getExceptionBreakpointFilters();
            assertEquals("fault,timeout,deadlock,hazard",
                    String.join(",", Arrays.stream(filters).map(f -> f.getFilter()).toList()));
            assertTrue(filters[0].getDefault_());
        }
    }

    @Test
    void aTranslationFaultStopsOnTheFaultingLineSayingVaVmSlotAndWhy() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            assertTrue(e.getDescription().contains("0xdead0000"), e.getDescription());
            assertTrue(e.getDescription().contains("VM main"), e.getDescription());
            assertTrue(e.getDescription().contains("address-space slot 0"), e.getDescription());
            DapSession.assertLine(4, s.top(1));
        }
    }

    @Test
    void exceptionInfoDescribesTheFault() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            s.stopped();
            var info = s.exceptionInfo(1);
            assertEquals("translation_fault", info.getExceptionId());
            assertTrue(info.getDescription().contains("fault.csf:4"), info.getDescription());
            assertTrue(info.getDetails().getMessage().length() > 10, info.getDetails().getMessage());
        }
    }

    @Test
    void continuingFromTheFaultEndsTheRunWithExitCodeTwo() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            s.stopped();
            s.continue_();
            assertEquals(2, s.ended());
        }
    }

    @Test
    void withTheFaultFilterOffAFaultEndsTheRun() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            filters(s);
            s.configurationDone();
            assertEquals(2, s.ended());
        }
    }

    @Test
    void theDeadlockFilterStopsOnTheWaitThatNeverEnds() throws Exception {
        try (DapSession s = DapSession.on(dir, "deadlock.csf", Streams.WAIT).launch()) {
            filters(s, "deadlock");
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            DapSession.assertLine(5, s.top(1));
        }
    }

    @Test
    void theTimeoutFilterStopsWhereTheBudgetRanOut() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("steps", 2)) {
            filters(s, "timeout");
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            assertTrue(e.getDescription().startsWith("timeout"), e.getDescription());
        }
    }

    @Test
    void anUnknownFilterIsRefused() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            SetExceptionBreakpointsArguments a = new SetExceptionBreakpointsArguments();
            a.setFilters(new String[] {"segfault"});
            String message = DapSession.refusal(s.server.setExceptionBreakpoints(a));
            assertTrue(message.contains("segfault"), message);
        }
    }

    @Test
    void aHazardStopsOnTheReadingLineByDefault() throws Exception {
        String text = Streams.LOAD + """
                    ADD_IMMEDIATE32 r4, r0, #1
                """;
        try (DapSession s = DapSession.on(dir, "race.csf", text).launch()) {
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("exception", e.getReason());
            assertTrue(e.getDescription().contains("read of r0"), e.getDescription());
            DapSession.assertLine(6, s.top(1));
        }
    }
}
