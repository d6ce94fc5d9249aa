package dev.csfstudio.asm;

import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A branch target that names a label, local label or stream anywhere in its expression is an address
 * (offset = target - next, in instructions); one made of numbers and constants only is the offset itself.
 */
class BranchTargetExpressionsTest {

    private static Diagnostic onlyError(String text) {
        AssemblyResult r = Sources.assemble(text);
        assertEquals(1, r.errors().size(), () -> r.errors().toString());
        return r.errors().get(0);
    }

    @Test
    void labelPlusBytesIsTheInstructionThere() {
        assertEquals(-2, Sources.branchOffset("loop: NOP\nNOP\nBRANCH.ne r4, loop + 8\n", 2));
    }

    @Test
    void forwardLabelMinusBytes() {
        assertEquals(1, Sources.branchOffset("BRANCH.always r0, done - 8\nNOP\nNOP\ndone: NOP\n", 0));
    }

    @Test
    void parenthesisedLabelIsAnAddress() {
        assertEquals(1, Sources.branchOffset("BRANCH.always r0, (done)\nNOP\ndone: NOP\n", 0));
    }

    @Test
    void localLabelInAnExpressionIsAnAddress() {
        assertEquals(-2, Sources.branchOffset("1: NOP\nNOP\nBRANCH.ne r1, 1b + 8\n", 2));
    }

    @Test
    void streamNameIsItsFirstInstruction() {
        assertEquals(-3, Sources.branchOffset(".stream main\nNOP\nNOP\nBRANCH.always r0, main\n", 2));
    }

    @Test
    void constantsAloneStayAnInstructionOffset() {
        assertEquals(-3, Sources.branchOffset(".equ BACK, 2\nNOP\nBRANCH.always r0, -BACK - 1\n", 1));
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
