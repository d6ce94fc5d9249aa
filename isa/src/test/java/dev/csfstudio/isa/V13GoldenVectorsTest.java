package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The v13 golden vectors ({@code encodings-v13.tsv}: ARITH_* words packed by hand from genxml v13's bit positions,
 * texts from the canonical syntax and decode_csf.c's formats): the decoder picks each word's definition by its
 * opcode, then its sub-opcode; the word prints as its canonical text and pandecode's, and both read back to it.
 */
class V13GoldenVectorsTest {

    private static final InstructionSet ISA = InstructionSet.v13();
    private static final Disassembler DISASSEMBLER = new Disassembler(ISA);
    private static final PandecodeText PANDECODE = new PandecodeText(ISA);
    private static final CanonicalReader READER = new CanonicalReader(ISA);

    static List<V12GoldenVectorsTest.Vector> vectors() throws IOException {
        return V12GoldenVectorsTest.read("encodings-v13.tsv");
    }

    @Test
    void everyArithOpcodeHasVectors() throws IOException {
        Set<Long> opcodes = new TreeSet<>();
        for (V12GoldenVectorsTest.Vector v : vectors()) {
            opcodes.add(v.word() >>> 56);
        }
        assertEquals(Set.of(16L, 17L, 18L, 57L), opcodes);
    }

    @Test
    void theSubOpcodeFieldsAreGenxmlsAndEveryOperationHasADefinition() {
        assertEquals("[39:32]", ISA.subOpcodeField(16).orElseThrow().bits());
        assertEquals("[39:32]", ISA.subOpcodeField(17).orElseThrow().bits());
        assertEquals("[31:24]", ISA.subOpcodeField(18).orElseThrow().bits());
        assertEquals("[31:24]", ISA.subOpcodeField(57).orElseThrow().bits());
        assertTrue(ISA.byOpcode(16).isEmpty(), "a sub-opcoded opcode has no single definition");
        long arith = ISA.instructions().stream().filter(d -> ISA.subOpcodeField(d.opcode()).isPresent()).count();
        assertEquals(8 + 8 + 7 + 7, arith);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void wordDisassemblesToItsCanonicalText(V12GoldenVectorsTest.Vector v) {
        assertEquals(v.canonical(), DISASSEMBLER.disassemble(v.word()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void canonicalTextEncodesBackToItsWord(V12GoldenVectorsTest.Vector v) {
        assertEquals(Long.toHexString(v.word()), Long.toHexString(READER.read(v.canonical())));
        if (v.other() != null) {
            assertEquals(Long.toHexString(v.word()), Long.toHexString(READER.read(v.other())), v.other());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void wordPrintsAsPandecodePrintsIt(V12GoldenVectorsTest.Vector v) {
        assertEquals(Optional.ofNullable(v.pandecode()), PANDECODE.print(v.word()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void pandecodeTextReadsBackToItsWordUnlessItLostAField(V12GoldenVectorsTest.Vector v) {
        if (v.pandecode() == null) {
            return;
        }
        PandecodeText.Word w = assertInstanceOf(PandecodeText.Word.class, PANDECODE.read(v.pandecode()));
        if (w.lost().isEmpty()) {
            assertEquals(Long.toHexString(v.word()), Long.toHexString(w.word()), v.pandecode());
        } else {
            assertTrue(v.pandecode().startsWith("BFINS32"),
                    "only BFINS's position and width go unprinted: " + w.lost());
        }
        assertEquals(Optional.of(v.pandecode()), PANDECODE.print(w.word()), "the reading prints as its text");
    }
}
