package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineBreakpointTest {

    @TempDir
    Path dir;

    @Test
    void aBreakpointOnAnInstructionLineStopsBeforeItExecutes() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            Breakpoint bp = s.breakpoints(s.file, 3).getBreakpoints()[0];
            assertTrue(bp.isVerified());
            s.configurationDone();
            StoppedEventArguments e = s.stopped();
            assertEquals("breakpoint", e.getReason());
            assertArrayEquals(new Integer[] {bp.getId()}, e.getHitBreakpointIds());
            DapSession.assertLine(3, s.top(1));
            assertEquals("0x00000001 (1)", s.register(1, "r1"));
            assertEquals("0x00000000 (0)", s.register(1, "r2"));
        }
    }

    @Test
    void aBreakpointOnALineWithoutAnInstructionMovesToTheNextInstructionLine() throws Exception {
        try (DapSession s = DapSession.on(dir, "call.csf", Streams.CALL).launch()) {
            Breakpoint bp = s.breakpoints(s.file, 6).getBreakpoints()[0];
            assertTrue(bp.isVerified());
            assertEquals(8, bp.getLine());
            assertTrue(bp.getMessage().contains("moved from line 6"), bp.getMessage());
        }
    }

    @Test
    void aBreakpointAfterTheLastInstructionIsUnverifiedWithAReason() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            Breakpoint bp = s.breakpoints(s.file, 40).getBreakpoints()[0];
            assertFalse(bp.isVerified());
            assertTrue(bp.getMessage().contains("no instruction on or after line 40"), bp.getMessage());
        }
    }

    @Test
    void whenNoBreakpointIsVerifiedTheRunStopsOnEntryAndSaysWhy() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 40);
            s.configurationDone();
            assertEquals("entry", s.stopped().getReason());
            DapSession.assertLine(2, s.top(1));
            String console = String.join("", s.console());
            assertTrue(console.contains("no breakpoint is verified (line 40: no instruction on or after line 40"),
                    console);
        }
    }

    @Test
    void withoutBreakpointsTheRunGoesToItsEnd() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file);
            s.configurationDone();
            assertEquals(0, s.ended());
        }
    }

    @Test
    void runningWithoutDebuggingPassesUnverifiedBreakpointsBy() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("noDebug", true)) {
            s.breakpoints(s.file, 40);
            s.configurationDone();
            assertEquals(0, s.ended());
        }
    }

    @Test
    void aBreakpointOnBufferDataIsUnverifiedWithAReason() throws Exception {
        try (DapSession s = DapSession.on(dir, "clear.csf", Streams.CLEAR).launch()) {
            Breakpoint bp = s.breakpoints(s.file, 4).getBreakpoints()[0];
            assertFalse(bp.isVerified());
            assertTrue(bp.getMessage().contains("data of 'fb'"), bp.getMessage());
        }
    }

    @Test
    void aBreakpointInAnIncludedFileStopsThere() throws Exception {
        Files.writeString(dir.resolve("sub.inc"), ".stream sub\n    MOVE32 r2, #2\n    MOVE32 r3, #3\n");
        String main = """
                .include "sub.inc"
                .stream main
                    MOVE48  d10, sub
                    MOVE32  r12, sizeof(sub)
                    CALL    d10, r12
                """;
        try (DapSession s = DapSession.on(dir, "main.csf", main).launch()) {
            Breakpoint bp = s.breakpoints(dir.resolve("sub.inc"), 3).getBreakpoints()[0];
            assertTrue(bp.isVerified(), bp.getMessage());
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertTrue(s.top(1).getSource().getPath().endsWith("sub.inc"));
            DapSession.assertLine(3, s.top(1));
        }
    }

    @Test
    void aFileTheProgramDoesNotReadGetsUnverifiedBreakpoints() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            Breakpoint bp = s.breakpoints(dir.resolve("other.csf"), 2).getBreakpoints()[0];
            assertFalse(bp.isVerified());
            assertTrue(bp.getMessage().contains("other.csf"), bp.getMessage());
        }
    }

    @Test
    void continuingFromABreakpointRunsToTheNextOne() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 2, 4);
            s.configurationDone();
            s.stopped();
            DapSession.assertLine(2, s.top(1));
            s.continue_();
            s.stopped();
            DapSession.assertLine(4, s.top(1));
            s.continue_();
            assertEquals(0, s.ended());
        }
    }

    @Test
    void clearedBreakpointsNoLongerStop() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            s.breakpoints(s.file, 3);
            s.breakpoints(s.file);
            s.configurationDone();
            assertEquals(0, s.ended());
        }
    }
}
