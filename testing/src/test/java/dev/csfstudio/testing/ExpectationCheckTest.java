package dev.csfstudio.testing;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.Simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each kind of expectation holds or fails against a real run, and says what it got. */
class ExpectationCheckTest {

    @TempDir
    Path dir;

    private List<Verdict> verdicts(String text) throws IOException {
        AssemblyResult r = new Assembler().assemble(Streams.write(dir, "t.csf", text));
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        Program p = r.program();
        return ExpectationCheck.check(p, new Simulator().run(p));
    }

    private Verdict one(String expect) throws IOException {
        List<Verdict> v = verdicts(Streams.RED + expect + "\n");
        assertEquals(1, v.size(), v::toString);
        return v.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {".expect status ok", ".expect r4 == 7", ".expect r4 != 5", ".expect r4 < 8",
            ".expect r4 <= 7", ".expect r4 > 6", ".expect r4 >= 7", ".expect main.r4 == 7", ".expect d40 == fbd(fbd)",
            ".expect word [color + 4] == 0xff0000ff", ".expect byte [color] == 0xff", ".expect hword [color + 2] == 0xff00",
            ".expect dword [color] == 0xff0000ffff0000ff", ".expect pixel color(3, 4) == (255, 0, 0, 255)",
            ".expect pixel color(15, 15) != (0, 0, 0, 0)", ".expect instructions == 5", ".expect instructions <= 100",
            ".expect job 1 fbd.width == 16", ".expect job 1 fbd == fbd(fbd)"})
    void holdingExpectationsPass(String expect) throws IOException {
        Verdict v = one(expect);
        assertTrue(v.passed(), v::message);
    }

    @Test
    void aFailedRegisterSaysWhatItGotInDecimalAndHex() throws IOException {
        Verdict v = one(".expect r4 == 5");
        assertFalse(v.passed());
        assertEquals("r4 == 5: got 7 (0x7), expected 5 (0x5)", v.message());
    }

    @Test
    void aFailedExpectationSaysItsExpressionOnceThenTheValueItGotAndTheValueItAskedFor() throws IOException {
        String message = one(".equ BASE, 1\n.expect r4 == BASE * 2 + 3").message();
        assertEquals("r4 == BASE * 2 + 3: got 7 (0x7), expected 5 (0x5)", message);
        assertEquals(1, message.split("BASE", -1).length - 1, message);
    }

    @Test
    void anExpectedValueOtherThanEqualityKeepsItsComparison() throws IOException {
        assertEquals("r4 < 3 + 4: got 7 (0x7), expected < 7 (0x7)", one(".expect r4 < 3 + 4").message());
        assertEquals("instructions > 100: got 5, expected > 100", one(".expect instructions > 100").message());
    }

    @Test
    void aJobTheRunDidNotRunFailsSayingHowManyRan() throws IOException {
        assertEquals("job 2 fbd.width == 16: got no job 2 (the run ran 1), expected 16 (0x10)",
                one(".expect job 2 fbd.width == 16").message());
    }

    @Test
    void aPathTheJobDidNotReadFailsListingWhatItRead() throws IOException {
        String message = one(".expect job 1 fbd.depth == 16").message();
        assertTrue(message.startsWith("job 1 fbd.depth == 16: got no fbd.depth among what job 1 (RUN_FRAGMENT)"
                + " read (bbox, bbox.scissor_minimum_x,"), message);
        assertTrue(message.endsWith("), expected 16 (0x10)"), message);
    }

    @Test
    void aFailedPixelSaysItsColour() throws IOException {
        assertEquals("pixel color(0, 0) == (0, 255, 0, 255): got (255, 0, 0, 255), expected (0, 255, 0, 255)",
                one(".expect pixel color(0, 0) == (0, 255, 0, 255)").message());
    }

    @Test
    void aPixelOutsideTheTargetFailsSayingItsSize() throws IOException {
        assertEquals("pixel color(16, 0) == (0, 0, 0, 0): got no pixel (16, 0): the render target in buffer"
                + " color is 16x16, expected (0, 0, 0, 0)", one(".expect pixel color(16, 0) == (0, 0, 0, 0)").message());
    }

    @Test
    void aBufferNoFragmentJobWroteHasNoPixels() throws IOException {
        Verdict v = one(".buffer other, size=64\n.expect pixel other(0, 0) == (0, 0, 0, 0)");
        assertEquals("pixel other(0, 0) == (0, 0, 0, 0): got no render target in buffer other (no fragment job"
                + " wrote it), expected (0, 0, 0, 0)", v.message());
    }

    @Test
    void anUnexpectedFaultFailsTheTestAtItsFirstExpectation() throws IOException {
        List<Verdict> v = verdicts(".stream main\n    MOVE48 d40, 0xdead0000\n    LOAD_MULTIPLE r40:r41, [d40 + 0]\n.expect r4 == 0\n");
        assertFalse(v.get(0).passed());
        assertTrue(v.get(0).message().startsWith("status ok: got fault translation at "), v.get(0).message());
        assertTrue(v.get(0).message().endsWith("(no .expect status allows it)"), v.get(0).message());
        assertEquals(4, v.get(0).expectation().range().line());
    }

