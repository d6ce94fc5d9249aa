package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every command's help, usage and option-error text is exactly what it was when picocli built the commands from
 * annotations: {@code command-line-text.txt} was recorded then, and the programmatic models must print the same
 * bytes. {@code -Dcsf.recordCommandLineText=DIR} writes the file anew into DIR instead of comparing.
 */
class CommandLineTextTest {

    private static final String RESOURCE = "command-line-text.txt";
    private static final String HEADER = "=== ";

    /** Each command line (its words split at blanks) whose output is recorded. */
    static Stream<String> lines() {
        return Stream.of("", "--help", "--bogus", "frobnicate", "help", "help asm", "help run",
                "asm --help", "asm -h", "asm", "asm --bogus x.csf", "asm x.csf y.csf",
                "asm --format elf x.csf", "asm -f", "asm -o", "asm --listing", "asm --arch v11 x.csf",
                "asm --arch", "asm --Werror=maybe x.csf",
                "run --help", "run", "run --steps many x.csf", "run --steps", "run --timeout forever x.csf",
                "run --timeout -5s x.csf", "run --out", "run --dump-buffer", "run --arch v9 x.csf", "run x.csf y.csf",
                "disasm --help", "disasm --base nine x.bin", "disasm", "disasm --syntax gas x.bin",
                "test --help", "test -j many x", "test", "debug --help", "debug --port http", "lsp --help",
                "lsp --port -", "lsp x");
    }

    private static String output(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        CsfInvocation run = CsfInvocation.run(args);
        return "exit " + run.exitCode() + "\n--- out\n" + run.out() + "--- err\n" + run.err();
    }

    /** The recorded file: for each line, "=== LINE", its output and one newline. */
    private static Map<String, String> recorded() throws IOException {
        String text;
        try (InputStream in = CommandLineTextTest.class.getResourceAsStream(RESOURCE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, String> byLine = new LinkedHashMap<>();
        for (String entry : text.split("(?m)^" + HEADER)) {
            int end = entry.indexOf('\n');
            if (end >= 0) {
                byLine.put(entry.substring(0, end), entry.substring(end + 1, entry.length() - 1));
            }
        }
        return byLine;
    }

    @ParameterizedTest
    @MethodSource("lines")
    void printsTheRecordedText(String line) throws IOException {
        String dir = System.getProperty("csf.recordCommandLineText");
        if (dir != null) {
            StringBuilder text = new StringBuilder();
            lines().forEach(l -> text.append(HEADER).append(l).append('\n').append(output(l)).append('\n'));
            Files.writeString(Path.of(dir, RESOURCE), text);
            return;
        }
        assertEquals(recorded().get(line), output(line), "csf " + line);
    }

    /** The version (recorded nowhere: it changes with every release) is the same for every command. */
    @ParameterizedTest
    @ValueSource(strings = {"asm --version", "run -V", "disasm --version", "test -V"})
    void everyCommandPrintsTheVersionOfCsf(String line) {
        assertEquals(output("--version"), output(line));
    }
}
