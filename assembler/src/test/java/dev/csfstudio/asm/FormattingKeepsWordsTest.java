package dev.csfstudio.asm;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Formatting a file changes none of its words: every stream of the examples and of the shared test streams
 * (src/test/csf), formatted with its includes, assembles to the same sections, byte for byte, with the same
 * errors and no warning the unformatted file did not have.
 */
class FormattingKeepsWordsTest {

    private static final List<Path> ROOTS = List.of(Path.of("../examples"), Path.of("../src/test/csf"));

    @TempDir
    static Path formatted;

    /** Every root copied below {@link #formatted}, each .csf and .inc file formatted. */
    @BeforeAll
    static void formatEveryRoot() throws IOException {
        for (int i = 0; i < ROOTS.size(); i++) {
            Path root = ROOTS.get(i);
            Path copy = formatted.resolve(Integer.toString(i));
            try (Stream<Path> files = Files.walk(root)) {
                for (Path from : files.toList()) {
                    Path to = copy.resolve(root.relativize(from).toString());
                    if (Files.isDirectory(from)) {
                        Files.createDirectories(to);
                    } else if (isSource(from)) {
                        Files.writeString(to, CanonicalFormatter.format(Files.readString(from)), StandardCharsets.UTF_8);
                    } else {
                        Files.copy(from, to);
                    }
                }
            }
        }
    }

    private static boolean isSource(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".csf") || name.endsWith(".inc");
    }

    /** Each stream, as its path below its root and the root's index. */
    static Stream<String> streams() throws IOException {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < ROOTS.size(); i++) {
            Path root = ROOTS.get(i);
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".csf")).sorted().toList()) {
                    out.add(i + "/" + root.relativize(p));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void formattedStreamAssemblesToTheSameWords(String stream) {
        int root = Integer.parseInt(stream.substring(0, stream.indexOf('/')));
        String relative = stream.substring(stream.indexOf('/') + 1);
        AssemblyResult before = new Assembler().assemble(ROOTS.get(root).resolve(relative));
        AssemblyResult after = new Assembler().assemble(formatted.resolve(stream));
        assertEquals(problems(before.errors()), problems(after.errors()));
        Set<String> warnedBefore = problems(before.warnings());
        assertTrue(warnedBefore.containsAll(problems(after.warnings())),
                () -> "formatting added warnings: " + problems(after.warnings()) + ", before " + warnedBefore);
        if (!before.hasErrors()) {
            assertEquals(words(before.program()), words(after.program()));
        }
    }

    /** Each diagnostic's line, code and message: formatting moves columns, not lines. */
    private static Set<String> problems(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(d -> d.range().line() + " " + d.code() + " " + d.message())
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    private static List<String> words(Program program) {
        return program.sections().stream().map(FormattingKeepsWordsTest::describe).toList();
    }

    private static String describe(Section s) {
        return s.name() + " " + s.kind() + " " + s.vm() + " 0x" + Long.toHexString(s.address()) + " "
                + HexFormat.of().formatHex(s.bytes());
    }
}
