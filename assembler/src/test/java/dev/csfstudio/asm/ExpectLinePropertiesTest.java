package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.emit.ScannedExpectation;
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
import net.jqwik.api.statistics.Statistics;

/**
 * An {@code .expect} line whose expressions are names and literals is read by the plain scanner
 * ({@link LineScanner.ExpectLine}) and its expectation after layout without a syntax tree: the whole assembly result,
 * expectations included, is the one the parser's path gives, whatever the subject, targets, comparison, value and
 * options, right or wrong, and however they are spelt and spaced.
 */
class ExpectLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/expect.csf");

    private static ScannedStatement scanned(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }

    private static boolean fastPath(String line) {
        return scanned(line) instanceof LineScanner.ExpectLine;
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "", "", "t: ", "1: ");
        Arbitrary<String> directive = Arbitraries.of(".expect ", ".expect ", ".expect ", ".EXPECT ", ".Expect\t",
                ".expects ", ".expect  ");
        Arbitrary<String> subject = Arbitraries.of("status", "status", "ok", "fault", "timeout", "deadlock", "r4", "r4",
                "d40", "r200", "d41", "q.r4", "x.r1", "R7", "byte", "hword", "word", "dword", "WORD", "pixel", "pixel",
                "pixel", "image", "image", "instructions", "imgae", "STATUS", "Pixel", "5");
        Arbitrary<String> target = Arbitraries.of("", "", "", "ok", "OK", "fault", "fault translation", "translation",
                "fault nonsense", "timeout", "[color]", "[color + 4]", "[data + K * 4]", "[0x1000000000]", "[3]", "[ data ]",
                "color(0, 0)", "color(0, 0)", "color(1, K)", "color (2,3)", "color( K * 2 , 1 )", "fb(0, 0, 1)",
                "nowhere(0,0)", "color", "color", "[color(0,0)]", "color(70000, 0)", "color(0)", "color()", "K", "-1",
                "data", "[second_buf]", "color(0, 0) x", "[color", "color(0, 0", "color(0, 0) + 1", "(color(0, 0))", "[lo32(color) + 4]", "color(1 << 2, K % 3)",
                "[color / 0]");
        Arbitrary<String> compared = Arbitraries.of("", "", "== 5", "!= 0x10", "<= K", ">= -1", "< 3", "> K * 2",
                "== (255, 0, 0, 255)", "== (255, 0, 0, 255)", "== (1, 2, 3)", "!= (0,0,0,0)", "> (0, 0, 0, 0)",
                "== \"golden.png\"", "== \"golden.png\"", "== \"a\\\"b.png\"", "== \"\u00e9.png\"", "== \"x\\\\\"",
                "== 300", "== 4294967296", "== -129", "== -2147483649", "== fbd(fb)", "== color", "== (K, K + 1, 2 * K, 255)",
                "== (256, 0, 0, 0)", "<< 2", "= 5", "== \"unterminated", "== (5)", "==5", "!=(1,2,3,4)", "== 0xffffffffffffffff",
                "== 1 2", "== (1, 2) + 1", "== lo32(color) | 1", "== (1 << 3) - 1", "== 10 / 0", "== sizeof(color)",
                "== (color(0, 0))");
        Arbitrary<String> options = Arbitraries.of("", "", "", ", line=3", " line=0", ", tolerance=4", ", tolerance=300",
                ", vm=second", ", vm=main", ", vm=nowhere", ", vm=5", ", x=1", " tolerance = K", ", line=K + 1",
                ", line=\"s\"", ", tolerance=1, tolerance=2", ", line==3", ", line");
        Arbitrary<String> tail = Arbitraries.of("", "", "", " ; c", " // c", " x", ",", "  ");
        return Combinators.combine(labels, directive, subject, target, compared, options, tail)
                .as((l, d, s, t, c, o, z) -> l + d + s + (t.isEmpty() ? "" : " " + t) + (c.isEmpty() ? "" : " " + c) + o + z);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> head = Arbitraries.of(
                ".equ K, 4\n.buffer color, size=1024\n.buffer data\n.word 1\n.stream main\n",
                ".equ K, 4\n.vm second\n.buffer second_buf\n.word 2\n.vm main\n.buffer color, size=64\n.stream main\n",
                ".queue q\n.buffer color, size=64\n.stream main\n.submit q, main\n",
                ".stream main\n");
        Arbitrary<String> other = Arbitraries.of("NOP", "t: NOP", ".equ K, 8", ".buffer fb, align=64", ".stream main",
                "MOVE32 r4, K", "");
        Arbitrary<String> body = Arbitraries.oneOf(lines(), lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6)
                .map(ls -> String.join("\n", ls));
        return Combinators.combine(head, body).as((h, b) -> h + b + "\nNOP\n");
    }

    @Property(tries = 3000)
    void scannedExpectationsAreThoseOfTheParserPath(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, ExpectLinePropertiesTest::fastPath);
    }

    /** Expectations a test stream states, in every subject's form, with any spelling, spacing and values. */
    @Provide
    Arbitrary<String> statedLines() {
        Arbitrary<String> n = Arbitraries.of("0", "1", "7", "255", "K", "K * 2", "0x10", "K + 1 - 2", "3*K");
        Arbitrary<String> op = Arbitraries.of("==", "!=", "<", "<=", ">", ">=");
        Arbitrary<String> gap = Arbitraries.of(" ", " ", "  ", "\t");
        Arbitrary<String> status = Arbitraries.of("status ok", "STATUS Ok", "ok", "timeout", "status deadlock",
                "status fault translation", "fault", "fault translation, line=3", "status fault line=K", "deadlock, line=9");
        Arbitrary<String> register = Combinators.combine(Arbitraries.of("r4", "R0", "d40", "r95", "q.r4", "q.d2"), op, n)
                .as((r, o, v) -> r + " " + o + " " + v);
        Arbitrary<String> memory = Combinators.combine(Arbitraries.of("word", "byte", "dword", "Hword"),
                Arbitraries.of("[color]", "[color + 4]", "[ data + K * 4 ]", "[data]"), op, n,
                Arbitraries.of("", "", ", vm=main", " vm=main"))
                .as((w, a, o, v, vm) -> w + " " + a + " " + o + " " + v + vm);
        Arbitrary<String> pixel = Combinators.combine(Arbitraries.of("color", "data"), n, n,
                Arbitraries.of("==", "!="), Combinators.combine(n, n, n, n).as((r, g, b, a) -> "(" + r + ", " + g + ","
                        + b + " ,  " + a + ")"))
                .as((buf, x, y, o, rgba) -> "pixel " + buf + "(" + x + ", " + y + ") " + o + " " + rgba);
        Arbitrary<String> image = Combinators.combine(Arbitraries.of("color", "data"),
                Arbitraries.of("\"golden.png\"", "\"g/clear.png\"", "\"a b.png\"", "\"q\\\"t.png\""),
                Arbitraries.of("", ", tolerance=2", " tolerance=K"))
                .as((buf, g, t) -> "image " + buf + " == " + g + t);
        Arbitrary<String> count = Combinators.combine(op, n).as((o, v) -> "instructions " + o + " " + v);
        Arbitrary<String> body = Arbitraries.oneOf(status, register, memory, pixel, image, count);
        return Combinators.combine(Arbitraries.of("", "", "e: "), Arbitraries.of(".expect", ".EXPECT", ".Expect"), gap,
                body, Arbitraries.of("", "", " ; c", " // d"))
                .as((l, d, g, b, c) -> l + d + g + b + c);
    }

    @Property(tries = 1000)
    void statedExpectationsAreThoseOfTheParserPath(@ForAll("statedLines") String first, @ForAll("statedLines") String second) {
        String source = ".equ K, 4\n.buffer color, size=1024\n.buffer data\n.word 1\n.queue q\n.stream main\n"
                + first + "\nNOP\n.submit q, main\n" + second + "\n";
        AssemblerOptions options = AssemblerOptions.defaults().withGoldensRequired(false);
        AssemblyResult plain = PlainInstructionScannerPropertiesTest.assemble(source, true, options);
        PlainInstructionScannerPropertiesTest.assertSameResult(
                PlainInstructionScannerPropertiesTest.assemble(source, false, options), plain, source);
        // the expectations are compared where the program assembles: most of these sources must
        boolean stated = plain.program() != null && plain.program().expectations().size() == 2;
        Statistics.collect(fastPath(first) && fastPath(second) ? "both scanned" : "parsed");
        Statistics.label("program").collect(stated ? "assembles" : "errors");
        Statistics.coverage(c -> c.check("both scanned").percentage(p -> p > 80));
        Statistics.label("program").coverage(c -> c.check("assembles").percentage(p -> p > 50));
    }

    @Example
    void theExamplesExpectationsAreScanned() {
        assertInstanceOf(LineScanner.ExpectLine.class, scanned(".expect status ok"));
        assertInstanceOf(LineScanner.ExpectLine.class, scanned(".expect image color == \"golden/clear.png\""));
        ScannedExpectation pixel = assertInstanceOf(LineScanner.ExpectLine.class,
                scanned(".expect pixel color(0, 0) == (255, 0, 0, 255) ; red")).expectation();
        assertEquals("pixel", pixel.subject());
        assertEquals(ScannedExpectation.Kind.CALL, pixel.targets()[0].kind());
        assertEquals("color", pixel.targets()[0].name());
        assertEquals(2, pixel.targets()[0].args().length);
        assertEquals("==", pixel.comparison());
        assertEquals(ScannedExpectation.Kind.TUPLE, pixel.value().kind());
        assertArrayEquals(new int[] {15, 26}, pixel.targetColumns());
    }

    @Example
    void wholeExpressionsAreScanned() {
        assertInstanceOf(LineScanner.ExpectLine.class, scanned(".expect d40 == fbd(fb)"));
        assertInstanceOf(LineScanner.ExpectLine.class, scanned(".expect word [lo32(x) + 4] == ~0 & 0xff"));
        assertInstanceOf(LineScanner.ExpectLine.class, scanned(".expect r4 == (1 << 2)"));
    }

    @Example
    void tuplesOfOneAndUnterminatedStringsAreLeftToTheParser() {
        assertNull(scanned(".expect pixel color(0, 0) == (1, 2"));
        assertNull(scanned(".expect image color == \"golden.png"));
        assertNull(scanned(".expect image color == \"golden.png\\\""));
    }

    @Example
    void aStringWithAnEscapedQuoteAndNonAsciiIsQuotedAsTheParserQuotesIt() {
        String source = ".buffer color, size=64\n.stream main\nNOP\n.expect image color == \"g\\\"\u00e9.png\"\n";
        AssemblyResult plain = PlainInstructionScannerPropertiesTest.assemble(source, true);
        PlainInstructionScannerPropertiesTest.assertSameResult(PlainInstructionScannerPropertiesTest.assemble(source, false),
                plain, source);
        assertEquals(true, plain.diagnostics().get(0).message().startsWith("golden image g\"\u00e9.png cannot be read"),
                plain.diagnostics().toString());
    }
}
