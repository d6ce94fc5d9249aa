package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
 * Whole expressions (every operator at its precedence, unary operators, parentheses, calls, local references, every
 * kind of literal) are read without a parse in instruction operands, {@code .equ}/{@code .set} values,
 * {@code .fbd}/{@code .rt} field values, and (naming nothing) data values and memory offsets: the whole assembly result is the parser path's, whatever they name and however
 * they fail (division by zero, shifts of 64 or more, huge literals, unknown functions, wrong arity, undefined and
 * forward names, decimal numbers where an integer is needed).
 */
class ExpressionLinePropertiesTest {

    private static final Path FILE = Path.of("/virtual/expressions.csf");

    private static ScannedStatement scan(String line) {
        return PlainInstructionScannerPropertiesTest.scanLine(FILE, line);
    }

    /** A generated line with more than names and literals joined by + - * that the scanner reads. */
    private static boolean fastPath(String line) {
        boolean expression = line.contains("(") || line.contains("<<") || line.contains(">>") || line.contains("|")
                || line.contains("&") || line.contains("^") || line.contains("~") || line.contains("/")
                || line.contains("%");
        return expression && scan(line) != null;
    }

    /** Leaves with values, most of the time, so that the values of the two paths are compared, not only their errors. */
    @Provide
    Arbitrary<String> leaves() {
        Arbitrary<String> valued = Arbitraries.of("0", "1", "2", "3", "5", "6", "7", "12", "16", "31", "A", "B", "0x10",
                "0b110", "1_0", "top", "later");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, valued), net.jqwik.api.Tuple.of(1, hostileLeaves()));
    }

    private Arbitrary<String> hostileLeaves() {
        return Arbitraries.of("0", "1", "2", "3", "7", "16", "63", "64", "65", "-1", "0x10", "0XfF", "0b101", "1_000",
                "0x_1", "0xffff_ffff_ffff_ffff", "99999999999999999999", "0x1ffffffffffffffff", "9223372036854775807",
                "0x8000000000000000", "0x00000000000000000000001", "0xAbCdEf12", "0x12_", "0x0", "0xac6b30ac",
                "A", "B", "C", "top", "later", "main", "buf", "fb", "nowhere", "r5", "k.x", "1b", "1f", "2f", "3b",
                "1.5", "2e3", "fbl");
    }

    @Provide
    Arbitrary<String> calls() {
        Arbitrary<String> fn = Arbitraries.of("lo32", "hi32", "LO32", "sizeof", "fbd", "foo", "lo31");
        Arbitrary<String> args = Arbitraries.of("", "A", "top", "buf", "main", "fbl", "fb", "1b", "nowhere", "A, 1",
                "(fbl)", "1 << 40", "top + 8", "later");
        return Combinators.combine(fn, Arbitraries.of("", " "), args).as((f, g, a) -> f + g + "(" + a + ")");
    }

    private Arbitrary<String> expression(int depth) {
        if (depth == 0) {
            return Arbitraries.oneOf(leaves(), leaves(), leaves(), calls());
        }
        Arbitrary<String> sub = expression(depth - 1);
        Arbitrary<String> op = Arbitraries.of("+", "-", "*", "/", "%", "<<", ">>", "&", "^", "|");
        Arbitrary<String> gap = Arbitraries.of("", " ", " ", "\t");
        Arbitrary<String> binary = Combinators.combine(sub, gap, op, gap, sub).as((l, g1, o, g2, r) -> l + g1 + o + g2 + r);
        Arbitrary<String> unary = Combinators.combine(Arbitraries.of("-", "~", "+", "- "), sub).as((u, e) -> u + e);
        Arbitrary<String> paren = Combinators.combine(Arbitraries.of("(", "( "), sub, Arbitraries.of(")", " )"))
                .as((o, e, c) -> o + e + c);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, binary), net.jqwik.api.Tuple.of(2, unary),
                net.jqwik.api.Tuple.of(2, paren), net.jqwik.api.Tuple.of(2, sub));
    }

    @Provide
    Arbitrary<String> expressions() {
        return Arbitraries.integers().between(0, 3).flatMap(this::expression);
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> e = expressions();
        Arbitrary<String> tail = Arbitraries.of("", "", "", " ; c", " // c", " )", ",", " x", " 1");
        Arbitrary<String> shape = Arbitraries.of("MOVE32 r1, %s", "MOVE32 r2, #%s", "MOVE48 d2, %s", "here: MOVE32 r3, %s",
                "ADD_IMMEDIATE32 r1, r2, %s", "BRANCH.ne r0, %s", ".equ E%d, %s", ".set A, %s", ".set B, %s",
                "MOVE32 %s, 1", "WAIT %s", ".rt format=R8G8B8A8, base=buf, row_stride=%s",
                ".fbd width=%s, height=16", ".rt format=R8G8B8A8, base=%s, row_stride=64, clear=0xff", ".word %s",
                ".byte 1, %s", ".dword %s, 2", "STORE_MULTIPLE [d76 - %s], r0:r1", "LOAD_MULTIPLE r40:r41, [d76 + #%s]");
        return Combinators.combine(shape, e, tail, Arbitraries.integers().between(0, 3)).as((s, x, t, n) -> s.contains("%d")
                ? String.format(s, n, x) + t : s.replace("%s", x) + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "1: NOP", "2: NOP", ".stream main", ".buffer fb, align=64",
                ".set B, 9", ".equ C, later - top", "");
        return Arbitraries.oneOf(lines(), lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6).map(ls ->
                ".equ A, 3\n.set B, 7\n.buffer fb, align=64\nfbl: .fbd width=16, height=16\n"
                        + ".rt format=R8G8B8A8, base=buf, row_stride=64\n.buffer buf, size=64\n.stream main\ntop: NOP\n1: NOP\n"
                        + String.join("\n", ls) + "\nlater: NOP\n2: NOP\n3: NOP\n");
    }

    @Property(tries = 1500, edgeCases = net.jqwik.api.EdgeCasesMode.NONE) // edge cases are chains of the first leaf
    void expressionLinesGiveTheParsersResult(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, ExpressionLinePropertiesTest::fastPath);
    }

    /** Chains of every operator over values, so that precedence and associativity show in the words and symbols. */
    @Provide
    Arbitrary<String> chains() {
        Arbitrary<String> leaf = Arbitraries.of("1", "2", "3", "5", "6", "7", "12", "31", "A", "B", "0x10", "0b110", "-3",
                "~A", "(B - 1)", "-(2)", "lo32(A)", "top");
        Arbitrary<String> op = Arbitraries.of(" + ", " - ", " * ", " / ", " % ", " << ", " >> ", " & ", " ^ ", " | ");
        Arbitrary<String> step = Combinators.combine(op, leaf).as((o, l) -> o + l);
        Arbitrary<String> chain = Combinators.combine(leaf, step.list().ofMinSize(1).ofMaxSize(5))
                .as((l, steps) -> l + String.join("", steps));
        Arbitrary<String> shape = Arbitraries.of("MOVE32 r1, %s", "MOVE48 d2, %s", ".equ E, %s", ".set B, %s",
                ".rt format=R8G8B8A8, base=buf, row_stride=%s", ".word %s", "LOAD_MULTIPLE r40:r41, [d76 + %s]");
        return Combinators.combine(shape, chain.list().ofMinSize(1).ofMaxSize(4)).as((sh, cs) -> {
            StringBuilder out = new StringBuilder(".equ A, 9\n.set B, 4\n.buffer buf, size=64\n.stream main\ntop: NOP\n");
            for (String c : cs) {
                out.append(sh.replace("E,", "E" + out.length() + ",").replace("%s", c)).append('\n');
            }
            return out.append("NOP\n").toString();
        });
    }

    @Property(tries = 1000, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void operatorChainsHaveTheParsersValues(@ForAll("chains") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, ExpressionLinePropertiesTest::fastPath);
    }

    @Example
    void everyLineOfTheBundledExampleButItsSectionsAndExpectationsIsReadWithoutAParse() throws Exception {
        for (String line : java.nio.file.Files.readAllLines(Path.of("../examples/clear.csf"))) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("//") || t.startsWith(".buffer") || t.startsWith(".stream")
                    || t.startsWith(".expect")) {
                continue;
            }
            assertNotNull(scan(line), line);
        }
    }

    @Example
    void unaryMinusBindsTighterThanEveryBinaryOperator() {
        String source = ".stream main\nMOVE32 r1, -2 * 3 + ~1 << 2 | 1 ^ 3 & 2\nMOVE32 r2, 100 / 7 % 4 - -1\nNOP\n";
        AssemblyResult plain = PlainInstructionScannerPropertiesTest.assemble(source, true);
        assertEquals(java.util.List.of(), plain.diagnostics());
        java.nio.ByteBuffer words = java.nio.ByteBuffer.wrap(plain.program().sections().get(0).bytes())
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals((-2 * 3 + ~1) << 2 | 1 ^ 3 & 2, words.getInt(0)); // MOVE32's immediate: the low 32 bits
        assertEquals(100 / 7 % 4 - -1, words.getInt(8));
        PlainInstructionScannerPropertiesTest.assertSameResult(PlainInstructionScannerPropertiesTest.assemble(source, false),
                plain, source);
    }

    @Example
    void callsAndShiftsOfTheBundledExampleAreInstructionsOfTheirOwn() {
        assertInstanceOf(LineScanner.SymbolicInstruction.class, scan("    MOVE48  d40, fbd(fbd)   ; tagged"));
        assertInstanceOf(LineScanner.SymbolicInstruction.class, scan("MOVE32 r43, (HEIGHT - 1) << 16 | (WIDTH - 1)"));
        assertInstanceOf(LineScanner.Descriptor.class, scan(".rt format=R8, base=color, row_stride=WIDTH * BPP"));
    }

    @Example
    void dataValuesAndMemoryOffsetsOfLiteralsAloneAreReadWithoutAParse() {
        assertInstanceOf(LineScanner.DataLine.class, scan(".word 1 << 4, (0x10 | 1) * 2"));
        assertInstanceOf(LineScanner.EncodedLine.class, scan("STORE_MULTIPLE [d76 - (2 << 3)], r0:r1"));
        assertNull(scan(".word top + 4")); // data naming a label is the parser path's
    }

    @Example
    void whatTheReaderIsNotSureOfGoesToTheParser() {
        assertNull(scan("MOVE32 r1, (1 + 2"));
        assertNull(scan("MOVE32 r1, 1 < 2"));
        assertNull(scan("MOVE32 r1, lo32(1"));
        assertNull(scan("MOVE32 r1, 1 + 99999999999999999999"));
        assertNull(scan("MOVE32 r1, 4 / 0"));
        assertNull(scan("MOVE32 r1, 1.5 + 1"));
    }
}
