package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An image comparison costs memory the render target bounds: a golden larger than the target is judged by its
 * header alone, a target past csf run's PNG limit is not read, and whatever goes wrong inside one stream is that
 * stream's result, the others' results and the summary stay.
 */
class BoundedComparisonTest {

    @TempDir
    Path dir;

    private TestRun.Summary run(Path... paths) throws IOException {
        return Streams.run(dir, TestOptions.defaults(), paths);
    }

    /** A PNG signature and an IHDR header stating {@code width} x {@code height}, and no pixel data at all. */
    private static byte[] pngHeader(int width, int height) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        out.writeInt(13);
        out.writeBytes("IHDR");
        out.writeInt(width);
        out.writeInt(height);
        out.write(new byte[] {8, 6, 0, 0, 0});
        out.writeInt(0); // a CRC nobody checks before the size is refused
        return bytes.toByteArray();
    }

    @Test
    void aGoldenLargerThanTheTargetIsRefusedByItsHeaderWithoutDecoding() throws IOException {
        Files.write(dir.resolve("huge.png"), pngHeader(20000, 20000));
        Path f = Streams.write(dir, "img.csf", Streams.RED + ".expect image color == \"huge.png\"\n");
        TestResult r = run(f).results().get(0);
        assertEquals(List.of(Locations.display(f) + ":11: image color == \"huge.png\": got a 16x16 image,"
                + " the golden is 20000x20000 (larger than the target: not compared)"), r.failureLines());
    }

    @Test
    void aGoldenThatIsNoPngSaysSo() throws IOException {
        Files.writeString(dir.resolve("text.png"), "not an image at all\n");
        Path f = Streams.write(dir, "img.csf", Streams.RED + ".expect image color == \"text.png\"\n");
        String line = run(f).results().get(0).failureLines().get(0);
        assertTrue(line.endsWith("the golden " + Locations.display(dir.resolve("text.png"))
                + " cannot be read: not a PNG file"), line);
    }

    /** A 65536x65536 target (4 Gi pixels) of which a 16x16 corner is cleared. */
    private static final String HUGE_TARGET = Streams.target(65536, 65536, "0xff0000ff");

    @Test
    void aTargetPastTheImageLimitFailsItsPixelExpectationWithoutReadingIt() throws IOException {
        Path f = Streams.write(dir, "big.csf", HUGE_TARGET + ".expect pixel color(0, 0) == (255, 0, 0, 255)\n");
        assertEquals(List.of(Locations.display(f) + ":11: pixel color(0, 0) == (255, 0, 0, 255): got a"
                + " 65536x65536 render target in buffer color, more than the 67108864 pixels (8192x8192) an expectation"
                + " reads, expected (255, 0, 0, 255)"), run(f).results().get(0).failureLines());
    }

    @Test
    void runningOutOfMemoryInsideAStreamIsThatStreamsResult() {
        TestRun.Attempt<String> a = TestRun.attempt(() -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertEquals(null, a.value());
        assertEquals("ran out of memory (Java heap space): give the JVM more (-Xmx) or make the stream's render"
                + " targets and golden images smaller", a.error());
    }

    @Test
    void anUnexpectedExceptionInsideAStreamIsThatStreamsResult() {
        TestRun.Attempt<String> a = TestRun.attempt(() -> {
            throw new IllegalStateException("a broken invariant");
        });
        assertEquals("internal error (java.lang.IllegalStateException: a broken invariant), please report it with"
                + " the stream", a.error());
        TestResult r = TestResult.broken(new TestStream(dir.resolve("s.csf"), "s.csf", "s.csf"), a.error(), 0);
        assertEquals(List.of("s.csf: " + a.error()), r.failureLines());
        assertTrue(JUnitReport.xml("csf", new TestRun.Summary(List.of(r), 0)).contains("type=\"error\""));
    }
}
