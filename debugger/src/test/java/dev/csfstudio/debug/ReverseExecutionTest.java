package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReverseExecutionTest {

    @TempDir
    Path dir;

    @Test
    void theAdapterSaysItCanStepBack() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES)) {
            assertTrue(s.capabilities.getSupportsStepBack());
        }
    }

    @Test
    void stepBackUndoesTheLastInstruction() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "moves.csf", Streams.MOVES, 4)) {
            assertEquals("0x00000002 (2)", s.register(1, "r2"));
            assertEquals("step", s.stepBack(1).getReason());
            DapSession.assertLine(3, s.top(1));
            assertEquals("0x00000000 (0)", s.register(1, "r2"));
        }
    }

    @Test
    void reverseContinueGoesBackToTheLastBreakpointHit() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 2, 4);
            s.configurationDone();
            s.stopped();
            s.continue_();
            s.stopped();
            DapSession.assertLine(4, s.top(1));
            DapSession.get(s.server.reverseContinue(new ReverseContinueArguments()));
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(2, s.top(1));
            assertEquals("0x00000000 (0)", s.register(1, "r1"));
        }
    }

    @Test
    void goingBackFromAFaultAndForwardAgainStopsOnTheFaultAgain() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            assertEquals("exception", s.stopped().getReason());
            DapSession.assertLine(4, s.top(1));
            // to just before the faulting instruction executed
            assertEquals("step", s.stepBack(1).getReason());
            DapSession.assertLine(4, s.top(1));
            assertEquals("0x00000001 (1)", s.register(1, "r1"));
            s.continue_();
            assertEquals("exception", s.stopped().getReason());
            s.continue_();
            assertEquals(2, s.ended());
        }
    }

    @Test
    void withoutHistoryStepBackIsRefused() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("recordHistory", false)) {
            s.breakpoints(s.file, 4);
            s.configurationDone();
            s.stopped();
            StepBackArguments a = new StepBackArguments();
            a.setThreadId(1);
            String message = DapSession.refusal(s.server.stepBack(a));
            assertTrue(message.contains("recordHistory"), message);
        }
    }
}
