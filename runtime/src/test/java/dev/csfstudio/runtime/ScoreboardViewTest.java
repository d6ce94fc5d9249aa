package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import static dev.csfstudio.runtime.Sessions.load;
import static dev.csfstudio.runtime.Sessions.stepTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a debugger reads of a queue's scoreboard at a stop. */
class ScoreboardViewTest {

    private static final String LOAD = """
            .buffer data, size=16
                .word 7
            .stream main
                MOVE48  d2, data
                LOAD_MULTIPLE r0, [d2]
                WAIT    #0x1
                MOVE32  r5, #1
            """;

    @Test
    void aLoadInFlightIsListedWithItsLineAndItsRegisterIsPending() {
        Machine m = load(LOAD);
        stepTo(m, "main", 6); // the LOAD_MULTIPLE has run, the WAIT has not
        ScoreboardView sb = m.scoreboard("main").orElseThrow();
        assertEquals(1, sb.inFlight().size());
        RunReport.InFlight op = sb.on(0).get(0);
        assertEquals("LOAD_MULTIPLE", op.mnemonic());
        assertEquals(5, op.line().line());
        assertTrue(sb.pending(0));
        assertFalse(sb.pending(1));
        assertEquals(op, sb.pendingLoad(0).orElseThrow());
        assertTrue(sb.pendingLoad(1).isEmpty());
    }

    @Test
    void steppingOverTheWaitCompletesTheLoad() {
        Machine m = load(LOAD);
        stepTo(m, "main", 7);
        ScoreboardView sb = m.scoreboard("main").orElseThrow();
        assertTrue(sb.inFlight().isEmpty());
        assertFalse(sb.pending(0));
        assertEquals(7, m.queue("main").orElseThrow().registers()[0]);
    }
}
