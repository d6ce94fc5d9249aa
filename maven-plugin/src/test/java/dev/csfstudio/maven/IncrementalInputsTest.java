package dev.csfstudio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The incremental builds' view of their inputs: a file replaced by a FIFO or a link to a device is changed, and is
 * never opened (it would block or never end); the plugin is known by its classes' contents, not its version.
 */
class IncrementalInputsTest {

    @TempDir
    Path dir;

    private Path mkfifo(Path path) throws Exception {
        Process p = new ProcessBuilder("mkfifo", path.toString()).start();
        assumeTrue(p.waitFor() == 0, "no mkfifo (not POSIX)");
        return path;
    }

    /** A record of {@code main.csf} built from {@code input} as it is now. */
    private BuildRecord recordOf(Path input) throws IOException {
        Path output = Files.writeString(dir.resolve("main.bin"), "output");
        return new BuildRecord("configuration", output.toAbsolutePath().toString(), BuildRecord.hash(output),
                Map.of(input.toAbsolutePath().toString(), BuildRecord.hash(input)), List.of());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anIncludeReplacedByALinkToADeviceIsChangedWithoutBeingRead() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero");
        Path include = Files.writeString(dir.resolve("defs.csf"), ".equ VALUE, 1\n");
        BuildRecord record = recordOf(include);
        assertTrue(record.current(dir.resolve("main.bin"), "configuration"));
        Files.delete(include);
        Files.createSymbolicLink(include, Path.of("/dev/zero"));
        assertEquals("", BuildRecord.hash(include));
        assertFalse(record.current(dir.resolve("main.bin"), "configuration"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aGoldenReplacedByAFifoIsChangedWithoutBeingOpened() throws Exception {
        Path golden = Files.writeString(dir.resolve("red.png"), "png");
        Path stream = Files.writeString(dir.resolve("t.csf"), ".expect image color == \"red.png\"\n");
        String key = stream.toAbsolutePath().normalize().toString();
        TestState state = new TestState("configuration", Map.of(key, Map.of(
                key, BuildRecord.hash(stream), golden.toAbsolutePath().normalize().toString(), BuildRecord.hash(golden))));
        assertTrue(state.current(stream));
        Files.delete(golden);
        mkfifo(golden);
        assertFalse(state.current(stream));
    }

    @Test
    void aDeletedGoldenIsAChange() throws IOException {
        Path golden = Files.writeString(dir.resolve("red.png"), "png");
        BuildRecord record = recordOf(golden);
        Files.delete(golden);
        assertFalse(record.current(dir.resolve("main.bin"), "configuration"));
    }

    @Test
    void theFingerprintFollowsTheClassesContentsNotTheirNames() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/dev/csfstudio"));
        Files.writeString(classes.resolve("A.class"), "version one");
        Path jar = Files.writeString(dir.resolve("csf-assembler-0.1.0-SNAPSHOT.jar"), "jar one");
        List<Path> locations = List.of(dir.resolve("classes"), jar);
        String before = PluginFingerprint.of(locations);
        assertEquals(before, PluginFingerprint.of(locations));
        Files.writeString(classes.resolve("A.class"), "version two");
        String rebuilt = PluginFingerprint.of(locations);
        assertNotEquals(before, rebuilt);
        Files.writeString(jar, "jar two");
        assertNotEquals(rebuilt, PluginFingerprint.of(locations));
    }

    @Test
    void theRunningPluginHasAFingerprintOfItsClasses() throws Exception {
        assertTrue(PluginFingerprint.current().matches("[0-9a-f]{64}"), PluginFingerprint.current());
    }
}
