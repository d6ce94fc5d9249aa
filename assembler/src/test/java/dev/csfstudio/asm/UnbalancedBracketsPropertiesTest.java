package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.asm.scan.BracketBalance;
import dev.csfstudio.asm.source.SourceText;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A line whose brackets do not balance outside strings and comments skips the quick parse and goes straight to
 * the parse that reports ({@link BracketBalance}): the whole assembly result is the one the parser's path gives,
 * whatever the labels, the brackets, and the comments and strings that hold brackets.
 */
class UnbalancedBracketsPropertiesTest {

    private static boolean shortcut(String line) {
        byte[] bytes = SourceText.of(line).bytes();
        return BracketBalance.unbalanced(bytes, 0, bytes.length);
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> labels = Arbitraries.of("", "", "loop: ", "a:b: ", "12: ", "x.y: ", "(: ", "[x: ");
        Arbitrary<String> head = Arbitraries.of("MOVE48 d40, ", "MOVE32 r4, ", "LOAD_MULTIPLE r4:r5, ",
                "STORE_MULTIPLE ", ".word ", ".include ", ".equ N, ", ".expect ", ".fbd fb, ", "", "NOP ", "BRANCH r4, ");
        Arbitrary<String> part = Arbitraries.of("(", ")", "[", "]", "N", "1", "#2", "d40", " + ", "- ", ",", " ",
                "(1 + 2)", "[d40 + 8]", "max(1, 2)", "\"(\"", "\"[\\\"]\"", "\"(", "r4", ":", "loop", "1b", "*");
        Arbitrary<String> body = part.list().ofMaxSize(6).map(ps -> String.join("", ps));
        Arbitrary<String> tail = Arbitraries.of("", "", " ; (", " // [[", " ; ()", ";]", " / (", "\r(", "\u00e9(");
        return Combinators.combine(labels, head, body, tail).as((l, h, b, t) -> l + h + b + t);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "loop: NOP", ".equ N, 5", "MOVE48 d40, #1", "BRANCH r4, loop",
                "; (only a comment", "");
        return Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6)
                .map(ls -> String.join("\n", ls) + "\n");
    }

    @Property(tries = 2000)
    void unbalancedLinesAssembleAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, UnbalancedBracketsPropertiesTest::shortcut);
    }

    @Example
    void openParenthesisNeverClosedIsUnbalanced() {
        assertTrue(shortcut("MOVE48 d40, (N"));
    }

    @Example
    void closingBracketBeforeItsOpenerIsUnbalanced() {
        assertTrue(shortcut("MOVE48 d40, ][N"));
    }

    @Example
    void bracketsInCommentsAndStringsDoNotCount() {
        assertFalse(shortcut(".include \"a(.csf\" ; [[ (("));
    }

    @Example
    void balancedMemoryOperandIsLeftToTheQuickParse() {
        assertFalse(shortcut("LOAD_MULTIPLE r4:r5, [d40 + (8 * 2)]"));
    }
}