    @Test
    void anExpectedFaultPassesWithItsKindAndLine() throws IOException {
        String faulting = ".stream main\n    MOVE48 d40, 0xdead0000\n    LOAD_MULTIPLE r40:r41, [d40 + 0]\n";
        assertTrue(verdicts(faulting + ".expect fault translation, line=3\n").get(0).passed());
        String wrongLine = verdicts(faulting + ".expect fault translation, line=2\n").get(0).message()
                .replaceAll(dir.toString() + "/", "");
        assertTrue(wrongLine.startsWith("fault translation, line=2: got fault translation at t.csf:3: "), wrongLine);
        assertFalse(verdicts(faulting + ".expect fault unaligned_access\n").get(0).passed());
        assertFalse(verdicts(faulting + ".expect status ok\n").get(0).passed());
    }

    @Test
    void anExpectedFaultPassesWithTheHardwaresExceptionName() throws IOException {
        String faulting = ".stream main\n    MOVE48 d40, 0xc0000000\n    LOAD_MULTIPLE r40:r41, [d40 + 0]\n";
        assertTrue(verdicts(faulting + ".expect fault TRANSLATION_FAULT_1, line=3\n").get(0).passed());
        assertFalse(verdicts(faulting + ".expect fault TRANSLATION_FAULT_2\n").get(0).passed());
        assertFalse(verdicts(faulting + ".expect fault CS_INSTR_INVALID\n").get(0).passed());
    }

    @Test
    void registersAreThoseOfTheQueueAtFaultTime() throws IOException {
        assertTrue(verdicts(".stream main\n    MOVE32 r4, #1\n    MOVE48 d40, 0xdead0000\n    LOAD_MULTIPLE r40:r41, [d40 + 0]\n    MOVE32 r4, #2\n.expect fault\n.expect r4 == 1\n")
                .stream().allMatch(Verdict::passed));
    }

    @Test
    void aDeadlockIsItsOwnEnding() throws IOException {
        String deadlock = """
                .buffer sync, size=8, align=8
                .stream main
                    MOVE48  d50, sync
                    MOVE32  r52, #3
                    SYNC_WAIT32.ge.inherit d50, r52
                .expect status deadlock
                """;
        Verdict v = verdicts(deadlock).get(0);
        assertTrue(v.passed(), v::message);
    }

    private static final String RACING_READ = """
            .buffer data, size=8
                .word 7
            .stream main
                MOVE48  d2, data
                LOAD_MULTIPLE r0, [d2]
                ADD_IMMEDIATE32 r4, r0, #1
            """;

    @Test
    void aHazardIsItsOwnEndingWithTheRacingLine() throws IOException {
        assertTrue(verdicts(RACING_READ + ".expect status hazard, line=6\n").get(0).passed());
        assertFalse(verdicts(RACING_READ + ".expect status hazard, line=5\n").get(0).passed());
    }

    @Test
    void aHazardNobodyExpectedFailsTheImpliedStatusOk() throws IOException {
        Verdict v = verdicts(RACING_READ + ".expect r4 == 8\n").get(0);
        assertFalse(v.passed());
        assertTrue(v.message().startsWith("status ok: got hazard at "), v.message());
        assertTrue(v.message().contains("read of r0 while LOAD_MULTIPLE at line 5"), v.message());
    }

    private static final String TWO_GROUPS = """
            .stream bad
                MOVE48  d40, 0xdead0000
                LOAD_MULTIPLE r0, [d40 + 0]
            .stream good
                MOVE32  r4, #7
            .queue qbad
            .queue qgood
            .submit qbad, bad
            .submit qgood, good
            .expect status fault
            """;

    @Test
    void aQueueStatusIsThatQueuesOwnNotTheRuns() throws IOException {
        List<Verdict> v = verdicts(TWO_GROUPS + ".expect qgood.status ok\n.expect qbad.status fault translation\n");
        assertTrue(v.stream().allMatch(Verdict::passed), v::toString);
    }

    @Test
    void aWrongQueueStatusFailsSayingHowTheQueueEnded() throws IOException {
        Verdict v = verdicts(TWO_GROUPS + ".expect qbad.status ok\n").get(1);
        assertFalse(v.passed());
        assertTrue(v.message().startsWith("qbad.status ok: got fault translation at "), v.message());
    }

    @Test
    void aQueueStatusDoesNotAllowTheRunToEndOtherThanOk() throws IOException {
        String noRunStatus = TWO_GROUPS.replace(".expect status fault\n", "");
        Verdict v = verdicts(noRunStatus + ".expect qgood.status ok\n").get(0);
        assertFalse(v.passed());
        assertTrue(v.message().startsWith("status ok: got fault translation at "), v.message());
    }
}
