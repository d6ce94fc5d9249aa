package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** 1200 clears of a 256 KiB target, each in a new colour: every snapshot of history holds 256 KiB of its own. */
    private static final String CLEARS = """
            .buffer color, size=262144
            .buffer fb, align=64
            fbd: .fbd width=256, height=256
            rt:  .rt format=R8G8B8A8, base=color, row_stride=1024, clear=0xff0000ff
            .stream main
                MOVE48  d40, fbd(fbd)
                MOVE48  d70, rt
                MOVE32  r42, #0
                MOVE32  r43, 255 << 16 | 255
                MOVE32  r0, #1200
            loop:
                ADD_IMMEDIATE32 r7, r7, #0x10
                STORE_MULTIPLE [d70 + 48], r7
                WAIT    #0x1
                RUN_FRAGMENT
                ADD_IMMEDIATE32 r0, r0, #-1
                BRANCH.ne r0, loop
                MOVE32  r1, #1
            """;

    @Test
    void historyHoldsItsBoundAndSaysHowFarBackItGoesOnceItDropsSnapshots() throws Exception {
        long bound = 1 << 20;
        try (DapSession s = DapSession.on(dir, "clears.csf", CLEARS).launch("historyBytes", bound)) {
            s.breakpoints(s.file, 18);
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            String said = s.console().stream().filter(l -> l.startsWith("history goes back")).findFirst()
                    .orElseThrow(() -> new AssertionError("no word of dropped snapshots: " + s.console()));
            Matcher m = Pattern.compile("instruction (\\d+) now: older snapshots were dropped to hold " + bound
                    + " bytes \\(it holds (\\d+)\\)").matcher(said);
            assertTrue(m.find(), said);
            assertTrue(Long.parseLong(m.group(2)) <= bound, said);
            DapSession.get(s.server.reverseContinue(new ReverseContinueArguments()));
            var back = s.stopped();
            assertTrue(back.getDescription().startsWith("at the oldest state history keeps (instruction "),
                    back.getDescription());
            assertTrue(back.getDescription().endsWith("older snapshots were dropped to hold " + bound + " bytes"),
                    back.getDescription());
            assertTrue(Integer.decode(s.register(1, "r0").split(" ")[0]) > 0, "back to within the loop, not its start");
        }
    }

    @Test
    void withoutHistoryBytesHistoryHoldsAtMostAnEighthOfTheHeap() {
        var parsed = (dev.csfstudio.runtime.Result.Ok<LaunchArguments>) LaunchArguments.parse(
                java.util.Map.of("program", "x.csf"));
        long bound = parsed.value().historyBytes();
        assertTrue(bound <= Runtime.getRuntime().maxMemory() / 8, bound + " bytes of history");
        assertTrue(bound <= dev.csfstudio.runtime.Machine.DEFAULT_HISTORY_BYTES, bound + " bytes of history");
    }

    @Test
    void historyBytesMustBePositive() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES)) {
            java.util.Map<String, Object> args = new java.util.HashMap<>();
            args.put("program", s.file.toString());
            args.put("historyBytes", 0);
            String message = DapSession.refusal(s.server.launch(args));
            assertTrue(message.contains("'historyBytes' is 0: history's bound must be 1.."), message);
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
    void theFirstStepBackFromAFaultSaysItUndidTheFault() throws Exception {
        try (DapSession s = DapSession.on(dir, "fault.csf", Streams.FAULT).launch()) {
            s.configurationDone();
            assertEquals("exception", s.stopped().getReason());
            s.stepBack(1);
            String console = String.join("", s.console());
            assertTrue(console.contains("step back undid the translation fault of line 4 (LOAD_MULTIPLE)"), console);
            assertTrue(console.contains("the queue stands before it again"), console);
            s.stepBack(1);
            assertEquals(console, String.join("", s.console()), "the next step back undoes an instruction: no word");
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
