package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteppingTest {

    @TempDir
    Path dir;

    private DapSession atCall() {
        return DapSession.stoppedAt(dir, "call.csf", Streams.CALL, 4);
    }

    @Test
    void nextStepsOverACall() throws Exception {
        try (DapSession s = atCall()) {
            StoppedEventArguments e = s.next(1);
            assertEquals("step", e.getReason());
            DapSession.assertLine(5, s.top(1));
            assertEquals("0x00000003 (3)", s.register(1, "r3"));
        }
    }

    @Test
    void stepInEntersTheCalledStream() throws Exception {
        try (DapSession s = atCall()) {
            assertEquals("step", s.stepIn(1).getReason());
            DapSession.assertLine(8, s.top(1));
        }
    }

    @Test
    void stepOutReturnsToTheCaller() throws Exception {
        try (DapSession s = atCall()) {
            s.stepIn(1);
            s.stepOut(1);
            DapSession.assertLine(5, s.top(1));
        }
    }

    @Test
    void theCallStackShowsTheCalledStreamAboveItsCallerAboveTheRingBuffer() throws Exception {
        try (DapSession s = atCall()) {
            s.stepIn(1);
            List<StackFrame> frames = s.frames(1);
            assertEquals(3, frames.size(), frames::toString);
            assertTrue(frames.get(0).getName().startsWith("sub"), frames.get(0).getName());
            DapSession.assertLine(4, frames.get(1));
            assertTrue(frames.get(1).getName().startsWith("main"), frames.get(1).getName());
            assertEquals("ring buffer of queue main", frames.get(2).getName());
            assertEquals(org.eclipse.lsp4j.debug.StackFramePresentationHint.SUBTLE, frames.get(2).getPresentationHint());
        }
    }

    @Test
    void theRingBufferFrameOfAStreamWithoutSubmitSitsAtTheStreamsFirstLine() throws Exception {
        try (DapSession s = atCall()) {
            List<StackFrame> frames = s.frames(1);
            StackFrame ring = frames.get(frames.size() - 1);
            assertEquals("ring buffer of queue main", ring.getName());
            assertEquals(s.file.toAbsolutePath().normalize().toString(), ring.getSource().getPath());
            assertEquals(2, ring.getLine(), "MOVE48 d10, sub: the first instruction of the stream it calls");
        }
    }

    @Test
    void nextOverTheLastInstructionEndsTheRun() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "moves.csf", Streams.MOVES, 4)) {
            org.eclipse.lsp4j.debug.NextArguments a = new org.eclipse.lsp4j.debug.NextArguments();
            a.setThreadId(1);
            DapSession.get(s.server.next(a));
            // the job's end returns to the ring buffer; stepping on finishes the run
            StoppedEventArguments e = s.stopped();
            assertEquals("step", e.getReason());
            s.continue_();
            assertEquals(0, s.ended());
        }
    }

    @Test
    void aStepOfAThreadThatDoesNotExistIsRefused() throws Exception {
        try (DapSession s = atCall()) {
            org.eclipse.lsp4j.debug.NextArguments a = new org.eclipse.lsp4j.debug.NextArguments();
            a.setThreadId(7);
            String message = DapSession.refusal(s.server.next(a));
            assertTrue(message.contains("thread 7 does not exist"), message);
        }
    }
}
