package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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

class GoldenEncodingTest {

    static Stream<Arguments> vectors() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                GoldenEncodingTest.class.getResourceAsStream("encodings-v10.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", 2);
                out.add(Arguments.of(parts[1], Long.parseUnsignedLong(parts[0], 16)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyGoldenLineAssemblesToItsWord(String text, long word) {
        AssemblyResult r = Sources.assemble(text + "\n");
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(Long.toHexString(word), Long.toHexString(r.program().entrySection().word(0)));
    }
}
