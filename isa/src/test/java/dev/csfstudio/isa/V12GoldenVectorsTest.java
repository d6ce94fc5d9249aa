package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The v12 golden vectors ({@code encodings-v12.tsv}: words packed from genxml v12's bit positions, texts written
 * from the canonical syntax and decode_csf.c's formats, none of them from the table): each word prints as its
 * canonical text and as pandecode's, and each text reads back to the word.
 */
class V12GoldenVectorsTest {

    private static final InstructionSet ISA = InstructionSet.v12();
    private static final Disassembler DISASSEMBLER = new Disassembler(ISA);
    private static final PandecodeText PANDECODE = new PandecodeText(ISA);
    private static final CanonicalReader READER = new CanonicalReader(ISA);

    /** One line: the word, its canonical text, pandecode's text (null: undefined), another spelling or null. */
    record Vector(long word, String canonical, String pandecode, String other) {
        @Override
        public String toString() {
            return canonical;
        }
    }

    static List<Vector> vectors() throws IOException {
        return read("encodings-v12.tsv");
    }

    /** The vectors of a resource beside this class, in the format of {@code encodings-v12.tsv}. */
    static List<Vector> read(String resource) throws IOException {
        List<Vector> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                V12GoldenVectorsTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] c = line.split("\t");
                out.add(new Vector(Long.parseUnsignedLong(c[0], 16), c[1], c[2].equals("-") ? null : c[2],
                        c.length > 3 ? c[3] : null));
            }
        }
        return out;
    }

    @Test
    void everyV12OpcodeHasAtLeastTenVectors() throws IOException {
        Map<Long, Long> perOpcode = vectors().stream()
                .collect(Collectors.groupingBy(v -> v.word() >>> 56, TreeMap::new, Collectors.counting()));
        for (InstructionDef def : ISA.instructions()) {
            assertTrue(perOpcode.getOrDefault((long) def.opcode(), 0L) >= 10, def.mnemonic() + ": " + perOpcode);
        }
        assertEquals(ISA.instructions().size(), perOpcode.size(), "vectors for opcodes the table lacks: " + perOpcode);
    }

    @Test
    void everyPresetFormHasVectors() throws IOException {
        List<Vector> all = vectors();
        for (InstructionDef form : ISA.forms()) {
            assertTrue(all.stream().filter(v -> v.other() != null).anyMatch(v -> v.other().startsWith(form.mnemonic() + " ")),
                    form.mnemonic());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void wordDisassemblesToItsCanonicalText(Vector v) {
        assertEquals(v.canonical(), DISASSEMBLER.disassemble(v.word()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void canonicalTextEncodesBackToItsWord(Vector v) {
        assertEquals(hex(v.word()), hex(READER.read(v.canonical())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void wordPrintsAsPandecodePrintsIt(Vector v) {
        assertEquals(Optional.ofNullable(v.pandecode()), PANDECODE.print(v.word()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void pandecodeTextReadsBackToItsWordOrSaysWhatItLost(Vector v) {
        if (v.pandecode() == null) {
            return;
        }
        PandecodeText.Word w = assertInstanceOf(PandecodeText.Word.class, PANDECODE.read(v.pandecode()));
        boolean lostBits = w.lost().stream().anyMatch(l -> l.kind() != PandecodeText.Lost.Kind.REGISTER_LIST_BASE);
        if (!v.canonical().startsWith(".inst") && !lostBits) {
            assertEquals(hex(v.word()), hex(w.word()), v.pandecode()); // stray bits of a raw word have no text
        }
        assertEquals(Optional.of(v.pandecode()), PANDECODE.print(w.word()), "the reading prints as its text");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void otherSpellingEncodesToTheSameWord(Vector v) {
        if (v.other() != null) {
            assertEquals(hex(v.word()), hex(READER.read(v.other())), v.other());
        }
    }

    private static String hex(long word) {
        return String.format("%016x", word);
    }
}
