package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.PandecodeText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** After {@code .arch v12} every spelling of encodings-v12.tsv (genxml v12's bit positions) assembles to its word. */
class V12GoldenEncodingTest {

    private static final PandecodeText PANDECODE = new PandecodeText(Arch.V12.instructionSet());

    static Stream<Arguments> vectors() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                V12GoldenEncodingTest.class.getResourceAsStream("encodings-v12.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t");
                long word = Long.parseUnsignedLong(parts[0], 16);
                out.add(Arguments.of(".arch v12\n" + parts[1], word));
                if (!parts[2].equals("-")) {
                    // pandecode's text loses some bits (said in a warning): it means the word v12's reading gives
                    long read = ((PandecodeText.Word) PANDECODE.read(parts[2])).word();
                    out.add(Arguments.of(".arch v12\n.syntax pandecode\n" + parts[2], read));
                }
                if (parts.length > 3) {
                    out.add(Arguments.of(".arch v12\n" + parts[3], word));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyGoldenSpellingAssemblesToItsWord(String source, long word) {
        AssemblyResult r = Sources.assemble(source + "\n");
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(Arch.V12, r.program().arch());
        assertEquals(Long.toHexString(word), Long.toHexString(r.program().entrySection().word(0)));
    }
}
