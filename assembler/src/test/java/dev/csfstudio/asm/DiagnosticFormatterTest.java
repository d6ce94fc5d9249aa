package dev.csfstudio.asm;

import dev.csfstudio.program.SourceRange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DiagnosticFormatterTest {

    /** The first error of {@code text}, as the command line prints it. */
    private static String firstError(String text) {
        return DiagnosticFormatter.format(Sources.assemble(text).errors().get(0), file -> text);
    }

    /** The first warning of {@code text}, as the command line prints it. */
    private static String firstWarning(String text) {
        return DiagnosticFormatter.format(Sources.assemble(text).warnings().get(0), file -> text);
    }

    @Test
    void filesInsideTheWorkingDirectoryPrintRelativeToIt() {
        Path inside = Path.of("").toAbsolutePath().resolve("sub").resolve("x.csf");
        assertEquals("sub/x.csf:2:5", DiagnosticFormatter.position(SourceRange.at(inside, 2, 5, 1)));
    }

    @Test
    void filesElsewherePrintTheirAbsolutePath() {
        Path outside = Path.of("").toAbsolutePath().getRoot().resolve("elsewhere").resolve("x.csf");
        assertEquals(outside + ":2:5", DiagnosticFormatter.position(SourceRange.at(outside, 2, 5, 1)));
    }

    @Test
    void printsHeadlineSourceLineAndCaretUnderTheRange() {
        String out = firstError("  BRNCH.ne r4, #0\n");
        assertEquals(Sources.MAIN + ":1:3: error: unknown mnemonic 'BRNCH'; did you mean 'BRANCH'?\n"
                + "  BRNCH.ne r4, #0\n"
                + "  ^~~~~\n", out);
    }

    @Test
    void relatedLocationsBecomeNotes() {
        String out = firstError("a: NOP\na: NOP\nBRANCH.ne r0, a\n");
        assertEquals(Sources.MAIN + ":2:1: error: 'a' is already defined\n"
                + "a: NOP\n"
                + "^\n"
                + Sources.MAIN + ":1:1: note: first defined here\n", out);
    }

    @Test
    void aSuggestionTheMessageAlreadyNamesIsNotRepeatedAsANote() {
        String out = firstWarning("LOAD_MULTIPLE r0, [d10 + 0]\nMOVE32 r0, #1\n");
        assertEquals(Sources.MAIN + ":2:1: warning: write of r0 while LOAD_MULTIPLE at line 1 (scoreboard entry 0) may"
                + " still write it; WAIT #0x1 before line 2\n"
                + "MOVE32 r0, #1\n"
                + "^~~~~~~~~~~~~\n"
                + Sources.MAIN + ":1:1: note: LOAD_MULTIPLE in flight, signalling scoreboard entry 0\n", out);
    }

    @Test
    void tabsAreKeptSoTheCaretLinesUp() {
        String out = firstError("\tMOVE32 r99, #0\n");
        assertEquals("\t       ^~~", out.split("\n")[2]);
    }

    @Test
    void unreadableSourceStillPrintsTheHeadline() {
        AssemblyResult r = Sources.assemble("BOGUS\n");
        String out = DiagnosticFormatter.format(r.errors().get(0), file -> {
            throw new java.io.IOException("gone");
        });
        assertEquals(r.errors().get(0).headline() + "\n", out);
    }
}
