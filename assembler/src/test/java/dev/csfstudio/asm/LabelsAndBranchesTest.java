package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.program.SymbolReference;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Branch offsets are target - next, counted in instructions. */
class LabelsAndBranchesTest {

    @Test
    void backwardBranchToItselfIsMinusOne() {
        assertEquals(-1, Sources.branchOffset("loop: BRANCH.ne r4, loop\n", 0));
    }

    @Test
    void backwardBranch() {
        assertEquals(-3, Sources.branchOffset("loop: NOP\nNOP\nBRANCH.ne r4, loop\n", 2));
    }

    @Test
    void forwardBranchOverOneInstruction() {
        assertEquals(1, Sources.branchOffset("BRANCH.always r0, done\nNOP\ndone: NOP\n", 0));
    }

    @Test
    void branchToTheNextInstructionIsZero() {
        assertEquals(0, Sources.branchOffset("BRANCH.eq r0, next\nnext: NOP\n", 0));
    }

    @Test
    void numericLocalLabelsPickTheNearestDefinition() {
        String source = """
                1: NOP
                1: NOP
                BRANCH.ne r1, 1b
                BRANCH.ne r1, 1f
                NOP
                1: NOP
                """;
        assertEquals(-2, Sources.branchOffset(source, 2));
        assertEquals(1, Sources.branchOffset(source, 3));
    }

    @Test
    void numericOffsetIsTakenAsIs() {
        assertEquals(-3, (short) (Sources.word("BRANCH.always r0, #-3") & 0xffff));
    }

    @Test
    void labelValueIsItsGpuAddress() {
        Program p = Sources.ok("NOP\nhere: NOP\n.buffer b\n.dword here\n");
        long here = p.entrySection().address() + 8;
        assertEquals(here, p.symbols().get("here").value());
        byte[] b = p.section("b").orElseThrow().bytes();
        assertEquals(here, java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong());
    }

    @Test
    void branchIntoAnotherStreamIsAnError() {
        AssemblyResult r = Sources.assemble("BRANCH.ne r1, far\n.stream other\nfar: NOP\n");
        Diagnostic d = r.errors().get(0);
        assertEquals("branch-range", d.code().id());
        assertTrue(d.message().contains("stream 'other'"), d.message());
        assertEquals(new SourceRange(Sources.MAIN, 1, 15, 1, 18), d.range());
    }

    @Test
    void branchBeyondSixteenBitsShowsRangeAndDistance() {
        String source = "BRANCH.ne r1, far\n" + "NOP\n".repeat(40000) + "far: NOP\n";
        Diagnostic d = Sources.assemble(source).errors().get(0);
        assertEquals("branch-range", d.code().id());
        assertEquals("branch target 'far' is 40000 instructions away: allowed -32768..32767", d.message());
    }

    @Test
    void referencesRecordEveryUseWithItsRange() {
        AssemblyResult r = Sources.assemble("loop: NOP\nBRANCH.ne r1, loop\n");
        SymbolReference ref = r.references().stream().filter(x -> x.name().equals("loop")).findFirst().orElseThrow();
        assertEquals(new SourceRange(Sources.MAIN, 2, 15, 2, 19), ref.range());
        assertEquals(SymbolKind.LABEL, ref.target().kind());
    }

    @Test
    void localLabelsAreInTheSymbolListButNotTheProgramTable() {
        AssemblyResult r = Sources.assemble("1: BRANCH.ne r0, 1b\n");
        assertTrue(r.symbols().stream().anyMatch(s -> s.kind() == SymbolKind.LOCAL_LABEL && s.name().equals("1")));
        assertTrue(!r.program().symbols().containsKey("1"));
    }
}
