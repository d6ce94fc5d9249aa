package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A branch target that names a label, local label or stream anywhere in its expression is an address
 * (offset = target - next, in instructions); one made of numbers and constants only is the offset itself.
 */
class BranchTargetExpressionsTest {

    private static long offset(Program p, int index) {
        return (short) (p.entrySection().word(index) & 0xffff);
    }

    private static Diagnostic onlyError(String text) {
        AssemblyResult r = Sources.assemble(text);
        assertEquals(1, r.errors().size(), () -> r.errors().toString());
        return r.errors().get(0);
    }

    @Test
    void labelPlusBytesIsTheInstructionThere() {
        Program p = Sources.ok("loop: NOP\nNOP\nBRANCH.ne r4, loop + 8\n");
        assertEquals(-2, offset(p, 2));
    }

    @Test
    void forwardLabelMinusBytes() {
        Program p = Sources.ok("BRANCH.always r0, done - 8\nNOP\nNOP\ndone: NOP\n");
        assertEquals(1, offset(p, 0));
    }

    @Test
    void parenthesisedLabelIsAnAddress() {
        Program p = Sources.ok("BRANCH.always r0, (done)\nNOP\ndone: NOP\n");
        assertEquals(1, offset(p, 0));
    }

    @Test
    void localLabelInAnExpressionIsAnAddress() {
        Program p = Sources.ok("1: NOP\nNOP\nBRANCH.ne r1, 1b + 8\n");
        assertEquals(-2, offset(p, 2));
    }

    @Test
    void streamNameIsItsFirstInstruction() {
        Program p = Sources.ok(".stream main\nNOP\nNOP\nBRANCH.always r0, main\n");
        assertEquals(-3, offset(p, 2));
    }

    @Test
    void constantsAloneStayAnInstructionOffset() {
        Program p = Sources.ok(".equ BACK, 2\nNOP\nBRANCH.always r0, -BACK - 1\n");
        assertEquals(-3, offset(p, 1));
    }

    @Test
    void addressBetweenInstructionsIsAnError() {
        Diagnostic d = onlyError("loop: NOP\nBRANCH.ne r4, loop + 4\n");
        assertEquals("branch-range", d.code().id());
        assertTrue(d.message().contains("not on an instruction"), d.message());
        assertEquals(2, d.range().line());
        assertEquals(15, d.range().column());
    }

    @Test
    void addressOutsideTheStreamIsAnError() {
        Diagnostic d = onlyError("loop: NOP\nBRANCH.ne r4, loop + 64\n");
        assertEquals("branch-range", d.code().id());
        assertTrue(d.message().contains("outside stream 'main'"), d.message());
    }

    @Test
    void addressInAnotherStreamIsAnError() {
        Diagnostic d = onlyError("BRANCH.ne r4, far + 8\n.stream other\nfar: NOP\nNOP\n");
        assertEquals("branch-range", d.code().id());
        assertTrue(d.message().contains("use CALL or JUMP"), d.message());
    }

    @Test
    void labelInsideAnExpressionIsAReference() {
        AssemblyResult r = Sources.assemble("loop: NOP\nBRANCH.ne r4, loop + 0\n");
        assertTrue(r.references().stream().anyMatch(x -> x.name().equals("loop") && x.range().line() == 2));
        assertTrue(r.warnings().stream().noneMatch(w -> w.code().id().equals("unused-label")));
    }
}
