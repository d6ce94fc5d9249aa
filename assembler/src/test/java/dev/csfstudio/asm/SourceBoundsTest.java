package dev.csfstudio.asm;

import dev.csfstudio.asm.scan.LineBounds;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * What one line and one source may hold: a flat chain of binary operators is as long as its line allows (it is not
 * nesting), real nesting and an overlong line are refused at the column that passes the bound, and all sections
 * together hold at most {@link AssemblerOptions#maxReservedBytes}.
 */
class SourceBoundsTest {

    private static final int TERMS = 40_000;

    /** {@code 1 + 1 + ... + 1}, {@code terms} ones. */
    private static String flatSum(int terms) {
        return "1" + "+1".repeat(terms - 1);
    }

    private static AssemblyResult assemble(String source, boolean plainScanner) {
        return PlainInstructionScannerPropertiesTest.assemble(source, plainScanner);
    }

    private static Program ok(AssemblyResult r) {
        assertFalse(r.hasErrors(), () -> r.errors().stream().map(Diagnostic::headline).collect(Collectors.joining("\n")));
        return r.program();
    }

    private static Diagnostic onlyError(AssemblyResult r) {
        assertTrue(r.hasErrors(), "assembled");
        return r.errors().get(0);
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void aFlatSumOfFortyThousandTermsIsAValueNotNesting(boolean plainScanner) {
        Program p = ok(assemble(".equ X, " + flatSum(TERMS) + "\n.buffer b\n.dword X\n", plainScanner));
        assertEquals(TERMS, ByteBuffer.wrap(p.section("b").orElseThrow().bytes()).order(ByteOrder.LITTLE_ENDIAN).getLong());
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void anExpectationComparesWithAFlatSumOfFortyThousandTerms(boolean plainScanner) {
        Program p = ok(assemble("MOVE32 r2, 5\n.expect r2 == " + flatSum(TERMS) + "\n", plainScanner));
        assertEquals(TERMS, ((Expectation.Register) p.expectations().get(0)).expected());
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void aWordExpectationAtAFlatSumOfFortyThousandTermsNamesItsBuffer(boolean plainScanner) {
        Program p = ok(assemble("NOP\n.buffer b, size=0x10000\n.expect word [b + " + flatSum(TERMS) + "] == 0\n",
                plainScanner));
        Expectation.Memory m = (Expectation.Memory) p.expectations().get(0);
        assertEquals(p.section("b").orElseThrow().address() + TERMS, m.address());
    }

    @Test
    void aFlatChainWithADivisionByZeroQuotesTheDivision() {
        Diagnostic d = onlyError(assemble(".buffer b\n.dword (" + flatSum(TERMS) + ") / 0\n", false));
        assertEquals(2, d.range().line());
        assertEquals("division by zero in '(" + flatSum(TERMS) + ")/0'", d.message());
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void nestingAtTheBoundIsAccepted(boolean plainScanner) {
        int n = LineBounds.MAX_NESTING;
        Program p = ok(assemble(".buffer b\n.dword " + "(".repeat(n) + "7" + ")".repeat(n) + "\n", plainScanner));
        assertEquals(7, p.section("b").orElseThrow().bytes()[0]);
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void bracketsNestedPastTheBoundAreRefusedAtTheBracketThatPassesIt(boolean plainScanner) {
        String line = ".equ X, " + "(".repeat(100_000) + "1" + ")".repeat(100_000);
        Diagnostic d = onlyError(assemble("NOP\n" + line + "\n", plainScanner));
        assertEquals(2, d.range().line());
        assertEquals(".equ X, ".length() + LineBounds.MAX_NESTING + 1, d.range().column());
        assertTrue(d.message().contains("nested more than " + LineBounds.MAX_NESTING), d.message());
    }

    @ParameterizedTest(name = "plain scanner {0}")
    @ValueSource(booleans = {true, false})
    void unaryOperatorsNestedPastTheBoundAreRefusedAtTheOperatorThatPassesIt(boolean plainScanner) {
        Diagnostic d = onlyError(assemble("NOP\n.equ X, 1 + " + "-".repeat(100_000) + "1\n", plainScanner));
        assertEquals(2, d.range().line());
        assertEquals(".equ X, 1 + ".length() + LineBounds.MAX_NESTING + 1, d.range().column());
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedAtTheFirstByteBeyondIt() {
        String line = ".byte " + "1,".repeat(LineBounds.MAX_LINE_BYTES / 2) + "1";
        AssemblyResult r = assemble("NOP\n" + line + "\nNOP\n", true);
        Diagnostic d = onlyError(r);
        assertEquals(2, d.range().line());
        assertEquals(LineBounds.MAX_LINE_BYTES + 1, d.range().column());
        assertTrue(d.message().contains("at most " + LineBounds.MAX_LINE_BYTES + " bytes"), d.message());
        assertEquals(1, r.errors().size());
    }

    @Test
    void sectionsReservingMoreThanTheLimitTogetherAreRefusedAtTheOneThatPassesIt() {
        String source = """
                .buffer a, size=0x40000
                .buffer b
                .fill 0x20000, 2
                .buffer c, size=0x90000
                .stream main
                NOP
                """;
        AssemblyResult r = PlainInstructionScannerPropertiesTest.assemble(source, true,
                AssemblerOptions.defaults().withMaxReservedBytes(1 << 20));
        Diagnostic d = onlyError(r);
        assertEquals(4, d.range().line());
        assertTrue(d.message().contains("at most 1048576 bytes (1 MiB)"), d.message());
        assertNull(r.program());
    }

    @Test
    void sectionsWithinTheLimitTogetherAssemble() {
        ok(PlainInstructionScannerPropertiesTest.assemble("NOP\n.buffer a, size=0x40000\n.buffer b\n.fill 0x20000, 2\n", true,
                AssemblerOptions.defaults().withMaxReservedBytes(1 << 20)));
    }

    @Test
    void fourSectionsOfTheLargestSizeAreMoreThanOneAssemblyReservesByDefault() {
        StringBuilder source = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            source.append(".buffer b").append(i).append(", size=0x10000000\n");
        }
        Diagnostic d = onlyError(assemble(source + "NOP\n", true));
        assertEquals(3, d.range().line());
        assertTrue(d.message().contains("(512 MiB)"), d.message());
    }
}
