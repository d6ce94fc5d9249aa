package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.scan.ScannedStatement;
import dev.csfstudio.asm.scan.UnknownDirective;
import dev.csfstudio.asm.source.SourceText;
import dev.csfstudio.isa.Arch;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A line of an unknown directive with literal arguments is refused by the scanner without a parse
 * ({@link UnknownDirective}): the whole assembly result is the one the parser's path gives, whatever the labels
 * before it, the name's spelling and case and the text after it.
 */
class UnknownDirectivePropertiesTest {

    private static final Path FILE = Path.of("/virtual/unknown.csf");

    private static boolean fastPath(String line) {
        return refused(line, 1) != null;
    }

    /** Line {@code n} refused as the workers refuse it: what the plain scanner read of it, handed to UnknownDirective. */
    private static ScannedStatement.Rejected refused(String line, int n) {
        byte[] bytes = SourceText.of(line).bytes();
        PlainInstructionScanner plain = new PlainInstructionScanner(Arch.V10);
        if (!(plain.scan(FILE, bytes, 0, bytes.length, n) instanceof PlainInstructionScanner.Result.Declined d)
                || d.handOff() == null || !d.handOff().directive()) {
            return null;
        }
        return UnknownDirective.scan(d.handOff(), FILE, bytes, 0, bytes.length, n, Directives.names());
    }

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> gap = Arbitraries.of("", " ", "  ", "\t");
        Arbitrary<String> labels = Arbitraries.of("", "", "loop: ", "a:b: ", "loop : ", "12: ", "x.y: ", "12b: ",
                "_q9:", "loop: loop: ", "start: ");
        Arbitrary<String> name = Arbitraries.of(".wrod", ".WROD", ".Wrod", ".strem", ".bufer", ".equ", ".Word",
                ".expect", ".EXPECT", ".expec", ".expectx", ".inclde", ".zzz", ".w", ".wrod5", ".wrod_x", ".", "..wrod",
                ".5wrod", ".wrod.x", ".byte", ".inst", "wrod", ".fbd", ".rtt");
        Arbitrary<String> rest = Arbitraries.of("", "", " 5", " 0x1f", " 0X1F_2", " 0x_", " 5, 6", "  7 ,8,  9",
                " 5,", " ,5", " 1.5", " 0b1", " 12b", " 1e5", " x", " \"s\"", " (", " 5 ; note", "// note", ";c", " 0x",
                " 0xg", " 0x1fg", " 5x", " -5", " 5:", " 5 6", " 18446744073709551616", " 5 /", " \u00e9", " 5 // \u00e9",
                ":", " =5", " at=5", "(5)");
        return Combinators.combine(gap, labels, name, rest).as((g, l, n, r) -> g + l + n + r);
    }

    @Provide
    Arbitrary<String> sources() {
        Arbitrary<String> other = Arbitraries.of("NOP", "loop: NOP", ".word 5", "MOVE48 d40, #1", ".stream second",
                "BRANCH loop", "; only a comment", "");
        return Arbitraries.oneOf(lines(), lines(), other).list().ofMinSize(1).ofMaxSize(6)
                .map(ls -> String.join("\n", ls) + "\n");
    }

    @Property(tries = 2000)
    void scannerRefusesUnknownDirectivesAsTheParserPathDoes(@ForAll("sources") String source) {
        PlainInstructionScannerPropertiesTest.assertShortcutChangesNothing(source, UnknownDirectivePropertiesTest::fastPath);
    }

    @Example
    void misspeltDirectiveWithANumberTakesTheFastPath() {
        assertNotNull(refused(".wrod        12", 1));
    }

    @Example
    void knownDirectiveIsLeftToTheParser() {
        assertNull(refused(".word 12", 1));
    }

    @Example
    void errorNamesTheDirectiveInLowerCaseWithASuggestion() {
        ScannedStatement.Rejected r = refused("x: .WROD 1", 3);
        assertNotNull(r);
        assertEquals("unknown directive '.wrod'; did you mean '.word'?", r.error().message());
        assertEquals(".word", r.error().suggestions().get(0));
        assertEquals("3:4-3:9", r.error().range().line() + ":" + r.error().range().column() + "-"
                + r.error().range().endLine() + ":" + r.error().range().endColumn());
    }
}
