package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a terminal or build log shows of an assembly's diagnostics. */
class DiagnosticPrinterTest {

    private static String unusedLabels(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("l").append(i).append(": NOP\n");
        }
        return sb.toString();
    }

    private static String printed(AssemblyResult r) {
        StringBuilder out = new StringBuilder();
        DiagnosticPrinter.print(r, (severity, text) -> out.append(text));
        return out.toString();
    }

    private static long headlines(String printed, String kind) {
        return printed.lines().filter(l -> l.contains(": " + kind + ": ")).count();
    }

    @Test
    void theFirstThousandOfAKindArePrintedThenTheRestAreCounted() {
        String out = printed(Sources.assemble(unusedLabels(1500)));
        assertEquals(DiagnosticPrinter.PER_KIND, headlines(out, "warning"));
        assertTrue(out.endsWith("note: 500 more warnings of kind 'unused-label' not shown (1500 in all;"
                + " the first 1000 of each kind are)\n"), out.substring(out.length() - 300));
    }

    @Test
    void eachKindHasItsOwnThousand() {
        String out = printed(Sources.assemble(unusedLabels(1200) + "MOVE48 d41, #0\nMOVE48 d43, #0\n"));
        assertEquals(DiagnosticPrinter.PER_KIND + 2, headlines(out, "warning"));
        assertEquals(1, out.lines().filter(l -> l.startsWith("note: ")).count(), out);
        assertTrue(out.contains("note: 200 more warnings of kind 'unused-label'"), out);
    }

    @Test
    void fewerThanAThousandPrintNoCount() {
        String out = printed(Sources.assemble(unusedLabels(3)));
        assertEquals(3, headlines(out, "warning"));
        assertTrue(out.lines().noneMatch(l -> l.startsWith("note: ")), out);
    }

    @Test
    void eachFileIsReadOnceHoweverManyDiagnosticsPointIntoIt() {
        Map<java.nio.file.Path, AtomicInteger> reads = new ConcurrentHashMap<>();
        String text = unusedLabels(50);
        SourceReader counting = file -> {
            reads.computeIfAbsent(file, f -> new AtomicInteger()).incrementAndGet();
            return text;
        };
        AssemblyResult r = Sources.assemble(text);
        StringBuilder out = new StringBuilder();
        DiagnosticPrinter.print(r.diagnostics(), counting, (severity, t) -> out.append(t));
        assertEquals(50, headlines(out.toString(), "warning"));
        assertEquals(1, reads.get(Sources.MAIN).get());
    }

    @Test
    void theQuotedLineIsTheTextThatWasAssembledNotTheFileAsItIsNow() {
        AssemblyResult r = Sources.assemble("    BRNCH.ne r4, #0\n");
        assertTrue(printed(r).contains("\n    BRNCH.ne r4, #0\n    ^~~~~\n"), printed(r));
    }

    @Test
    void aLongLineIsShownOnlyAroundTheRange() {
        String padding = "x".repeat(10_000);
        AssemblyResult r = Sources.assemble("NOP ; " + padding + "\nBRANCH.ne r4, #0 ; " + padding + "\n"
                + "NOP" + ".zz".repeat(5000) + " ; " + padding + "\n");
        String out = printed(r);
        for (String line : out.lines().toList()) {
            assertTrue(line.length() <= DiagnosticFormatter.LINE_SHOWN + 10
                    || line.length() <= DiagnosticFormatter.MESSAGE_SHOWN + 80, line.length() + ": " + line);
        }
        // the first modifier's caret sits under it: shown from the line's start, cut after 160 characters
        String first = out.substring(out.indexOf("3:5: error: "));
        List<String> lines = first.lines().toList();
        assertTrue(lines.get(1).startsWith("NOP.zz.zz") && lines.get(1).endsWith("..."), lines.get(1));
        assertEquals("    ^~", lines.get(2));
    }

    @Test
    void aRangeFarIntoALongLineIsShownWithTheStartCutOff() {
        String text = ".equ far, 1 ; " + "y".repeat(300) + "\n" + " ".repeat(500) + "BRNCH.ne r4, #0\n";
        String out = printed(Sources.assemble(text));
        List<String> lines = out.lines().toList();
        assertTrue(lines.get(1).startsWith("...") && lines.get(1).endsWith("BRNCH.ne r4, #0"), lines.get(1));
        int caret = lines.get(2).indexOf('^');
        assertEquals("BRNCH", lines.get(1).substring(caret, caret + 5));
    }

    @Test
    void aMessageQuotingAHugeTokenIsCut() {
        AssemblyResult r = Sources.assemble("A" + "B".repeat(100_000) + " r0\n");
        String headline = printed(r).lines().findFirst().orElseThrow();
        assertTrue(headline.length() < DiagnosticFormatter.MESSAGE_SHOWN + 100, headline.length() + "");
        assertTrue(headline.endsWith("characters)"), headline);
    }
}
