package dev.csfstudio.asm;

import dev.csfstudio.program.Program;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class CanonicalFormatterTest {

    private static String line(String label, String head, String operands) {
        StringBuilder sb = new StringBuilder(label);
        while (sb.length() < CanonicalFormatter.STATEMENT_COLUMN) {
            sb.append(' ');
        }
        sb.append(head);
        if (!operands.isEmpty()) {
            sb.append(' ');
            while (sb.length() < CanonicalFormatter.STATEMENT_COLUMN + CanonicalFormatter.MNEMONIC_WIDTH) {
                sb.append(' ');
            }
            sb.append(operands);
        }
        return sb.toString();
    }

    @Test
    void upperCasesMnemonicsAndPrintsLiteralOperandsLikeTheDisassembler() {
        assertEquals(line("", "MOVE32", "r1, #0xffffffff"), CanonicalFormatter.format("  move32 R1,-1"));
    }

    @Test
    void modifiersGoInTableOrderWithDefaultsSpelledOut() {
        assertEquals(line("", "RUN_COMPUTE.progress_inc.x_axis.srt1.spd0.tsd0.fau0", "#3"),
                CanonicalFormatter.format("run_compute.srt1.progress_inc 3"));
    }

    @Test
    void labelsExpressionsAndCommentsAreKeptAsWritten() {
        assertEquals(line("loop:", "MOVE32", "r1, W * 2") + " ; twice",
                CanonicalFormatter.format("loop: MOVE32 r1, W * 2 ; twice"));
    }

    @Test
    void memoryOperandsUseThePlusMinusForm() {
        assertEquals(line("", "LOAD_MULTIPLE", "r0:r1, [d40 - 8]"), CanonicalFormatter.format("LOAD_MULTIPLE r0:r1,[d40+-8]"));
    }

    @Test
    void anOptionalOperandLeftOutIsWrittenWithItsValueAsTheAssemblersWarningAsks() {
        String source = ".stream main\nSET_EXCEPTION_HANDLER d4, r6\n";
        AssemblyResult written = Sources.assemble(source);
        assertTrue(written.warnings().stream().anyMatch(w -> w.message().endsWith("or write 'SET_EXCEPTION_HANDLER d4, r6, #0'")),
                written.warnings()::toString);
        String formatted = CanonicalFormatter.format(source);
        assertEquals(".stream main\n" + line("", "SET_EXCEPTION_HANDLER", "d4, r6, #0") + "\n", formatted);
        AssemblyResult canonical = Sources.assemble(formatted);
        assertEquals(List.of(), canonical.diagnostics());
        assertArrayEquals(written.program().entrySection().bytes(), canonical.program().entrySection().bytes());
    }

    @Test
    void instructionsAfterSyntaxPandecodeAreKeptAsWrittenUntilSyntaxCsf() {
        assertEquals(".syntax pandecode\nSET_EXCEPTION_HANDLER d4, r6\n.syntax csf\n"
                        + line("", "SET_EXCEPTION_HANDLER", "d4, r6, #0"),
                CanonicalFormatter.format(".syntax pandecode\nSET_EXCEPTION_HANDLER d4, r6   \n.syntax csf\n"
                        + "set_exception_handler d4,r6"));
    }

    @Test
    void structuralDirectivesStartAtColumnZero() {
        assertEquals(".buffer fb, align=64", CanonicalFormatter.format("   .BUFFER fb,align=64"));
    }

    @Test
    void linesWithSyntaxErrorsAreKept() {
        assertEquals("MOVE32 r1, ]", CanonicalFormatter.format("MOVE32 r1, ]   "));
    }

    @Test
    void commentOnlyAndEmptyLinesSurvive() {
        assertEquals("; title\n\n" + line("", "NOP", ""), CanonicalFormatter.format("; title\n   \nnop"));
    }

    @Test
    void formattingIsIdempotentOnARealisticFile() {
        String source = """
                ; clear to red
                .equ W, 16
                   move48 d40,fbd(fb)   // pointer
                 loop: add_imm32 r4,r4,-1
                        branch.NE r4 , loop
                sync_add32.csg [d50],r52,#1,#0
                trace_point r0:r3, 0, 0
                .buffer fbdesc,align=64
                fb: .fbd width=W,height=16
                 .rt format=R8G8B8A8, base=0, row_stride=64, clear=0xff0000ff
                """;
        String once = CanonicalFormatter.format(source);
        assertEquals(once, CanonicalFormatter.format(once));
    }

    @Test
    void formattedSourceAssemblesToTheSameProgram() {
        String source = "loop: add_imm32 r4,r4,-1\n branch.NE r4 , loop\nrun_fragment.tile_enable_map_enable\n";
        Program before = Sources.ok(source);
        Program after = Sources.ok(CanonicalFormatter.format(source));
        assertEquals(java.util.Arrays.toString(before.entrySection().bytes()),
                java.util.Arrays.toString(after.entrySection().bytes()));
    }

    @Property(tries = 300)
    void formattingAnyTextIsIdempotent(@ForAll @StringLength(max = 80) String text) {
        String once = CanonicalFormatter.format(text);
        assertEquals(once, CanonicalFormatter.format(once));
    }

    @Test
    void formatsV12InstructionsAfterArchV12() {
        assertEquals(".arch v12\n" + line("", "MOVE_REG32", "r1, r120"), CanonicalFormatter.format(".arch v12\nmove_reg32 r1,r120"));
    }

    @Test
    void expectationsKeepEveryPartWithOneBlankBetween() {
        assertEquals(".expect word [color + 4] == 0xff0000ff", CanonicalFormatter.format("   .EXPECT  word  [color + 4]==0xff0000ff"));
        assertEquals(".expect fault translation, line=6", CanonicalFormatter.format(".expect fault translation line=6"));
        assertEquals(".expect pixel color(3, 4) == (255, 0, 0, 255) ; red",
                CanonicalFormatter.format(".expect pixel color(3, 4) == (255, 0, 0, 255) ; red"));
    }
}
