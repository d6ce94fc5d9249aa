package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every golden vector (mesa genxml v10) decodes to exactly its canonical text. */
class GoldenDisassemblyTest {

    private static final Disassembler DISASSEMBLER = new Disassembler(InstructionSet.v10());

    static List<Arguments> vectors() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                GoldenDisassemblyTest.class.getResourceAsStream("encodings-v10.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] cols = line.split("\t");
                out.add(Arguments.of(Long.parseUnsignedLong(cols[0], 16), cols[1]));
            }
        }
        return out;
    }

    @Test
    void theVectorFileCoversAll39Instructions() throws IOException {
        assertEquals(390, vectors().size());
        assertEquals(39, InstructionSet.v10().instructions().size());
        assertEquals(39, vectors().stream()
                .map(a -> ((Long) a.get()[0]) >>> 56).distinct().count());
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("vectors")
    void wordDisassemblesToItsCanonicalText(long word, String text) {
        assertEquals(text, DISASSEMBLER.disassemble(word));
    }

    static Stream<Long> nonCanonicalWords() {
        return Stream.of(
                0x0000000000000001L,   // NOP with ignored bits set
                0x0a00000000000000L,   // opcode 10 is unknown
                0x1600300070000000L,   // BRANCH condition 7 has no name
                0x1401200059745280L,   // LOAD_MULTIPLE mask without its base register
                0x0260000000000000L,   // MOVE32 r96 does not exist on v10
                0x3200000c00830000L);  // TRACE_POINT with count 0
    }

    @ParameterizedTest
    @MethodSource("nonCanonicalWords")
    void wordsWithoutCanonicalTextPrintAsRawInst(long word) {
        assertEquals(Disassembler.rawDirective(word), DISASSEMBLER.disassemble(word));
    }
}
