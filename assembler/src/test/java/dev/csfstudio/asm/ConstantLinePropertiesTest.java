package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.scan.LineScanner;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * An {@code .equ}/{@code .set} line whose value is a whole expression is defined and evaluated without a parse ({@link LineScanner.ConstantLine}): the whole assembly
 * result is the one the parser's path gives, whatever the constants name (literals, constants defined above or
 * below, labels, sections, undefined names, themselves), however often {@code .set} changes them, and with
 * duplicates, labels, spellings and text after the value that the scanner declines.
 */
class ConstantLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/constants.csf");

    private static boolean fastPath(String line) {
        return scan(line) instanceof LineScanner.ConstantLine;
    }

    @Provide
    Arbitrary<String> constantLines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "", "top: ", "k: ", "1: ", "top:top: ");
        Arbitrary<String> directive = Arbitraries.of(".equ ", ".set ", ".set ", ".EQU ", ".Set\t", ".equ  ", ".sets ",
                ".equ", ".set\t ");
        Arbitrary<String> name = Arbitraries.of("A", "B", "C", "A", "B", "top", "main", "r5", "k.x", "_c9", "5", "A=1");
        Arbitrary<String> value = Arbitraries.of("1", "-7", "0x10", "0b101", "A", "B + 1", "A * B", "C - 2 * A",
                "top + 8", "top - main", "main", "nowhere + 1", "B * 3 + A * 2 - 1", "-3 * A", "A+B*C", "A*-1", "1 + ",
                "A, 2", "(A)", "A / 2", "A ; note", "1 // note", "1b", "0x7fffffffffffffff * 2", "999999999999999999 * 9",
                "sizeof(main)", "C", "2 * C + top", "A +  B", "B\t*\tB");
        return Combinators.combine(labels, directive, name, value).as((l, d, n, v) -> l + d + n + ", " + v);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "top: NOP", "MOVE32 r1, A", "MOVE48 d2, B * 4 + top",
                "MOVE32 r3, C + 1", ".word A, B", "BRANCH.ne r0, top", ".stream second", "ADD_IMMEDIATE32 r1, r2, A - B", "");
        return Arbitraries.oneOf(constantLines(), constantLines(), other).list().ofMinSize(1).ofMaxSize(8)
                .map(ls -> ".stream main\n" + String.join("\n", ls) + "\nNOP\n");
    }

    @Property(tries = 2000)
    void constantLinesGiveTheParsersResult(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, ConstantLinePropertiesTest::fastPath);
    }

    @Example
    void aUseBelowASetOfALabelValueSeesThatValueNotTheFirst() {
        String source = ".stream main\n.set top, 1\n.set top, top - main\nBRANCH.ne r0, top\nNOP\n";
        AssemblyResult parsed = PlainInstructionScannerPropertiesTest.assemble(source, false);
        assertEquals(1, parsed.diagnostics().size(), parsed.diagnostics().toString());
        assertEquals(true, parsed.diagnostics().get(0).message().contains("immediate -68719476735 out of range"),
                parsed.diagnostics().toString());
        PlainInstructionScannerPropertiesTest.assertSameResult(parsed, PlainInstructionScannerPropertiesTest.assemble(source, true), source);
    }

    @Example
    void literalSumOfProductsIsReadWithoutAParse() {
        assertInstanceOf(LineScanner.ConstantLine.class, scan(".equ K8, 845805 * 2 + 42"));
    }

    @Example
    void setOfNamesIsReadWithoutAParse() {
        LineScanner.ConstantLine line = (LineScanner.ConstantLine) scan("x: .set K, K * 4 - top ; grows");
        assertEquals(true, line.assignment().redefinable());
        assertEquals("K", line.assignment().name());
        assertEquals(9, line.assignment().nameColumn());
    }

    @Example
    void parenthesesCallsAndEveryOperatorAreReadWithoutAParse() {
        assertInstanceOf(LineScanner.ConstantLine.class, scan(".equ K, (1 + 2)"));
        assertInstanceOf(LineScanner.ConstantLine.class, scan(".equ K, 1 << 2 | ~A & 3 ^ B % 5 / 2"));
        assertInstanceOf(LineScanner.ConstantLine.class, scan(".equ K, lo32(top)"));
    }

    @Example
    void aValueTheReaderIsNotSureOfIsLeftToTheParser() {
        assertNull(scan(".equ K, (1 + 2"));
        assertNull(scan(".equ K, 1 < 2"));
        assertNull(scan(".equ K, 99999999999999999999999"));
    }

    @Example
    void forwardUseOfAConstantNamingALabelHasTheParsersValue() {
        String source = """
                .stream main
                    MOVE32 r1, K
                .equ K, here - main + 2 * J
                .set J, 3
                here: NOP
                .set J, 5
                """;
        PlainInstructionScannerPropertiesTest.assertSameResult(PlainInstructionScannerPropertiesTest.assemble(source, false),
                PlainInstructionScannerPropertiesTest.assemble(source, true), source);
    }

    private static Object scan(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }
}
