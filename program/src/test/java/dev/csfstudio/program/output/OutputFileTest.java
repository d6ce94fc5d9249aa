package dev.csfstudio.program.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {

    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void streamNamesAreTheStandardStreamsAndFileDescriptorsOnly() {
        for (String stream : List.of("/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/12", "/proc/self/fd/1",
                "/proc/4711/fd/2", "/dev/./stdout", "/tmp/../dev/stderr")) {
            assertEquals(true, OutputFile.isStream(Path.of(stream)), stream);
        }
        for (String file : List.of("/dev/null", "/dev/stdin2", "/dev/fd/", "/dev/fd/1x", "/dev/fd/x", "/proc/fd/1",
                "/proc/self/fd/", "/proc/self/fd/1/x", "/proc/a/b/fd/1", "/proc//fd/1", "/tmp/dev/stdout", "/dev/stdoutx")) {
            assertEquals(false, OutputFile.isStream(Path.of(file)), file);
        }
    }

    @Test
    void whileTheNewContentsAreWrittenTheOldFileIsStillWhole() throws IOException {
        Path file = Files.writeString(dir.resolve("out.bin"), "old contents");
        OutputFile.write(file, out -> {
            out.write("new ".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertEquals("old contents", Files.readString(file)); // a reader now sees the old file
            out.write("contents".getBytes(StandardCharsets.US_ASCII));
        });
        assertEquals("new contents", Files.readString(file));
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFileAndNoTemporary() throws IOException {
        Path file = Files.writeString(dir.resolve("out.bin"), "old contents");
        IOException failure = assertThrows(IOException.class, () -> OutputFile.write(file, out -> {
            out.write(new byte[100_000]);
            throw new IOException("disk full");
        }));
        assertEquals("disk full", failure.getMessage());
        assertEquals("old contents", Files.readString(file));
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void missingDirectoriesAreMade() throws IOException {
        OutputFile.write(dir.resolve("a/b/out.bin"), new byte[] {1, 2});
        assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(dir.resolve("a/b/out.bin")));
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws IOException {
        Path file = Files.writeString(dir.resolve("tool.sh"), "old");
        Assumptions.assumeTrue(file.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-x---"));
        OutputFile.write(file, "new".getBytes(StandardCharsets.US_ASCII));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void writingThroughASymbolicLinkReplacesWhatItPointsAt() throws IOException {
        Path real = Files.writeString(dir.resolve("real.bin"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.bin"), real.getFileName());
        OutputFile.write(link, "new".getBytes(StandardCharsets.US_ASCII));
        assertEquals("new", Files.readString(real));
        assertEquals(true, Files.isSymbolicLink(link));
    }

    @Test
    void aDeviceIsWrittenIntoNotReplaced() throws IOException {
        Path devNull = Path.of("/dev/null");
        Assumptions.assumeTrue(Files.isWritable(devNull));
        OutputFile.write(devNull, new byte[] {1});
        assertEquals(false, Files.isRegularFile(devNull));
    }

    @Test
    void aFileUnderDevThatIsARegularFileIsReplacedLikeAnyOther() throws IOException {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm));
        Path file = Files.createTempFile(shm, "csf-output-test", ".bin");
        try {
            Files.writeString(file, "old contents, longer than the new");
            OutputFile.write(file, "new".getBytes(StandardCharsets.US_ASCII));
            assertEquals("new", Files.readString(file));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void anInputIsRecognisedByIdentityNotBySpelling() throws IOException {
        Path source = Files.writeString(dir.resolve("a.csf"), "NOP\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csf"), source);
        Path hard = Files.createLink(dir.resolve("hard.csf"), source);
        Path other = Files.writeString(dir.resolve("b.csf"), "NOP\n");
        List<Path> inputs = List.of(source.toAbsolutePath());
        assertEquals(source.toAbsolutePath(), OutputFile.overwrittenInput(dir.resolve("./a.csf"), inputs));
        assertEquals(source.toAbsolutePath(), OutputFile.overwrittenInput(link, inputs));
        assertEquals(source.toAbsolutePath(), OutputFile.overwrittenInput(hard, inputs));
        assertNull(OutputFile.overwrittenInput(other, inputs));
        assertNull(OutputFile.overwrittenInput(dir.resolve("new.bin"), inputs));
    }
}
