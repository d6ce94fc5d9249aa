package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * No text of the project cites something a reader cannot follow ("note 88", "issue 3 §4"): code, comments,
 * docs and messages say the fact itself. Issue trackers and review notes are not part of a clone.
 */
class FollowableReferencesTest {

    private static final Pattern CITATION = Pattern.compile("(?i)\\b(note|issue) \\d+\\b|§ ?\\d");
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git", "out");
    private static final Set<String> TEXT_ENDINGS = Set.of(".java", ".ts", ".js", ".md", ".sh", ".csf", ".isa",
            ".txt", ".xml", ".groovy", ".g4", ".json", ".properties", ".tsv", ".yml", ".mf");

    @Test
    void noFileCitesANoteOrAnIssueByNumber() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> citations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(f -> !inSkippedDirectory(root.relativize(f)))
                    .filter(FollowableReferencesTest::isText)
                    .forEach(f -> collect(root, f, citations));
        }
        assertEquals(List.of(), citations);
    }

    private static boolean inSkippedDirectory(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIRECTORIES.contains(part.toString()) || part.toString().startsWith(".jqwik")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isText(Path f) {
        String name = f.getFileName().toString().toLowerCase();
        return !name.equals("package-lock.json") && TEXT_ENDINGS.stream().anyMatch(name::endsWith);
    }

    private static void collect(Path root, Path f, List<String> citations) {
        if (f.getFileName().toString().equals("FollowableReferencesTest.java")) {
            return; // its pattern and comment name what they look for
        }
        try {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (CITATION.matcher(lines.get(i)).find()) {
                    citations.add(root.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        } catch (MalformedInputException notUtf8) {
            // binary data under a text name (a test's hostile input): nothing a reader reads
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
