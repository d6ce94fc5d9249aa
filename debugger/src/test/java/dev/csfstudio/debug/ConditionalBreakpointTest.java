package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConditionalBreakpointTest {

    @TempDir
    Path dir;

    /** r0 counts up on line 3, five times; line 5 ends the job. */
    private static final String LOOP = """
            .stream main
            loop:
                ADD_IMMEDIATE32 r0, r0, #1
                ADD_IMMEDIATE32 r1, r0, #-5
                BRANCH.ne r1, loop
                MOVE32 r2, #2
            """;

    private static SourceBreakpoint on(int line, String condition, String hitCondition, String log) {
        SourceBreakpoint b = DapSession.at(line);
        b.setCondition(condition);
        b.setHitCondition(hitCondition);
        b.setLogMessage(log);
        return b;
    }

    @Test
    void aConditionOverRegistersStopsOnlyWhenItHolds() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, "r0 == 3", null, null));
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertEquals("0x00000003 (3)", s.register(1, "r0"));
        }
    }

    @Test
    void aConditionThatNeverHoldsNeverStops() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, "r0 > 100 && loop != 0", null, null));
            s.configurationDone();
            assertEquals(0, s.ended());
        }
    }

    @Test
    void aHitCountStopsFromThatHitOn() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, null, "4", null));
            s.configurationDone();
            s.stopped();
            assertEquals("0x00000003 (3)", s.register(1, "r0"));
            s.continue_();
            s.stopped();
            assertEquals("0x00000004 (4)", s.register(1, "r0"));
        }
    }

    @Test
    void aHitConditionThatIsNotACountIsUnverified() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            var bp = s.breakpoints(on(3, null, "often", null)).getBreakpoints()[0];
            assertFalse(bp.isVerified());
            assertTrue(bp.getMessage().contains("hit condition 'often'"), bp.getMessage());
        }
    }

    @Test
    void aLogpointPrintsItsInterpolatedMessageAndDoesNotStop() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, null, null, "r0 is {r0}, {{braces}}"));
            s.configurationDone();
            assertEquals(0, s.ended());
            assertEquals(5, s.console().stream().filter(l -> l.startsWith("r0 is 0x")).count(), s.console()::toString);
            assertTrue(s.console().contains("r0 is 0x4, {braces}\n"), s.console()::toString);
        }
    }

    @Test
    void aConditionThatCannotBeEvaluatedStopsAndSaysWhy() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, "nosuch == 1", null, null));
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertTrue(s.console().stream().anyMatch(l -> l.contains("'nosuch' is not a register")),
                    s.console()::toString);
        }
    }

    @Test
    void aConditionNested500DeepStopsAndSaysWhy() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, "(".repeat(500) + "r0" + ")".repeat(500) + " == 1", null, null));
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertTrue(s.console().stream().anyMatch(l -> l.contains("expression nested more than " + Expressions.MAX_NESTING + " deep")),
                    s.console()::toString);
        }
    }

    @Test
    void aLogMessageNested500DeepSaysWhyAndTheRunGoesOn() throws Exception {
        try (DapSession s = DapSession.on(dir, "loop.csf", LOOP).launch()) {
            s.breakpoints(on(3, null, null, "{" + "-".repeat(500) + "r0}"));
            s.configurationDone();
            assertEquals(0, s.ended());
            assertTrue(s.console().stream().anyMatch(l -> l.contains("expression nested more than " + Expressions.MAX_NESTING + " deep")),
                    s.console()::toString);
        }
    }

    @Test
    void anInstructionBreakpointByGpuVaStopsThere() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch("stopOnEntry", true)) {
            s.configurationDone();
            s.stopped();
            String pc = s.top(1).getInstructionPointerReference();
            org.eclipse.lsp4j.debug.InstructionBreakpoint bp = new org.eclipse.lsp4j.debug.InstructionBreakpoint();
            bp.setInstructionReference(pc);
            bp.setOffset(16);
            var a = new org.eclipse.lsp4j.debug.SetInstructionBreakpointsArguments();
            a.setBreakpoints(new org.eclipse.lsp4j.debug.InstructionBreakpoint[] {bp});
            var placed = DapSession.get(s.server.setInstructionBreakpoints(a)).getBreakpoints()[0];
            assertTrue(placed.isVerified(), placed.getMessage());
            assertEquals(4, placed.getLine());
            s.continue_();
            assertEquals("breakpoint", s.stopped().getReason());
            DapSession.assertLine(4, s.top(1));
        }
    }

    @Test
    void anInstructionBreakpointOnAnUnmappedVaIsUnverified() throws Exception {
        try (DapSession s = DapSession.on(dir, "moves.csf", Streams.MOVES).launch()) {
            org.eclipse.lsp4j.debug.InstructionBreakpoint bp = new org.eclipse.lsp4j.debug.InstructionBreakpoint();
            bp.setInstructionReference("0x40");
            var a = new org.eclipse.lsp4j.debug.SetInstructionBreakpointsArguments();
            a.setBreakpoints(new org.eclipse.lsp4j.debug.InstructionBreakpoint[] {bp});
            var placed = DapSession.get(s.server.setInstructionBreakpoints(a)).getBreakpoints()[0];
            assertFalse(placed.isVerified());
            assertTrue(placed.getMessage().contains("not mapped"), placed.getMessage());
        }
    }

    @Test
    void aConditionMayUseFbdAndBinaryLiteralsAsSourceDoes() throws Exception {
        try (DapSession s = DapSession.on(dir, "clear.csf", Streams.CLEAR).launch()) {
            s.breakpoints(on(10, "r42 == 0b1", null, null), on(11, "d40 == fbd(fbd)", null, null));
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertEquals(11, s.top(1).getLine());
        }
    }

    @Test
    void aConditionMayUseALocalLabelReference() throws Exception {
        String loop = """
                .stream main
                1:
                    ADD_IMMEDIATE32 r0, r0, #1
                    ADD_IMMEDIATE32 r1, r0, #-5
                    BRANCH.ne r1, 1b
                    MOVE32 r2, #2
                """;
        try (DapSession s = DapSession.on(dir, "loop.csf", loop).launch()) {
            s.breakpoints(on(4, "r0 == 3 && 1b == main", null, null));
            s.configurationDone();
            assertEquals("breakpoint", s.stopped().getReason());
            assertEquals("0x00000003 (3)", s.register(1, "r0"));
        }
    }
}
