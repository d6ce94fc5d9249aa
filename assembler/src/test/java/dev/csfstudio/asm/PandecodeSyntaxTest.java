package dev.csfstudio.asm;

import dev.csfstudio.program.Section;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.isa.Decoder;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.PandecodeText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code .syntax pandecode} reads mesa's pandecode text exactly; the default syntax never silently misreads it. */
class PandecodeSyntaxTest {

    private static long firstWord(AssemblyResult r) {
        assertTrue(r.errors().isEmpty(), () -> r.errors().toString());
        return r.program().entrySection().word(0);
    }

    @Test
    void aNopWhoseCommentCarriesPandecodesBitsWarnsInTheDefaultSyntax() {
        AssemblyResult r = Sources.assemble("NOP // 0x1234\n");
        assertEquals(0L, firstWord(r));
        Diagnostic w = r.warnings().get(0);
        assertEquals(1, w.range().column());
        assertTrue(w.message().contains("pandecode writes 0x0000000000001234 this way: add '.syntax pandecode'"), w.message());
    }

    @Test
    void aNopWhoseCommentCarriesPandecodesBitsIsThatWordUnderPandecodeSyntaxWithoutTheWarning() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nNOP // 0x1234\n");
        assertEquals(0x1234L, firstWord(r));
        assertTrue(r.warnings().isEmpty(), () -> r.warnings().toString());
    }

    @Test
    void anExceptionHandlerWithoutItsTypeWarnsInTheDefaultSyntax() {
        AssemblyResult r = Sources.assemble("x: SET_EXCEPTION_HANDLER d4, r6 ; pandecode prints every type this way\n");
        assertEquals(0x1900_0406_0000_0000L, firstWord(r));
        Diagnostic w = r.warnings().stream().filter(d -> d.code().id().equals("pandecode-spelling")).findFirst().orElseThrow();
        assertEquals(4, w.range().column());
        assertEquals("SET_EXCEPTION_HANDLER's exc_type is left out, so it is 0 (its default); pandecode writes every"
                + " exc_type this way: add '.syntax pandecode' before pandecode's text, or write"
                + " 'SET_EXCEPTION_HANDLER d4, r6, #0'", w.message());
        assertEquals(List.of("SET_EXCEPTION_HANDLER d4, r6, #0"), w.suggestions());
    }

    @Test
    void anExceptionHandlerWithoutItsTypeIsV12sDefaultTypeWithTheWarning() {
        AssemblyResult r = Sources.assemble(".arch v12\nSET_EXCEPTION_HANDLER d4, r6\n");
        assertEquals(0x1900_0406_0000_0002L, firstWord(r));
        assertEquals(List.of("SET_EXCEPTION_HANDLER d4, r6, #2"), r.warnings().get(0).suggestions());
    }

    @Test
    void anExceptionHandlerWithItsTypeIsNoWarning() {
        AssemblyResult r = Sources.assemble("SET_EXCEPTION_HANDLER d4, r6, #0\nSET_EXCEPTION_HANDLER d4, r6, tiler_oom\n");
        assertTrue(r.warnings().isEmpty(), () -> r.warnings().toString());
    }

    @Test
    void anExceptionHandlerWithoutItsTypeUnderPandecodeSyntaxSaysOnlyWhatWasLost() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nSET_EXCEPTION_HANDLER d4, r6\n");
        assertEquals(List.of("pandecode-lost"), r.warnings().stream().map(w -> w.code().id()).toList());
    }

    @Test
    void aCommentThatIsNotPandecodesTextOfTheWordIsNoWarning() {
        AssemblyResult r = Sources.assemble("MOVE32 r2, 5 // 0x12\nNOP // 0\n");
        assertTrue(r.warnings().isEmpty(), () -> r.warnings().toString());
    }

    @Test
    void hashNumberInAMaskIsHexUnderPandecodeSyntax() {
        assertEquals(0x0300000000100000L, firstWord(Sources.assemble(".syntax pandecode\nWAIT #10\n")));
    }

    @Test
    void hashDecimalInAFieldPandecodePrintsInHexWarnsInTheDefaultSyntax() {
        AssemblyResult r = Sources.assemble("WAIT #10\n");
        assertEquals(0x03000000000a0000L, firstWord(r));
        Diagnostic w = radixWarnings(r).get(0);
        assertEquals("pandecode-radix", w.code().id());
        assertTrue(w.message().startsWith("#10 is read as decimal 10, but pandecode prints WAIT's wait_mask in hex"),
                w.message());
    }

    @Test
    void digitsThatReadTheSameInBothRadixesDoNotWarn() {
        assertEquals(List.of(), radixWarnings(Sources.assemble("WAIT #3\nWAIT #0x10\nWAIT 10\n")));
    }

    /** The warnings but the scoreboard check's (these WAITs wait for entries nothing signals). */
    private static List<Diagnostic> radixWarnings(AssemblyResult r) {
        return r.warnings().stream().filter(w -> !w.code().id().startsWith("scoreboard-")).toList();
    }

    @Test
    void pandecodeOnlySpellingIsAnErrorThatNamesTheDirective() {
        Diagnostic e = Sources.assemble("SYNC_SET32..system [d0], r2, #1, #0\n").errors().get(0);
        assertEquals("pandecode-spelling", e.code().id());
        assertEquals("this is pandecode's spelling; add '.syntax pandecode' before it, or write"
                + " 'SYNC_SET32.system [d0], r2, #0x1, #0'", e.message());
    }

    @Test
    void pandecodeRegisterSpellingOfADcdIsAnErrorThatNamesTheDirective() {
        Diagnostic e = Sources.assemble("RUN_FULLSCREEN r4, #1f\n").errors().get(0);
        assertEquals("pandecode-spelling", e.code().id());
        assertTrue(e.message().endsWith("'RUN_FULLSCREEN d4, #0x1f'"), e.message());
    }

    @Test
    void pandecodeSpellingsAreAcceptedUnderPandecodeSyntax() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nSYNC_SET32..system [d0], r2, #1, #0\n"
                + "SYNC_WAIT32gt.inherit d52, r50\nRUN_FULLSCREEN r4, #1f\nSTORE_STATE.CYCLE_COUNT d0, #8, #ff, #1\n"
                + "NOP // 0x1234\n");
        assertTrue(r.errors().isEmpty(), () -> r.errors().toString());
        Section main = r.program().entrySection();
        assertEquals(0x2600000200010000L, main.word(0));
        assertEquals(0x2700343210000000L, main.word(1));
        assertEquals(0x080004000000001fL, main.word(2));
        assertEquals(0x2801000100ff0008L, main.word(3));
        assertEquals(0x0000000000001234L, main.word(4));
    }

    @Test
    void textThatLostBitsWarnsWhatWasLostAndAssumed() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nRUN_TILING.srt0.spd0.tsd0.fau0\n"
                + "RUN_FRAGMENT.tile_order=unknown\n");
        assertEquals(List.of("pandecode does not print RUN_TILING's flags [31:0]: assumed 0",
                "pandecode prints the same name for RUN_FRAGMENT tile_order values [3, 4, 7, 8, 9, 10, 11, 12, 13, 14,"
                        + " 15]: assumed 3"),
                r.warnings().stream().map(Diagnostic::message).toList());
    }

    @Test
    void registerListBaseIsAssumedAndSaidOncePerFile() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nLOAD_MULTIPLE r40:r41, [d76]\n"
                + "LOAD_MULTIPLE r42, [d76 + 8]\n");
        assertEquals(1, r.warnings().size(), () -> r.warnings().toString());
        assertEquals(0x1428_4c00_0003_0000L, r.program().entrySection().word(0));
    }

    @Test
    void registerListBaseWarningWaitsForAnInstructionThatIsPlaced() {
        AssemblyResult r = Sources.assemble(".buffer b, size=64\n.syntax pandecode\nLOAD_MULTIPLE r40:r41, [d76]\n"
                + ".stream s\nLOAD_MULTIPLE r42, [d76 + 8]\n");
        assertEquals(3, r.errors().get(0).range().line(), () -> r.errors().toString());
        assertEquals(List.of(5), r.warnings().stream().map(w -> w.range().line()).toList());
    }

    @Test
    void syntaxCsfSwitchesBack() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nWAIT #10\n.syntax csf\nWAIT #0x10\n");
        Section main = r.program().entrySection();
        assertEquals(main.word(0), main.word(1));
    }

    @Test
    void labelsAndCanonicalLinesStillWorkUnderPandecodeSyntax() {
        AssemblyResult r = Sources.assemble(".syntax pandecode\nloop: ADD_IMMEDIATE32 r4, r4, #-1\n"
                + "BRANCH.ne r4, loop\n");
        assertTrue(r.errors().isEmpty(), () -> r.errors().toString());
        assertEquals(-2, (short) r.program().entrySection().word(1));
    }

    @Test
    void textThatIsNeitherPandecodesNorCanonicalIsRefusedWithPandecodesReason() {
        Diagnostic e = Sources.assemble(".syntax pandecode\nWAIT #1g2\n").errors().get(0);
        assertEquals("pandecode-syntax", e.code().id());
        assertTrue(e.message().startsWith("not pandecode's text: "), e.message());
    }

    @Test
    void runIdvsWithoutAMallocModifierWarns() {
        AssemblyResult r = Sources.assemble("RUN_IDVS.varying_srt0.varying_fau0.varying_tsd0.frag_srt0.frag_tsd0 r2, #0x0\n");
        assertEquals("implicit-modifier", r.warnings().get(0).code().id());
        assertEquals(0, (r.program().entrySection().word(0) >>> 33) & 1);
    }

    @Test
    void everyGoldenWordAssemblesBackFromPandecodesText() throws IOException {
        PandecodeText pandecode = new PandecodeText(InstructionSet.v10());
        Decoder decoder = new Decoder(InstructionSet.v10());
        List<Long> words = new ArrayList<>();
        StringBuilder source = new StringBuilder(".syntax pandecode\n");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                PandecodeSyntaxTest.class.getResourceAsStream("encodings-v10.tsv"), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                long word = Long.parseUnsignedLong(line.split("\t")[0], 16);
                if (decoder.decode(word).map(decoder::isCanonical).orElse(false)) {
                    words.add(word);
                    source.append(pandecode.print(word).orElseThrow()).append('\n');
                }
            }
        }
        AssemblyResult r = Sources.assemble(source.toString());
        assertTrue(r.errors().isEmpty(), () -> r.errors().toString());
        Section main = r.program().entrySection();
        for (int i = 0; i < words.size(); i++) {
            long got = main.word(i);
            boolean lostFlags = (words.get(i) >>> 56) == 5 || (words.get(i) >>> 56) == 25;  // RUN_TILING, SET_EXCEPTION_HANDLER
            if (!lostFlags) {
                assertEquals(String.format("0x%016x", words.get(i)), String.format("0x%016x", got), "line " + (i + 2));
            }
        }
    }
}
