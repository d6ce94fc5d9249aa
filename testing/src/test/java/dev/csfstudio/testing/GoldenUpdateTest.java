package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --update-golden} writes a golden only where {@link GoldenTarget} allows: never over the stream, an include
 * or another source, never outside the stream's tree, through a link, or onto anything but a regular file.
 */
class GoldenUpdateTest {

    @TempDir
    Path dir;

    /** The red 16x16 clear compared with {@code golden}, in {@code tree/img.csf}. */
    private Path stream(String golden) throws IOException {
        return Streams.write(dir, "tree/img.csf", Streams.RED + ".expect image color == \"" + golden + "\"\n");
    }

    private TestResult update(Path... paths) throws IOException {
        return Streams.run(dir, TestOptions.defaults().withUpdateGolden(true), paths).results().get(0);
    }

    /** The result failed and its note says why the golden was refused. */
    private static void refused(TestResult r, String why) {
        assertFalse(r.passed(), r.notes()::toString);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains(why)), r.notes()::toString);
    }

    @Test
    void aGoldenNamingTheStreamItselfIsRefusedAndTheStreamKept() throws IOException {
        Path f = stream("img.csf");
        String text = Files.readString(f);
        refused(update(dir.resolve("tree")), "refusing to write golden " + Locations.display(f)
                + ": it would overwrite the input " + Locations.display(f));
        assertEquals(text, Files.readString(f));
    }

    @Test
    void aGoldenNamingAnIncludeIsRefused() throws IOException {
        Path defs = Streams.write(dir, "tree/defs.inc", ".equ SEVEN, 7\n");
        Streams.write(dir, "tree/img.csf", ".include \"defs.inc\"\n" + Streams.RED
                + ".expect image color == \"defs.inc\"\n");
        refused(update(dir.resolve("tree")), "it would overwrite the input " + Locations.display(defs));
        assertEquals(".equ SEVEN, 7\n", Files.readString(defs));
    }

    @Test
    void aGoldenNamingAnotherSourceOfTheTreeIsRefused() throws IOException {
        Path other = Streams.write(dir, "tree/other.csf", "    NOP\n");
        stream("other.csf");
        refused(update(dir.resolve("tree")), "it names a .csf source, not a PNG");
        assertEquals("    NOP\n", Files.readString(other));
    }

    @Test
    void aGoldenOutsideTheStreamsTreeIsRefused() throws IOException {
        stream("../outside.png");
        refused(update(dir.resolve("tree")), "refusing to write golden " + Locations.display(dir.resolve("outside.png"))
                + ": it is outside " + Locations.display(dir.resolve("tree")));
        assertFalse(Files.exists(dir.resolve("outside.png")));
    }

    @Test
    void anAbsoluteGoldenOutsideTheTreeIsRefused() throws IOException {
        Path elsewhere = dir.resolve("elsewhere.png");
        stream(elsewhere.toAbsolutePath().toString());
        refused(update(dir.resolve("tree")), "it is outside");
        assertFalse(Files.exists(elsewhere));
    }

    @Test
    void aDirectoryLinkLeadingOutOfTheTreeIsRefused() throws IOException {
        Files.createDirectories(dir.resolve("away"));
        Files.createDirectories(dir.resolve("tree"));
        Files.createSymbolicLink(dir.resolve("tree/golden"), dir.resolve("away"));
        stream("golden/red.png");
        refused(update(dir.resolve("tree")), "it is outside");
        assertFalse(Files.exists(dir.resolve("away/red.png")));
    }

    @Test
    void aGoldenThatIsASymbolicLinkIsRefusedAndItsTargetKept() throws IOException {
        Path target = Streams.write(dir, "tree/kept.txt", "kept\n");
        Files.createSymbolicLink(dir.resolve("tree/red.png"), target);
        stream("red.png");
        refused(update(dir.resolve("tree")), "it is a symbolic link");
        assertEquals("kept\n", Files.readString(target));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoGoldenIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = Fifos.make(dir.resolve("tree/red.png"));
        stream("red.png");
        TestResult r = update(dir.resolve("tree"));
        refused(r, "refusing to write golden " + Locations.display(fifo) + ": it is not a regular file");
    }

    @Test
    void aDirectoryAsGoldenIsRefused() throws IOException {
        Files.createDirectories(dir.resolve("tree/red.png"));
        stream("red.png");
        refused(update(dir.resolve("tree")), "it is not a regular file");
    }

    @Test
    void aNewGoldenInANewFolderOfTheTreeIsWritten() throws IOException {
        stream("golden/sub/red.png");
        TestResult r = update(dir.resolve("tree"));
        assertTrue(r.passed(), r.notes()::toString);
        assertTrue(Files.isRegularFile(dir.resolve("tree/golden/sub/red.png")));
    }

    @Test
    void aStreamGivenItselfMayWriteBesideAndBelowItButNotAbove() throws IOException {
        Path f = stream("red.png");
        assertTrue(update(f).passed());
        Files.writeString(f, Streams.RED + ".expect image color == \"../up.png\"\n");
        refused(update(f), "it is outside " + Locations.display(dir.resolve("tree")));
    }
}
