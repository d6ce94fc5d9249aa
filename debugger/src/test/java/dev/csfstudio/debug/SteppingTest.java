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

    static final String TWO_JOBS = """
            .queue main
            .submit main, job
            .submit main, job
            .stream job
                MOVE32  r1, #1
                MOVE32  r2, #2
            """;

    /** The queue's completion sync object in the Sync objects scope. */
    private static org.eclipse.lsp4j.debug.Variable completion(DapSession s) {
        return s.scope(1, "Sync objects").values().stream().filter(v -> v.getName().endsWith("(queue main's completion)"))
                .findFirst().orElseThrow(() -> new AssertionError(s.scope(1, "Sync objects").keySet().toString()));
    }

    @Test
    void stepOutOfAJobRunsTheJobRingsEndWithoutAStopInsideIt() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "jobs.csf", TWO_JOBS, 5)) {
            assertTrue(completion(s).getValue().startsWith("0x0 (64-bit, status 0x0"), completion(s).getValue());
            assertEquals("step", s.stepOut(1).getReason());
            // The job's end (WAIT, SYNC_ADD64 of the completion sync object, ERROR_BARRIER) ran as one step: the
            // stop is at the next job's ring entry, never inside the first one's end.
            List<StackFrame> frames = s.frames(1);
            assertEquals(1, frames.size(), frames::toString);
            assertEquals("ring buffer of queue main", frames.get(0).getName());
            assertTrue(completion(s).getValue().startsWith("0x1 (64-bit, status 0x0"), completion(s).getValue());
            assertEquals("0x00000002 (2)", s.register(1, "r2"));
            // and it still lands on the user's line of the next job
            s.continue_();
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(5, s.top(1));
        }
    }

    /** The position data of a one-triangle draw (RUN_IDVS reads it through d16). */
    static final String POSITION = """
            .buffer shaders, align=64
            position:
                .word 3 << 4 | 8, 0
                .dword 0x7f0000
                .zero 16
            """;

    /** A draw whose tiler job runs out of heap memory (injected) with a tiler_oom handler installed. */
    static final String TILER_OOM = ".inject tiler_oom, job=1\n" + POSITION + """
            .stream handler
                MOVE32  r11, #1
            .stream main
                MOVE48  d60, handler
                MOVE32  r62, sizeof(handler)
                SET_EXCEPTION_HANDLER d60, r62, #2
                MOVE48  d16, position
                MOVE32  r33, 3
                MOVE32  r34, 1
                RUN_IDVS.malloc_enable r4, #0
                MOVE32  r4, #5
            """;

    @Test
    void theFirmwareRunsTheHandlerInAFrameAboveTheInterruptedStream() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "oom.csf", TILER_OOM, 8)) {
            List<StackFrame> frames = s.frames(1);
            assertEquals(3, frames.size(), frames::toString);
            assertTrue(frames.get(0).getName().startsWith("handler @ ")
                    && frames.get(0).getName().endsWith("(tiler_oom exception handler, run by the firmware on an injected"
                    + " exception)"), frames.get(0).getName());
            assertTrue(frames.get(1).getName().startsWith("main @ "), frames.get(1).getName());
            DapSession.assertLine(16, frames.get(1));
            s.stepOut(1);
            DapSession.assertLine(17, s.top(1));
            assertEquals("0x00000001 (1)", s.register(1, "r11"));
        }
    }

    /** vt's tiler job runs out of heap memory; frag, waiting for vt, installed the group's tiler_oom handler. */
    static final String GROUP_TILER_OOM = ".inject tiler_oom, job=1, queue=vt\n.buffer sync, size=8, align=8\n"
            + POSITION + """
            .stream handler
                MOVE32  r11, #1
            .stream fragment
                MOVE48  d60, handler
                MOVE32  r62, sizeof(handler)
                SET_EXCEPTION_HANDLER d60, r62, #2
                MOVE48  d50, sync
                MOVE32  r52, #0
                SYNC_WAIT32.gt d50, r52
                MOVE32  r13, #3
            .stream vertex_tiler
                MOVE48  d16, position
                MOVE32  r33, 3
                MOVE32  r34, 1
                RUN_IDVS.malloc_enable r4, #0
                WAIT    #0x1
                MOVE48  d50, sync
                MOVE32  r52, #1
                SYNC_SET32.system [d50], r52, #0x0, #0
            .queue frag, group=g
            .queue vt, group=g
            .submit frag, fragment
            .submit vt, vertex_tiler
            """;

    @Test
    void theGroupsHandlerRunsAboveTheInstallingQueuesSyncWaitAndNamesTheRaisingQueue() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "group-oom.csf", GROUP_TILER_OOM, 9)) {
            List<StackFrame> frames = s.frames(1);
            assertEquals(3, frames.size(), frames::toString);
            assertTrue(frames.get(0).getName().startsWith("handler @ ")
                    && frames.get(0).getName().endsWith("(tiler_oom exception handler, run by the firmware on an injected"
                    + " exception of queue vt)"), frames.get(0).getName());
            DapSession.assertLine(16, frames.get(1)); // the SYNC_WAIT it interrupted, run again after it
            assertTrue(s.frames(2).get(0).getName().contains("held by TILER_OOM"), s.frames(2).get(0).getName());
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
