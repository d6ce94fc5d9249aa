package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.ScannedStatement;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * An {@code .align} line of a literal boundary is read by the plain scanner ({@link LineScanner.AlignLine}) and pads
 * its section as the parsed directive does: the whole assembly result is the parser path's, whatever the boundary
 * (powers of two, zero, too large, not a power of two, every radix), the section (a stream, a buffer, a fixed size it
 * outgrows), labels, letter case, spacing and what follows.
 */
class AlignLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/align.csf");

    private static ScannedStatement scanned(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }

    private static boolean fastPath(String line) {
        return scanned(line) instanceof LineScanner.AlignLine;
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "", "top: ", "l1: ", "x: y: ", "1: ", "top:");
        Arbitrary<String> directive = Arbitraries.of(".align", ".align", ".ALIGN", ".Align", ".aligned", ".align\t");
        Arbitrary<String> boundary = Arbitraries.of("1", "2", "4", "8", "16", "64", "64", "256", "4096", "65536",
                "131072", "0", "3", "12", "0x40", "0X40", "0b100", "0x10000", "0x20000", "-64", "1_0", "K", "K * 2",
                "64 + 0", "(64)", "999999999999999999", "9999999999999999999", "0x7fffffffffffffff", "", "64, 2", "4 4");
        Arbitrary<String> gap = Arbitraries.of(" ", " ", "  ", "\t");
        Arbitrary<String> tail = Arbitraries.of("", "", "", " ; pad", " // c", ",", " x", "  ", ";");
        return Combinators.combine(labels, directive, gap, boundary, tail).as((l, d, g, b, t) -> l + d + g + b + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "top: NOP", ".word 1", ".byte 5", ".byte 1, 2, 3", ".equ K, 64",
                ".buffer data", ".buffer small, size=4", ".buffer big, align=256", ".stream main", ".stream code",
                ".dword 7", "BRANCH.ne r0, top", "MOVE48 d2, data", "");
        return Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(8)
                .map(ls -> String.join("\n", ls) + "\nNOP\n");
    }

    @Property(tries = 3000)
    void scannedAlignmentsPadAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, AlignLinePropertiesTest::fastPath);
    }

    @Example
    void literalBoundaryIsScannedWithItsColumns() {
        LineScanner.AlignLine line = assertInstanceOf(LineScanner.AlignLine.class, scanned("  l: .ALIGN  0x40 ; pad"));
        assertEquals(64, line.boundary());
        assertEquals(6, line.column());
        assertEquals(18, line.endColumn());
        assertEquals(14, line.valueColumn());
        assertEquals(18, line.valueEndColumn());
    }

    @Example
    void namesExpressionsAndSignsAreLeftToTheParser() {
        assertNull(scanned(".align K"));
        assertNull(scanned(".align 32 * 2"));
        assertNull(scanned(".align -64"));
        assertNull(scanned(".align 64, 2"));
        assertNull(scanned(".align"));
    }

    @Example
    void aBoundaryThatIsNoPowerOfTwoIsReportedAtItsValue() {
        AssemblyResult r = new Assembler().assembleText(FILE, ".buffer b\n.byte 1\n.align 12\n", null);
        assertEquals(1, r.diagnostics().size(), r.diagnostics().toString());
        assertEquals(3, r.diagnostics().get(0).range().line());
        assertEquals(8, r.diagnostics().get(0).range().column());
        assertEquals(".align 12 must be a power of two from 1 to 65536", r.diagnostics().get(0).message());
    }
}
