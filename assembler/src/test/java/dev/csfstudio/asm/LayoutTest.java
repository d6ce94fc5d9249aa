package dev.csfstudio.asm;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.AssembledLineList;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sections get GPU virtual addresses: at= if given, else in order, 4 KiB aligned, from DEFAULT_BASE. */
class LayoutTest {

    private static long address(Program p, String name) {
        return p.section(name).orElseThrow().address();
    }

    @Test
    void sectionsAreLaidOutInDeclarationOrderFromTheDefaultBase() {
        Program p = Sources.ok("NOP\n.buffer a, size=5000\n.buffer b\n.byte 1\n");
        assertEquals(Assembler.DEFAULT_BASE, address(p, "main"));
        assertEquals(Assembler.DEFAULT_BASE + 0x1000, address(p, "a"));
        assertEquals(Assembler.DEFAULT_BASE + 0x3000, address(p, "b"));
    }

    @Test
    void atPinsASectionAndAutomaticLayoutSkipsIt() {
        Program p = Sources.ok(".buffer pinned, at=0x1000000000, size=0x2000\n.buffer next\n.byte 0\nNOP\n"
                .replace("NOP\n", ""));
        assertEquals(0x10_0000_0000L, address(p, "pinned"));
        assertEquals(0x10_0000_2000L, address(p, "next"));
    }

    @Test
    void alignAboveAPageIsRespected() {
        Program p = Sources.ok("NOP\n.buffer big, align=0x10000\n.byte 0\n");
        assertEquals(0, address(p, "big") % 0x10000);
    }

    @Test
    void atMustRespectAlign() {
        Diagnostic d = Sources.assemble(".buffer b, at=0x1008, align=64\n.byte 0\n").errors().get(0);
        assertEquals("alignment", d.code().id());
    }

    @Test
    void overlappingSectionsInOneVmAreAnError() {
        AssemblyResult r = Sources.assemble(".buffer a, at=0x10000, size=0x100\n.buffer b, at=0x10080, size=8\n");
        Diagnostic d = r.errors().get(0);
        assertEquals("overlap", d.code().id());
        assertEquals(1, d.related().size());
    }

    @Test
    void sizePadsAndContentsMayNotExceedIt() {
        Program p = Sources.ok(".buffer b, size=64\n.word 1\n");
        assertEquals(64, p.section("b").orElseThrow().size());
        Diagnostic d = Sources.assemble(".buffer b, size=2\n.word 1\n").errors().get(0);
        assertEquals("section-size", d.code().id());
    }

    @Test
    void reopenedStreamAppends() {
        Program p = Sources.ok("NOP\n.stream other\nNOP\n.stream main\nERROR_BARRIER\n");
        Section main = p.section("main").orElseThrow();
        assertEquals(2, main.instructionCount());
        assertEquals(0x2f00_0000_0000_0000L, main.word(1));
    }

    @Test
    void alignPadsWithZeros() {
        Program p = Sources.ok(".buffer b\n.byte 1\n.align 16\n.byte 2\n");
        byte[] bytes = p.section("b").orElseThrow().bytes();
        assertEquals(17, bytes.length);
        assertEquals(2, bytes[16]);
    }

    @Test
    void alignMustBeAPowerOfTwo() {
        Diagnostic d = Sources.assemble(".buffer b\n.align 12\n").errors().get(0);
        assertTrue(d.message().contains("power of two"), d.message());
    }

    @Test
    void zeroAndFillEmitBytes() {
        Program p = Sources.ok(".buffer b\n.zero 3\n.fill 2, 2, 0x1234\n");
        byte[] bytes = p.section("b").orElseThrow().bytes();
        assertEquals(7, bytes.length);
        assertEquals(0x34, bytes[3]);
        assertEquals(0x12, bytes[6]);
    }

    @Test
    void linesMapAddressesBackToSource() {
        Program p = Sources.ok("NOP\nMOVE32 r1, #2 ; two\n");
        AssembledLine line = p.lineAt("main", Assembler.DEFAULT_BASE + 8).orElseThrow();
        assertEquals(2, line.range().line());
        assertEquals("MOVE32 r1, #2 ; two", line.sourceText());
        assertEquals("MOVE32", line.instruction().mnemonic());
    }

    @Test
    void anAddressInsideADataLineMapsToThatLine() {
        Program p = Sources.ok(".buffer b\n.word 1\n.dword 2, 3\n.byte 4\n");
        long base = p.section("b").orElseThrow().address();
        assertEquals(2, p.lineAt("main", base + 3).orElseThrow().range().line());
        assertEquals(3, p.lineAt("main", base + 4 + 15).orElseThrow().range().line());
        assertEquals(4, p.lineAt("main", base + 20).orElseThrow().range().line());
        assertTrue(p.lineAt("main", base + 21).isEmpty());
    }

    @Test
    void aSectionsLinesGiveTheirPlaceAndRangeAsTheLinesThemselvesDoAndEachByteItsLine() {
        Program p = Sources.ok(".buffer b\n.word 1\n.zero 0\n.dword 2, 3\nx: .byte 4\n.stream s\nNOP\nMOVE32 r1, #2\n");
        for (Section sec : p.sections()) {
            AssembledLineList lines = sec.lines();
            for (int i = 0; i < lines.size(); i++) {
                AssembledLine line = lines.get(i);
                assertEquals(line.address(), lines.address(i));
                assertEquals(line.size(), lines.bytes(i));
                assertEquals(line.range(), lines.range(i));
            }
            for (long va = sec.address() - 1; va <= sec.end(); va++) {
                AssembledLine line = sec.lineAt(va);
                assertEquals(line == null ? null : line.range(), sec.rangeAt(va), sec.name() + " at " + va);
            }
        }
    }

    @Test
    void aliasedAddressesMapToTheLineOfTheAskedVm() {
        Program p = Sources.ok(".buffer a, at=0x200000\n.word 1\n.vm other\n.buffer b, at=0x200000\n\n.word 2\n");
        assertEquals(2, p.lineAt("main", 0x200000).orElseThrow().range().line());
        assertEquals(6, p.lineAt("other", 0x200000).orElseThrow().range().line());
    }

    @Test
    void dumpableFlagIsRecorded() {
        Program p = Sources.ok(".buffer b, dumpable\n.byte 0\n");
        assertTrue(p.section("b").orElseThrow().dumpable());
    }

    @Test
    void everyProgramHasAnEntryStreamEvenWithoutInstructions() {
        Program p = Sources.ok(".buffer only\n.byte 1\n");
        assertEquals(0, p.entrySection().size());
        assertEquals(SectionKind.STREAM, p.entrySection().kind());
    }

    @Test
    void instructionsBeforeTheFirstSectionGoToMainWhichMayBeDeclaredLater() {
        Program p = Sources.ok("NOP\n.stream main, at=0x20000\nNOP\n");
        Section main = p.section("main").orElseThrow();
        assertEquals(0x20000, main.address());
        assertEquals(2, main.instructionCount());
        assertEquals(2, main.declaration().line());
    }
}
