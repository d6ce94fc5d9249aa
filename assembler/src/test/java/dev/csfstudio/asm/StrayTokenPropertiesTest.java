package dev.csfstudio.asm;

import dev.csfstudio.asm.scan.LineParser;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.scan.StrayToken;
import dev.csfstudio.asm.source.OrderedChunks;
import dev.csfstudio.asm.source.SourceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Diagnostic;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Where the plain scanner finds a token a line cannot hold, {@link StrayToken} reports the parser's own error:
 * the same message, range and count for every line, whatever the statement before it and the text after it.
 */
class StrayTokenPropertiesTest {

    private static final Path FILE = Path.of("/virtual/stray.csf");

    /** The fast path's error for a line, or null when it leaves the line to the parser. */
    private static Diagnostic fastPath(String line) {
        PlainInstructionScanner scanner = new PlainInstructionScanner(Arch.V10);
        byte[] bytes = SourceText.of(line).bytes();
        if (!(scanner.scan(FILE, bytes, 0, line.length(), 7) instanceof PlainInstructionScanner.Result.Declined d)
                || d.stray() < 0) {
            return null;
        }
        return StrayToken.error(FILE, line, 7, d.stray());
    }

    private static List<Diagnostic> parser(String line) {
        return new LineParser().parse(FILE, line, 7).errors();
    }

    @Provide
    Arbitrary<String> badLines() {
        Arbitrary<String> statement = Arbitraries.of("", "", "MOVE48 d40,", "MOVE48 d40", "MOVE32 r4, #5", "NOP",
                "LOAD_MULTIPLE r0:r3, [d40 + 8]", "BRANCH.ne r4, loop", "STORE_MULTIPLE [d76 - 0x10], r0:r1",
                "MOVX48 d40, #1", "MOVE48 d96, 1b", "WAIT #0b11", "MOVE32 r4, -7", "RUN_FRAGMENT.tile_order=zorder");
        Arbitrary<String> stray = Arbitraries.of("#5", "#", "%%% ??", "?", "@", "$x", "!", "'", "`", "{", "}", "<",
                ">", "<<", ">>", "<< 2", ".", ".word 5", ".wrod", "d41", "r4", "x.y=z", "5", "0x1f", "0b101", "1.5e3",
                "2b", "12f", "\"str\"", "\"unterminated", "\"", "\"\"", "(", ")", "[", "]", "[d0]", "]]", "#(", "=", "==", "===", "!=", "!", "<=", ">=", "=<", "~5",
                "+", "-", "*", "/", "%", "&", "^", "|", ":", ",", "\u0001", "\u007f", "\u00e9", "a" + "b".repeat(50));
        Arbitrary<String> rest = Arbitraries.of("", "", " 1", " ; note", " // note", "  x, y", " (", " \"", "\t]");
        Arbitrary<String> gap = Arbitraries.of("", " ", "  ", "\t");
        return Combinators.combine(gap, statement, gap, stray, rest).as((g1, s, g2, t, r) -> g1 + s + g2 + t + r);
    }

    @Property(tries = 3000)
    void fastPathReportsTheParsersError(@ForAll("badLines") String line) {
        Diagnostic fast = fastPath(line);
        Statistics.collect(fast != null ? "fast path" : "parser");
        if (fast != null) {
            assertEquals(List.of(fast), parser(line), line);
        }
        // most generated lines must take the fast path, or the property proves little
        Statistics.coverage(c -> c.check("fast path").percentage(p -> p > 40));
    }

    /** One parser for every try: its recovery's remembered follow sets come from the lines before. */
    private final LineParser warm = new LineParser();

    @Property(tries = 3000)
    void rememberedFollowSetsChangeNoReport(@ForAll("badLines") String line) {
        assertEquals(new LineParser().parse(FILE, line, 7).errors(), warm.parse(FILE, line, 7).errors(), line);
    }

    @Example
    void missingCommaTakesTheFastPath() {
        Diagnostic d = fastPath("MOVE48 d40  #5");
        assertNotNull(d);
        assertEquals("unexpected '#'; expecting one of end of file, end of line", d.message());
        assertEquals(13, d.range().column());
    }

    @Example
    void garbageTakesTheFastPath() {
        assertEquals("unexpected '%'; expecting one of end of file, end of line", fastPath("%%% ??").message());
        assertEquals("unexpected character '?'", fastPath("NOP ?").message());
        assertEquals("unterminated string (missing closing \")", fastPath("NOP \"abc").message());
    }

    @Example
    void operatorsAfterAnOperandAreTheParsers() {
        assertEquals(null, fastPath("MOVE48 d40, 5 (3)"));
        assertEquals(null, fastPath("MOVE48 d40, 5 + 3"));
        assertEquals(null, fastPath("MOVE32 r0 :r1"));
    }

    @Example
    void linesWithLabelsAreTheParsers() {
        assertEquals(null, fastPath("loop: MOVE48 d40  #5"));
        assertEquals(null, fastPath("1: %%%"));
    }

    @Example
    void aFileOfStrayTokensGetsTheParsersDiagnostics() {
        String source = "MOVE48 d40  #5\n%%% ??\nNOP d0 d1\nx: NOP ?\n";
        Assembly viaParser = assembly(false);
        Assembly viaScanner = assembly(true);
        List<Diagnostic> expected = viaParser.run(FILE, SourceText.of(source)).diagnostics();
        assertEquals(expected, viaScanner.run(FILE, SourceText.of(source)).diagnostics());
        assertTrue(expected.size() >= 4, expected::toString);
    }

    private static Assembly assembly(boolean plainScanner) {
        Assembly a = new Assembly(AssemblerOptions.defaults(), file -> {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }, 1, OrderedChunks.CHUNK);
        a.plainScanner = plainScanner;
        return a;
    }
}
