package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LaunchTest {

    @TempDir
    Path dir;

    @Test
    void aRunWithoutBreakpointsEndsWithExitCodeZeroAndTheSummary() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.configurationDone();
            assertEquals(0, s.ended());
            assertTrue(s.console().stream().anyMatch(l -> l.contains("ok")), s.console()::toString);
        }
    }

    @Test
    void stopOnEntryStopsBeforeTheEntryStreamsFirstInstruction() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("entry", e.getReason());
            assertEquals(1, e.getThreadId());
            DapSession.assertLine(2, s.top(1));
        }
    }

    @Test
    void aSourceWithErrorsIsRefusedWithTheAssemblersMessage() throws Exception {
        try (DapSession s = DapSession.on(dir, "bad.csf", ".stream main\n    MOVE32 r999, #1\n")) {
            String message = DapSession.refusal(s.server.launch(Map.of("program", s.file.toString())));
            assertTrue(message.contains("bad.csf:2:"), message);
            assertTrue(message.contains("error"), message);
        }
    }

    @Test
    void launchWithoutProgramSaysWhatIsMissing() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES)) {
            String message = DapSession.refusal(s.server.launch(Map.of("stopOnEntry", true)));
            assertTrue(message.contains("'program'"), message);
        }
    }

    @Test
    void anUnknownEntryStreamIsRefusedListingTheStreams() throws Exception {
        try (DapSession s = DapSession.on(dir, "call.csf", Streams.CALL)) {
            String message = DapSession.refusal(s.server.launch(Map.of("program", s.file.toString(), "entry", "nope")));
            assertTrue(message.contains("main, sub"), message);
        }
    }

    @Test
    void entryChoosesTheStreamTheJobRuns() throws Exception {
        try (DapSession s = DapSession.on(dir, "call.csf", Streams.CALL).launch("entry", "sub", "stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            DapSession.assertLine(8, s.top(1));
        }
    }

    @Test
    void aStepBudgetThatRunsOutEndsTheRunAsATimeout() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("steps", 2)) {
            s.configurationDone();
            assertEquals(2, s.ended());
            assertTrue(s.console().stream().anyMatch(l -> l.contains("timeout")), s.console()::toString);
        }
    }
}
