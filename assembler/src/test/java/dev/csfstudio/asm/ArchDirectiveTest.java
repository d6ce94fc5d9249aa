package dev.csfstudio.asm;

import dev.csfstudio.asm.directives.Directives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code .arch v10|v12|v13}: which architecture a program is assembled for, and where it may be said. */
class ArchDirectiveTest {

    private static AssemblyResult withDefault(Arch arch, String text) {
        return new Assembler(AssemblerOptions.defaults().withArch(arch)).assembleText(Sources.MAIN, text,
                file -> {
                    throw new java.nio.file.NoSuchFileException(file.toString());
                });
    }

    private static Diagnostic onlyError(AssemblyResult r) {
        assertEquals(1, r.errors().size(), () -> r.diagnostics().toString());
        return r.errors().get(0);
    }

    private static SourceRange at(int line, int col, int endCol) {
        return new SourceRange(Sources.MAIN, line, col, line, endCol);
    }

    @Test
    void withoutArchAProgramIsV10() {
        assertEquals(Arch.V10, Sources.ok("NOP\n").arch());
    }

    @Test
    void archV12AssemblesV12OnlyInstructions() {
        Program p = Sources.ok(".arch v12\nLOGIC_OP32.and.direct r5, r9, r60\nMOVE_REG32 r1, r2\n");
        assertEquals(Arch.V12, p.arch());
        assertEquals(0x1305093c00000000L, p.entrySection().word(0) & ~0xffL);
        assertEquals(2, p.entrySection().size() / 8);
    }

    @Test
    void archV13AssemblesEachArithOperationUnderItsOpcodeAndSubOpcode() {
        Program p = Sources.ok(".arch v13\nSUB32 r1, r2, r3\nBFEXT_U64 d4, d6, #8, #4\nUMIN64 d2, d4, d6\n");
        assertEquals(Arch.V13, p.arch());
        assertEquals(0x1201030202000000L, p.entrySection().word(0)); // ARITH_REG32, sub-opcode 2 in 31:24
        assertEquals(0x1104060400000408L, p.entrySection().word(1)); // ARITH_IMM64, sub-opcode 4 in 39:32
        assertEquals(0x3902060400000000L, p.entrySection().word(2)); // ARITH_REG64 (57), sub-opcode 0
    }

    @Test
    void v12sArithSpellingsAreNotV13s() {
        AssemblyResult r = withDefault(Arch.V13, "UMIN32 r1, r2, r3\nCOMPARE_SELECT32 r1, r2, r3\n");
        assertEquals(1, r.errors().size(), () -> r.diagnostics().toString());
        assertEquals(2, r.errors().get(0).range().line());
    }

    @Test
    void anExpectationEmitsNothingSoAnArchMayFollowIt() {
        Program p = Sources.ok(".expect r100 == 1\n.arch v12\n.stream main\nMOVE32 r100, #1\n");
        assertEquals(Arch.V12, p.arch());
    }

    @Test
    void archNamesAreReadInAnyLetterCaseAfterLabelsAndComments() {
        assertEquals(Arch.V12, Sources.ok("; a v12 stream\n.stream main\nstart: .ARCH V12\nMOVE_REG32 r1, r2\n"
                + "BRANCH.always r0, start\n").arch());
    }

    @Test
    void v12RegistersReachR127() {
        assertEquals(Arch.V12, Sources.ok(".arch v12\nMOVE32 r127, #1\n").arch());
        Diagnostic d = onlyError(Sources.assemble(".arch v12\nMOVE32 r128, #1\n"));
        assertEquals("register r128 out of range: allowed r0..r127", d.message());
    }

    @Test
    void v10RegisterBeyondItsCountNamesTheRange() {
        Diagnostic d = onlyError(Sources.assemble("MOVE32 r100, #1\n"));
        assertEquals("register r100 out of range: allowed r0..r95", d.message());
        assertEquals(at(1, 8, 12), d.range());
    }

    @Test
    void v12MnemonicInV10SaysHowToSelectV12() {
        Diagnostic d = onlyError(Sources.assemble("NOP\nLOGIC_OP32.and.direct r5, r9, r60\n"));
        assertEquals("unknown-mnemonic", d.code().id());
        assertEquals("unknown mnemonic 'LOGIC_OP32' in v10 (v12 only; add .arch v12)", d.message());
        assertEquals(at(2, 1, 11), d.range());
    }

