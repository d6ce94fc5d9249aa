package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.DataBreakpoint;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.InstructionBreakpoint;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.RestartArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetInstructionBreakpointsArguments;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.TerminateArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionControlTest {

    @TempDir
    Path dir;

    private static final String ENDLESS = """
            .stream main
            loop:
                ADD_IMMEDIATE32 r0, r0, #1
                BRANCH.always r0, loop
            """;

    /** The loop with budgets no test reaches: a fast machine runs 10 M instructions in the 200 ms below. */
    private DapSession endless() {
        return DapSession.on(dir, "loop.csf", ENDLESS).launch("steps", 1_000_000_000_000L, "timeout", 600,
                "recordHistory", false);
    }

    @Test
    void pauseStopsAnEndlessLoop() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            Thread.sleep(200);
            PauseArguments p = new PauseArguments();
            p.setThreadId(1);
            DapSession.get(s.server.pause(p));
            assertEquals("pause", s.stopped().getReason());
            assertTrue(s.top(1).getLine() >= 3);
        }
    }

    @Test
    void threadsAreAnsweredWhileTheDeviceRuns() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            var threads = DapSession.get(s.server.threads()).getThreads();
            assertEquals(1, threads.length);
            assertEquals(1, threads[0].getId());
            assertTrue(threads[0].getName().startsWith("queue main ("), threads[0].getName());
        }
    }

    @Test
    void requestsAboutTheStateAreAnsweredWhileTheDeviceRuns() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            StackTraceArguments a = new StackTraceArguments();
            a.setThreadId(1);
            String message = DapSession.refusal(s.server.stackTrace(a));
            assertTrue(message.contains("the device is running"), message);
            PauseArguments p = new PauseArguments();
            p.setThreadId(1);
            DapSession.get(s.server.pause(p));
            assertEquals("pause", s.stopped().getReason());
            assertTrue(s.top(1).getLine() >= 3, "served once stopped");
        }
    }

    @Test
    void aBreakpointSetWhileTheDeviceRunsTakesEffectAtOnce() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            assertTrue(s.breakpoints(s.file, 3).getBreakpoints()[0].isVerified());
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(3, s.top(1));
        }
    }

    @Test
    void aSecondContinueWhileTheDeviceRunsIsAnsweredAtOnceAndChangesNothing() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            assertTrue(DapSession.get(s.server.continue_(new ContinueArguments())).getAllThreadsContinued());
            PauseArguments p = new PauseArguments();
            p.setThreadId(1);
            DapSession.get(s.server.pause(p));
            assertEquals("pause", s.stopped().getReason(), "the one run goes on until paused");
        }
    }

    @Test
    void restartWhileTheDeviceRunsPausesItAndStartsAgain() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", ENDLESS).launch("steps", 1_000_000_000_000L,
                "timeout", 600, "recordHistory", false, "stopOnEntry", true)) {
            s.configurationDone();
            assertEquals("entry", s.stopped().getReason());
            s.continue_();
            DapSession.get(s.server.restart(new RestartArguments()));
            assertEquals("entry", s.stopped().getReason(), "the pause for the restart is not reported");
            assertEquals("0x00000000 (0)", s.register(1, "r0"), "a fresh machine");
        }
    }

    @Test
    void anInstructionBreakpointSetWhileTheDeviceRunsTakesEffectAtOnce() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", ENDLESS).launch("steps", 1_000_000_000_000L,
                "timeout", 600, "recordHistory", false, "stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            InstructionBreakpoint bp = new InstructionBreakpoint();
            bp.setInstructionReference(s.top(1).getInstructionPointerReference());
            bp.setOffset(8);
            SetInstructionBreakpointsArguments a = new SetInstructionBreakpointsArguments();
            a.setBreakpoints(new InstructionBreakpoint[] {bp});
            s.continue_();
            assertTrue(DapSession.get(s.server.setInstructionBreakpoints(a)).getBreakpoints()[0].isVerified());
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(4, s.top(1));
        }
    }

    @Test
    void aDataBreakpointSetWhileTheDeviceRunsTakesEffectAtOnce() throws Exception {
        String storing = """
                .buffer out, size=16
                .stream main
                    MOVE48 d2, out
                loop:
                    ADD_IMMEDIATE32 r4, r4, #1
                    STORE_MULTIPLE [d2 + 8], r4
                    WAIT #0x1
                    BRANCH.always r0, loop
                """;
        try (DapSession s = DapSession.on(dir, "store.csf", storing).launch("steps", 1_000_000_000_000L,
                "timeout", 600, "recordHistory", false, "stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DataBreakpointInfoArguments info = new DataBreakpointInfoArguments();
            info.setName("out");
            String id = DapSession.get(s.server.dataBreakpointInfo(info)).getDataId();
            DataBreakpoint bp = new DataBreakpoint();
            bp.setDataId(id);
            SetDataBreakpointsArguments a = new SetDataBreakpointsArguments();
            a.setBreakpoints(new DataBreakpoint[] {bp});
            s.continue_();
            assertTrue(DapSession.get(s.server.setDataBreakpoints(a)).getBreakpoints()[0].isVerified());
            assertEquals("data breakpoint", s.stopped().getReason());
        }
    }

    @Test
    void terminateEndsARunningSession() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            DapSession.get(s.server.terminate(new TerminateArguments()));
            s.next("terminated", TerminatedEventArguments.class);
        }
    }

    @Test
    void aSecondConfigurationDoneIsRefusedAndDoesNotStopOnEntryAgain() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            assertEquals("entry", s.stopped().getReason());
            String message = DapSession.refusal(s.server.configurationDone(new ConfigurationDoneArguments()));
            assertTrue(message.contains("configuration is done already"), message);
            s.next(1);
            DapSession.assertLine(3, s.top(1));
        }
    }

    @Test
    void continueAfterTerminateIsRefused() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DapSession.get(s.server.terminate(new TerminateArguments()));
            s.next("terminated", TerminatedEventArguments.class);
            String message = DapSession.refusal(s.server.continue_(new ContinueArguments()));
            assertTrue(message.contains("the session has ended"), message);
        }
    }

    @Test
    void disconnectIsAnswered() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DapSession.get(s.server.disconnect(new DisconnectArguments()));
        }
    }
}
