package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding, running and reporting many test streams in one process. */
class TestRunTest {

    @TempDir
    Path dir;

    private TestRun.Summary run(TestOptions options, String filter, Path... paths) throws IOException {
        return TestRun.run(TestDiscovery.find(List.of(paths), filter), options.withArtifacts(dir.resolve("out")), r -> { });
    }

    private TestRun.Summary run(Path... paths) throws IOException {
        return run(TestOptions.defaults(), null, paths);
    }

    @Test
    void resultsComeInStreamOrderWhateverFinishesFirst() throws IOException {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // the first streams loop longest, so later ones finish first on a pool of four
            String loop = ".stream main\n    MOVE32 r4, #" + (2000 - i * 100) + "\n1:  ADD_IMMEDIATE32 r4, r4, #-1\n"
                    + "    BRANCH.ne r4, 1b\n.expect r4 == 0\n";
            names.add(String.format("s%02d.csf", i));
            Streams.write(dir, names.get(i), loop);
        }
        List<String> seen = new ArrayList<>();
        TestRun.Summary s = TestRun.run(TestDiscovery.find(List.of(dir), null), TestOptions.defaults().withThreads(4),
                r -> seen.add(r.stream().name()));
        assertEquals(names, seen);
        assertEquals("20 passed, 0 failed", s.line());
    }

    @Test
    void filesWithoutExpectationsAndIncludedFilesAreSkipped() throws IOException {
        Streams.write(dir, "a.csf", ".include \"common.csf\"\n.expect r4 == 7\n");
        Streams.write(dir, "common.csf", Streams.RED + ".expect status ok\n");
        Streams.write(dir, "plain.csf", Streams.RED);
        TestRun.Summary s = run(dir);
        assertEquals(List.of("a.csf"), s.results().stream().map(r -> r.stream().name()).toList());
        assertEquals("1 passed, 0 failed, 2 skipped", s.line());
    }

    @Test
    void theFilterMatchesRelativePathsAndFileNames() throws IOException {
        Streams.write(dir, "run-a.csf", Streams.RED + ".expect r4 == 7\n");
        Streams.write(dir, "sub/run-b.csf", Streams.RED + ".expect r4 == 7\n");
        Streams.write(dir, "asm-c.csf", Streams.RED + ".expect r4 == 7\n");
        assertEquals(List.of("run-a.csf", "sub/run-b.csf"),
                run(TestOptions.defaults(), "run-*", dir).results().stream().map(r -> r.stream().name()).toList());
        assertEquals(List.of("sub/run-b.csf"),
                run(TestOptions.defaults(), "sub/**", dir).results().stream().map(r -> r.stream().name()).toList());
    }

    @Test
    void aStreamThatDoesNotAssembleFailsWithItsDiagnostics() throws IOException {
        Streams.write(dir, "bad.csf", ".expect r4 == 7\n    BRNCH r4, #0\n");
        TestResult r = run(dir).results().get(0);
        assertFalse(r.passed());
        assertTrue(r.failureLines().get(0).endsWith("bad.csf: does not assemble:"), r.failureLines()::toString);
        assertTrue(r.failureLines().get(1).contains("bad.csf:2:5: error: unknown mnemonic 'BRNCH'"),
                r.failureLines()::toString);
    }

    @Test
    void failureLinesSayFileLineExpectedAndGot() throws IOException {
        Path f = Streams.write(dir, "f.csf", Streams.RED + ".expect r4 == 5\n.expect r4 == 7\n");
        TestResult r = run(f).results().get(0);
        assertEquals(List.of(Locations.display(f) + ":11: r4 == 5: got 7 (0x7), expected 5 (0x5)"), r.failureLines());
    }

    @Test
    void anImageMismatchWritesActualExpectedAndDiff() throws IOException {
        Path f = Streams.write(dir, "img.csf", Streams.RED + ".expect image color == \"golden.png\"\n");
        assertEquals("1 passed, 0 failed", run(TestOptions.defaults().withUpdateGolden(true), null, f).line());
        assertTrue(Files.exists(dir.resolve("golden.png")));
        assertEquals("1 passed, 0 failed", run(f).line());
        Files.writeString(f, Streams.clear("0xff00ff00") + ".expect image color == \"golden.png\"\n");
        TestResult r = run(f).results().get(0);
        assertFalse(r.passed());
        assertTrue(r.failureLines().get(0).endsWith(":11: image color == \"golden.png\": got 256 of 256 pixels"
                + " differing"), r.failureLines()::toString);
        Path out = dir.resolve("out/img.csf".replace(".csf", "")).resolve("color");
        for (String png : List.of("actual.png", "expected.png", "diff.png")) {
            assertEquals(16, ImageIO.read(out.resolve(png).toFile()).getWidth(), png);
        }
        assertEquals(0xffff0000, ImageIO.read(out.resolve("diff.png").toFile()).getRGB(0, 0)); // red: differs
        assertEquals(0xff00ff00, ImageIO.read(out.resolve("actual.png").toFile()).getRGB(0, 0));
    }

    @Test
    void aToleranceAllowsSmallDifferences() throws IOException {
        Path f = Streams.write(dir, "img.csf", Streams.RED + ".expect image color == \"golden.png\", tolerance=2\n");
        run(TestOptions.defaults().withUpdateGolden(true), null, f);
        Files.writeString(f, Streams.clear("0xff0002fd") + ".expect image color == \"golden.png\", tolerance=2\n");
        assertEquals("1 passed, 0 failed", run(f).line());
        Files.writeString(f, Streams.clear("0xff0003fc") + ".expect image color == \"golden.png\", tolerance=2\n");
        assertEquals("0 passed, 1 failed", run(f).line());
    }

    @Test
    void junitXmlHasATestcasePerStreamWithTheFailureLine() throws IOException {
        Streams.write(dir, "ok.csf", Streams.RED + ".expect r4 == 7\n");
        Streams.write(dir, "sub/no.csf", Streams.RED + ".expect r4 == 5\n");
        String xml = JUnitReport.xml("csf", run(dir));
        assertTrue(xml.contains("<testsuite name=\"csf\" tests=\"2\" failures=\"1\""), xml);
        assertTrue(xml.contains("<testcase name=\"ok.csf\" classname=\"csf\""), xml);
        assertTrue(xml.contains("<testcase name=\"no.csf\" classname=\"csf.sub\""), xml);
        assertTrue(xml.contains("no.csf:11: r4 == 5: got 7 (0x7), expected 5 (0x5)\" type=\"expectation\">"), xml);
    }
}