    @Test
    void v12PresetFormInV10SaysHowToSelectV12() {
        Diagnostic d = onlyError(Sources.assemble("MOVE_REG32 r1, r2\n"));
        assertEquals("unknown mnemonic 'MOVE_REG32' in v10 (v12 only; add .arch v12)", d.message());
    }

    @Test
    void archAfterAnInstructionIsAnErrorPointingAtTheInstruction() {
        Diagnostic d = onlyError(Sources.assemble("NOP\n.arch v12\n"));
        assertEquals(at(2, 1, 10), d.range());
        assertTrue(d.message().startsWith(".arch must come before the first instruction or data"), d.message());
        assertEquals(at(1, 1, 4), d.related().get(0).range());
    }

    @Test
    void archAfterDataIsAnError() {
        Diagnostic d = onlyError(Sources.assemble(".buffer b\n.word 1\n.arch v12\n"));
        assertTrue(d.message().startsWith(".arch must come before the first instruction or data"), d.message());
    }

    @Test
    void secondDifferentArchPointsAtBoth() {
        Diagnostic d = onlyError(Sources.assemble(".arch v12\n.arch v10\nNOP\n"));
        assertEquals(".arch v10 conflicts with .arch v12 given before; a program has one architecture", d.message());
        assertEquals(at(2, 1, 10), d.range());
        assertEquals(at(1, 1, 10), d.related().get(0).range());
    }

    @Test
    void repeatingTheArchIsAllowed() {
        assertEquals(Arch.V12, Sources.ok(".arch v12\n.arch v12\nNOP\n.arch v12\n").arch());
    }

    @Test
    void unknownArchNameListsTheKnownOnes() {
        Diagnostic d = onlyError(Sources.assemble(".arch v11\nNOP\n"));
        assertEquals("unknown architecture 'v11': expected one of v10, v12, v13", d.message());
        assertEquals(at(1, 7, 10), d.range());
    }

    @Test
    void includedFileInheritsTheArch() {
        AssemblyResult r = Sources.assemble(".arch v12\n.include \"ops.csf\"\n",
                Map.of("ops.csf", "MOVE_REG32 r1, r2\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(Arch.V12, r.program().arch());
    }

    @Test
    void includedFileMayRepeatTheArch() {
        AssemblyResult r = Sources.assemble(".arch v12\nNOP\n.include \"ops.csf\"\n",
                Map.of("ops.csf", ".arch v12\nMOVE_REG32 r1, r2\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
    }

    @Test
    void includedFileCannotChangeTheArch() {
        AssemblyResult r = Sources.assemble(".include \"ops.csf\"\n", Map.of("ops.csf", ".arch v12\nNOP\n"));
        Diagnostic d = onlyError(r);
        assertEquals("included file says .arch v12 but the main file is assembled for v10 (the default); an"
                + " included file inherits the architecture: put '.arch v12' in the main file before its first"
                + " instruction", d.message());
        assertTrue(d.range().file().endsWith("ops.csf"));
    }

    @Test
    void includedFileContradictingTheMainFilesArchPointsAtIt() {
        AssemblyResult r = Sources.assemble(".arch v12\n.include \"ops.csf\"\n", Map.of("ops.csf", ".arch v10\n"));
        Diagnostic d = onlyError(r);
        assertEquals(at(1, 1, 10), d.related().get(0).range());
    }

    @Test
    void optionsChooseTheArchOfASourceThatSaysNothing() {
        AssemblyResult r = withDefault(Arch.V12, "MOVE_REG32 r1, r2\n");
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(Arch.V12, r.program().arch());
    }

    @Test
    void theDirectiveWinsOverTheOptions() {
        AssemblyResult r = withDefault(Arch.V12, ".arch v10\nMOVE_REG32 r1, r2\n");
        assertEquals("unknown mnemonic 'MOVE_REG32' in v10 (v12 only; add .arch v12)", onlyError(r).message());
    }

    @Test
    void v12InstructionsAreEncodedOnTheParserPathToo() {
        // a symbolic operand sends the line through the parser and pass 2
        Program p = Sources.ok(".arch v12\n.equ V, 7\nMOVE32 r127, V\n");
        assertEquals(0x027f000000000007L, p.entrySection().word(0));
    }

    @Test
    void archIsADirectiveTheToolsKnow() {
        assertTrue(Directives.byName(".arch").isPresent());
        assertEquals(List.of(), Sources.assemble(".arch v10\nNOP\n").diagnostics());
    }
}
