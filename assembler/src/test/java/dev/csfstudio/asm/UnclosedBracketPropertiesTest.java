package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.scan.BracketBalance;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.scan.UnclosedBracket;
import dev.csfstudio.asm.source.SourceText;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Diagnostic;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * An instruction whose last operand opens a bracket it never closes gets its syntax error from
 * {@link UnclosedBracket}, without a parse, where the parser's report depends on the bracket alone: the whole
 * assembly result is the parser's path's, whatever the labels, the operands before it, the brackets, the comments and
 * strings that hold brackets, and the other errors on the line.
 */
class UnclosedBracketPropertiesTest {

    private static final Path FILE = Path.of("/virtual/plain.csf");

    /** The error the workers give {@code line} without a parse, or null when the parser reports it. */
    private static Diagnostic shortcut(String line) {
        byte[] bytes = SourceText.of(line).bytes();
        PlainInstructionScanner plain = new PlainInstructionScanner(Arch.V10);
        if (!BracketBalance.unbalanced(bytes, 0, bytes.length)
                || !(plain.scan(FILE, bytes, 0, bytes.length, 1) instanceof PlainInstructionScanner.Result.Declined d)
                || d.handOff() == null || d.handOff().directive()) {
            return null;
        }
        return UnclosedBracket.error(FILE, line, 1, d.handOff().at());
    }

    /** Mostly {@code usual}, sometimes {@code unusual}: lines near the shortcut's shapes, and some beyond them. */
    private static Arbitrary<String> mostly(Arbitrary<String> usual, Arbitrary<String> unusual) {
        return Arbitraries.frequencyOf(Tuple.of(4, usual), Tuple.of(1, unusual));
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "loop: ", "a:b: ", "12: ", "x.y: ", "l1 : ");
        Arbitrary<String> head = mostly(Arbitraries.of("MOVE48 d40, ", "MOVE32 r4, ", "LOAD_MULTIPLE r4:r5, ",
                        "STORE_MULTIPLE ", "NOP ", "BRANCH r4, ", "MOVE48 d40, d41, ", "MOVX48 d40, ", "MOVE48 d40, loop, ",
                        "ADD_IMM32 r4, r5, ", "MOVE48 d40,", "SYNC_ADD32 [d40], r4, ", "MOVE48\td40, #1, ", "MOVE32 r200, "),
                Arbitraries.of("MOVE48 d40, 1 + 2, ", "MOVE48 d40 ", ".word ", "MOVE48(", ""));
        Arbitrary<String> open = mostly(Arbitraries.of("(", "#(", "# (", "[", "[ ", "[d40 + ", "[d40 - #", "[d40", "[d40 "),
                Arbitraries.of("((", "[[", "-(", "lo32(", "[d40 * ", "[#", "[+", "([", "[(", "]", ")"));
        Arbitrary<String> part = Arbitraries.of("N", "1", "0x10", "1.5", "1b", "0b101", "d40", "x.y", " + ", "- ", "-", "~",
                " * ", "/", "%", " << ", ">>", " & ", "^", "|", "<", ",", " ", "(", ")", "[", "]", "(1 + 2)", "\"(\"",
                "\"[,\"", "\"(", "r4", ":", "#", "5x", "\u00e9", "?", "lo32(1)", "\\");
        // mostly a simple expression, as a user who forgot the closing bracket writes it, sometimes anything
        Arbitrary<String> atom = Arbitraries.of("N", "1", "0x10", "1.5", "1b", "0b101", "d40", "x.y", "-1", "~N", "+ 2");
        Arbitrary<String> op = Arbitraries.of(" + ", "-", " * ", "/", " % ", "<<", " >> ", "&", " ^ ", "|");
        Arbitrary<String> simple = Combinators.combine(atom, Combinators.combine(op, atom).as(String::concat)
                .list().ofMaxSize(3)).as((a, rest) -> a + String.join("", rest));
        Arbitrary<String> body = mostly(simple, Arbitraries.oneOf(part.list().ofMaxSize(5).map(ps -> String.join("", ps)),
                Combinators.combine(simple, part).as(String::concat)));
        Arbitrary<String> tail = mostly(Arbitraries.of("", "", "", " ; (", " // [[", " ; ()", ";]", " / (", "  ", " ;,\""),
                Arbitraries.of("\r(", " ; \u00e9", " ; \ud83d\ude00", "\f"));
        return Combinators.combine(labels, head, open, body, tail).as((l, h, o, b, t) -> l + h + o + b + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "loop: NOP", ".equ N, 5", "MOVE48 d40, #1", "BRANCH r4, loop",
                "MOVE48 d40, (1 + 2)", "; (only a comment", "");
        return Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6)
                .map(ls -> String.join("\n", ls) + "\n");
    }

    @Property(tries = 3000)
    void unclosedBracketsAssembleAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, line -> shortcut(line) != null);
    }

    @Example
    void openParenthesisAtTheLineEndIsReportedThere() {
        Diagnostic e = shortcut("loop: MOVE48 d40, (N ; (");
        assertNotNull(e);
        assertEquals("unexpected end of line", e.message());
        assertEquals(25, e.range().column());
    }

    @Example
    void numberAsMemoryBaseIsReportedAtTheNumber() {
        Diagnostic e = shortcut("MOVE48 d40, [12");
        assertNotNull(e);
        assertEquals("unexpected '12'; expecting a name", e.message());
        assertEquals(14, e.range().column());
    }

    @Example
    void nestedOpenParenthesesAreLeftToTheParser() {
        assertNull(shortcut("MOVE48 d40, ((N"));
    }

    @Example
    void numberBaseFollowedByAnotherOperandIsLeftToTheParser() {
        assertNull(shortcut("MOVE48 d40, [12, 5"));
    }
}
