package dev.csfstudio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceSelectionTest {

    @TempDir
    Path root;

    private Path touch(String relative) throws IOException {
        Path p = root.resolve(relative);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, "NOP\n");
    }

    @Test
    void defaultPatternFindsSourcesAtTheRootAndInSubdirectories() throws IOException {
        Path top = touch("a.csf");
        Path nested = touch("x/y/b.csf");
        touch("notes.txt");
        assertEquals(List.of(top, nested), new SourceSelection(root, List.of("**/*.csf")).files());
    }

    @Test
    void aMatchThatIsNotARegularFileIsNamedNotRead() throws IOException {
        Path a = touch("a.csf");
        Path zero = Files.createSymbolicLink(root.resolve("zero.csf"), Path.of("/dev/zero"));
        SourceSelection selection = new SourceSelection(root, List.of("**/*.csf"));
        assertEquals(List.of(a), selection.files());
        assertEquals(List.of(zero), selection.notFiles());
    }

    @Test
    void patternsSelectBySubdirectory() throws IOException {
        touch("a.csf");
        Path nested = touch("x/b.csf");
        assertEquals(List.of(nested), new SourceSelection(root, List.of("x/*.csf")).files());
    }

    @Test
    void missingSourceDirectoryMeansNothingToDo() throws IOException {
        assertEquals(List.of(), new SourceSelection(root.resolve("absent"), List.of("**/*.csf")).files());
    }
}
