package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.SetExceptionBreakpointsArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A thread's name says its queue's state as the user sees it: running, stopped and why, suspended, ended. */
class ThreadNamesTest {

    @TempDir
    Path dir;

    private static List<String> names(DapSession s) {
        return Arrays.stream(DapSession.get(s.server.threads()).getThreads()).map(t -> t.getName()).toList();
    }

    @Test
    void aQueueStoppedAtABreakpointSaysSo() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "moves.csf", Streams.MOVES, 3)) {
            assertEquals(List.of("queue main (stopped on breakpoint)"), names(s));
        }
    }

    @Test
    void aQueueStoppedAfterAStepSaysSo() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "moves.csf", Streams.MOVES, 3)) {
            s.next(1);
            assertEquals(List.of("queue main (stopped after step)"), names(s));
        }
    }

    @Test
    void aQueueStoppedOnEntrySaysSo() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            assertEquals(List.of("queue main (stopped on entry)"), names(s));
        }
    }

    private DapSession endless() {
        String loop = """
                .stream main
                loop:
                    ADD_IMMEDIATE32 r0, r0, #1
                    BRANCH.always r0, loop
                """;
        return DapSession.on(dir, "loop.csf", loop).launch("steps", 1_000_000_000_000L, "timeout", 600,
                "recordHistory", false);
    }

    @Test
    void aQueueSaysNotStartedBeforeTheConfigurationIsDoneAndRunningOnceTheRunHasBegun() throws Exception {
        try (DapSession s = endless()) {
            assertEquals(List.of("queue main (not started)"), names(s));
            s.configurationDone();
            // the answer comes before the run begins on the adapter's worker: wait for the worker to say so
            List<String> names = names(s);
            for (int i = 0; i < 1000 && names.equals(List.of("queue main (not started)")); i++) {
                java.lang.Thread.sleep(10);
                names = names(s);
            }
            assertEquals(List.of("queue main (running)"), names);
        }
    }

    @Test
    void aPausedQueueSaysPaused() throws Exception {
        try (DapSession s = endless()) {
            s.configurationDone();
            PauseArguments p = new PauseArguments();
            p.setThreadId(1);
            DapSession.get(s.server.pause(p));
            s.stopped();
            assertEquals(List.of("queue main (paused)"), names(s));
        }
    }

    @Test
    void aQueueThatFaultedSaysItEndedWithTheFault() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            s.stopped();
            String name = names(s).get(0);
            assertTrue(name.startsWith("queue main (ended: translation "), name);
        }
    }

    @Test
    void aQueueATimeoutEndedSaysSo() throws Exception {
        String loop = """
                .stream main
                loop:
                    ADD_IMMEDIATE32 r0, r0, #1
                    BRANCH.always r0, loop
                """;
        try (DapSession s = DapSession.on(dir, "loop.csf", loop).launch("steps", 1000, "recordHistory", false)) {
            SetExceptionBreakpointsArguments a = new SetExceptionBreakpointsArguments();
            a.setFilters(new String[] {"timeout"});
            DapSession.get(s.server.setExceptionBreakpoints(a));
            s.configurationDone();
            assertEquals("exception", s.stopped().getReason());
            assertEquals(List.of("queue main (ended: timeout)"), names(s));
        }
    }

    @Test
    void theOtherQueuesAtAStopAreSuspended() throws Exception {
        // a's loop outlasts its time slice (2^16 instructions): b runs to its breakpoint (line 12) while a is at work
        String two = """
                .queue a
                .queue b
                .submit a, spin
                .submit b, second
                .stream spin
                    MOVE32 r1, #100000
                loop:
                    ADD_IMMEDIATE32 r1, r1, #-1
                    BRANCH.ne r1, loop
                .stream second
                    MOVE32 r1, #1
                    MOVE32 r2, #2
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "two.csf", two, 12)) {
            assertEquals(List.of("queue a (suspended)", "queue b (stopped on breakpoint)"), names(s));
        }
    }

    @Test
    void aQueueWhoseJobsAreDoneSaysDoneAtAStop() throws Exception {
        String two = """
                .queue a
                .queue b
                .submit a, first
                .submit b, second
                .stream first
                    MOVE32 r1, #1
                .stream second
                    MOVE32 r1, #1
                    MOVE32 r2, #2
                """;
        try (DapSession s = DapSession.stoppedAt(dir, "two.csf", two, 9)) {
            assertEquals(List.of("queue a (done)", "queue b (stopped on breakpoint)"), names(s));
        }
    }

    @Test
    void aWaitingQueueSaysWhatItWaitsForAtAnyStop() throws Exception {
        try (DapSession s = DapSession.stoppedAt(dir, "wait.csf", Streams.WAIT, 5)) {
            s.next(1);
            assertEquals(List.of("queue main (waiting for"), names(s).stream().map(n -> n.substring(0, 23)).toList());
        }
    }
}
