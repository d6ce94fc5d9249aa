package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.ScannedStatement;
import dev.csfstudio.program.SectionKind;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A {@code .stream}/{@code .buffer} line of a name and options whose values are names and literals is read by the
 * plain scanner ({@link LineScanner.SectionLine}) and opens its section as the parsed directive does: the whole
 * assembly result is the one the parser's path gives, whatever the options (every key, duplicates, unknown ones,
 * values out of range or not known yet), the names (taken, reopened, of the other kind, the implicit main), labels,
 * spelling and spacing.
 */
class SectionLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/sections.csf");

    private static ScannedStatement scanned(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }

    private static boolean fastPath(String line) {
        return scanned(line) instanceof LineScanner.SectionLine;
    }

    @Provide
    Arbitrary<String> options() {
        Arbitrary<String> key = Arbitraries.of("size", "align", "at", "SIZE", "Align", "AT", "sise", "x.y", "vm",
                "dumpable");
        Arbitrary<String> value = Arbitraries.of("0", "1", "3", "8", "64", "256", "4096", "0x1000", "0b1000", "-1",
                "-64", "1_0", "0x1_000", "1.5", "K", "K * 4", "K + 8", "K * K - 1", "W * H * B", "top", "data",
                "nowhere", "main", "2 * K + top", "0x1000000000000", "0xffffffffffff", "1 << 12", "(64)", "lo32(data)",
                "\"s\"", "(1, 2)", "", "1073741824", "2147483648", "268435457", "K +", "4 4", "sizeof(data)", "K | 1",
                "~0", "8 / 0", "hi32(top)", "(K + 1) * 2");
        Arbitrary<String> gap = Arbitraries.of("", "", " ", "\t");
        Arbitrary<String> keyed = Combinators.combine(key, gap, gap, value).as((k, g1, g2, v) -> k + g1 + "=" + g2 + v);
        Arbitrary<String> plain = Arbitraries.of("dumpable", "DUMPABLE", "Dumpable", "dumpabel", "x", "64", "K + 1",
                "x.y=5");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, keyed), net.jqwik.api.Tuple.of(1, plain));
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "", "", "top: ", "l1: ", "x: y: ", "1: ");
        Arbitrary<String> directive = Arbitraries.of(".stream", ".buffer", ".buffer", ".STREAM", ".Buffer", ".streams",
                ".buffer\t");
        Arbitrary<String> name = Arbitraries.of("main", "main", "data", "data", "fb", "code", "K", "top", "r5", "k.x",
                "Data", "5", "\"s\"", "a.b=5", "");
        Arbitrary<String> opts = options().list().ofMinSize(0).ofMaxSize(4).map(a -> a.isEmpty() ? "" : ", "
                + String.join(", ", a));
        Arbitrary<String> tail = Arbitraries.of("", "", "", " ; note", " // c", ",", " x", "  ");
        return Combinators.combine(labels, directive, name, opts, tail).as((l, d, n, o, t) -> l + d + " " + n + o + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "top: NOP", ".word 1", ".byte 5", ".equ K, 64", ".set K, 3",
                ".equ W, 16", ".equ H, 16", ".equ B, 4", "MOVE48 d2, data", "MOVE32 r1, K", ".vm second", ".align 8",
                "BRANCH.ne r0, top", "");
        return Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(8)
                .map(ls -> String.join("\n", ls) + "\nNOP\n");
    }

    @Property(tries = 3000)
    void scannedSectionsOpenAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, SectionLinePropertiesTest::fastPath);
    }

    @Example
    void bufferWithAnExpressionSizeAndAnAlignmentIsScanned() {
        LineScanner.SectionLine line = assertInstanceOf(LineScanner.SectionLine.class,
                scanned("  top: .buffer color, size=W * H * B, ALIGN = 64, dumpable ; rt"));
        assertEquals(SectionKind.BUFFER, line.arguments().kind());
        assertEquals("color", line.arguments().name());
        assertEquals(16, line.arguments().nameColumn());
        assertArrayEquals(new String[] {"size", "ALIGN", "dumpable"}, line.arguments().keys());
        assertNull(line.arguments().values()[2]);
        assertArrayEquals(new int[] {23, 37, 28, 37, 39, 49, 47, 49, 51, 59, 0, 0}, line.arguments().columns());
        assertEquals(8, line.column());
        assertEquals(59, line.endColumn());
    }

    @Example
    void streamOfANameAloneIsScanned() {
        assertInstanceOf(LineScanner.SectionLine.class, scanned(".stream main"));
    }

    @Example
    void wholeExpressionsAreScanned() {
        assertInstanceOf(LineScanner.SectionLine.class, scanned(".buffer b, at=lo32(c) + (1 << 12), size=(4)"));
    }

    @Example
    void stringsAndTuplesAreLeftToTheParser() {
        assertNull(scanned(".buffer \"b\""));
        assertNull(scanned(".buffer b, size=\"4\""));
        assertNull(scanned(".buffer b, size=(4, 4)"));
        assertNull(scanned(".stream"));
    }

    @Example
    void dumpableTakesNoValueOnEitherPath() {
        String source = ".buffer b, dumpable=1\n.byte 0\n";
        AssemblyResult parsed = PlainInstructionScannerPropertiesTest.assemble(source, false);
        assertEquals("dumpable takes no value: write ', dumpable'", parsed.diagnostics().get(0).message());
        PlainInstructionScannerPropertiesTest.assertSameResult(parsed, PlainInstructionScannerPropertiesTest.assemble(source, true),
                source);
    }
}
