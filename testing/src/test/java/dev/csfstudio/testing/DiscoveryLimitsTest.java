package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a search and a run of test streams make of hostile paths: an include cycle is a failure, the root of the
 * file system, a device and a FIFO are refused before anything is read, and streams of one name stay apart.
 */
class DiscoveryLimitsTest {

    @TempDir
    Path dir;

    private TestRun.Summary run(Path... paths) throws IOException {
        return Streams.run(dir, TestOptions.defaults(), paths);
    }

    @Test
    void twoStreamsIncludingEachOtherBothFailOnTheCycle() throws IOException {
        Streams.write(dir, "a.csf", ".include \"b.csf\"\n.expect r4 == 0\n");
        Streams.write(dir, "b.csf", ".include \"a.csf\"\n.expect r4 == 0\n");
        TestRun.Summary s = run(dir);
        assertEquals("0 passed, 2 failed", s.line());
        assertTrue(s.results().get(0).failureLines().stream().anyMatch(l -> l.contains("include cycle")),
                s.results().get(0).failureLines()::toString);
    }

    @Test
    void aStreamIncludedByAnotherIsStillNoTestOfItsOwn() throws IOException {
        Streams.write(dir, "a.csf", ".include \"b.csf\"\n.expect r4 == 7\n");
        Streams.write(dir, "b.csf", ".include \"c.csf\"\n.expect status ok\n");
        Streams.write(dir, "c.csf", Streams.RED + ".expect status ok\n");
        assertEquals("1 passed, 0 failed, 2 skipped", run(dir).line());
    }

    @Test
    void theRootOfTheFileSystemIsRefused() {
        FileSystemException e = assertThrows(FileSystemException.class,
                () -> TestDiscovery.find(List.of(Path.of("/")), null));
        assertEquals("/: the root of the file system: refusing to search all of it; give the directory of the test"
                + " streams", e.getMessage());
    }

    @Test
    void aDeviceIsRefusedBeforeItIsRead() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero");
        FileSystemException e = assertThrows(FileSystemException.class, () -> TestDiscovery.find(List.of(zero), null));
        assertEquals("/dev/zero: not a regular file or directory (a device or FIFO is never read as a test stream)",
                e.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoIsRefusedBeforeItIsOpened() throws Exception {
        Path fifo = Fifos.make(dir.resolve("pipe.csf"));
        FileSystemException e = assertThrows(FileSystemException.class, () -> TestDiscovery.find(List.of(fifo), null));
        assertTrue(e.getMessage().startsWith(fifo + ": not a regular file or directory"), e.getMessage());
    }

    @Test
    void aFifoInsideASearchedDirectoryIsPassedOver() throws Exception {
        Fifos.make(dir.resolve("pipe.csf"));
        Streams.write(dir, "a.csf", Streams.RED + ".expect r4 == 7\n");
        assertEquals("1 passed, 0 failed", run(dir).line());
    }

    @Test
    void streamsOfOneFileNameInDifferentFoldersKeepTheirImageDiffsApart() throws IOException {
        for (String folder : List.of("one", "two")) {
            Streams.write(dir, folder + "/golden.png", "");
            Files.write(dir.resolve(folder + "/golden.png"), dev.csfstudio.runtime.PngEncoder.encode(16, 16,
                    new int[256]));
            Streams.write(dir, folder + "/img.csf", Streams.RED + ".expect image color == \"golden.png\"\n");
        }
        TestRun.Summary s = run(dir.resolve("one"), dir.resolve("two"));
        List<String> names = s.results().stream().map(r -> r.stream().name()).toList();
        assertNotEquals(names.get(0), names.get(1));
        for (TestResult r : s.results()) {
            Path actual = dir.resolve("out").resolve(r.stream().stem()).resolve("color/actual.png");
            assertTrue(Files.isRegularFile(actual), actual::toString);
            assertTrue(r.stream().stem().endsWith(r.file().getParent().getFileName() + "/img"), r.stream()::name);
        }
    }
}
