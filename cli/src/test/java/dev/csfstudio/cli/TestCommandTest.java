package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csf test}: exit codes, failure lines, the summary and its options, as a user runs it. */
class TestCommandTest {

    private static final String CLEAR = """
            .buffer color, size=16 * 16 * 4
            .buffer fb, align=64
            fbd:    .fbd width=16, height=16
                    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=0xff0000ff
            .stream main
                    MOVE48 d40, fbd(fbd)
                    MOVE32 r43, 15 | 15 << 16
                    RUN_FRAGMENT
                    MOVE32 r4, #0
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, text);
    }

    @Test
    void allPassingExitsZeroWithTheSummary() throws IOException {
        write("a.csf", CLEAR + ".expect r4 == 0\n.expect pixel color(3, 4) == (255, 0, 0, 255)\n");
        CsfInvocation r = CsfInvocation.run("test", dir.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("1 passed, 0 failed\n", r.out());
    }

    @Test
    void aFailureIsPrintedAsFileLineExpectedGotAndExitsOne() throws IOException {
        Path f = write("b.csf", CLEAR + ".expect r4 == 5\n");
        CsfInvocation r = CsfInvocation.run("test", f.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains("b.csf:10: r4 == 5: got 0 (0x0), expected 5 (0x5)\n"), r.out());
        assertTrue(r.out().endsWith("0 passed, 1 failed\n"), r.out());
        assertTrue(r.clean(), r.out() + r.err());
    }

    @Test
    void junitXmlIsWrittenAndFilterAndJobsApply() throws IOException {
        write("run-a.csf", CLEAR + ".expect r4 == 0\n");
        write("other.csf", CLEAR + ".expect r4 == 1\n");
        Path xml = dir.resolve("reports/junit.xml");
        CsfInvocation r = CsfInvocation.run("test", dir.toString(), "--filter", "run-*", "-j", "1", "--junit",
                xml.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("1 passed, 0 failed, 1 skipped\n", r.out());
        assertTrue(Files.readString(xml).contains("<testcase name=\"run-a.csf\""));
    }

    @Test
    void updateGoldenWritesTheGoldenThatTheNextRunComparesWith() throws IOException {
        write("img.csf", CLEAR + ".expect image color == \"golden/red16.png\"\n");
        CsfInvocation missing = CsfInvocation.run("test", dir.toString());
        assertEquals(1, missing.exitCode());
        assertTrue(missing.out().contains("golden image") && missing.out().contains("--update-golden"), missing.out());
        CsfInvocation update = CsfInvocation.run("test", dir.toString(), "--update-golden");
        assertEquals(0, update.exitCode(), update.out());
        assertTrue(Files.isRegularFile(dir.resolve("golden/red16.png")));
        assertEquals(0, CsfInvocation.run("test", dir.toString()).exitCode());
    }

    @Test
    void badUsageIsAClearError() {
        CsfInvocation missing = CsfInvocation.run("test", dir.resolve("nope").toString());
        assertEquals(1, missing.exitCode());
        assertTrue(missing.err().contains("nope: no such file or directory"), missing.err());
        CsfInvocation jobs = CsfInvocation.run("test", dir.toString(), "-j", "0");
        assertEquals(1, jobs.exitCode());
        assertTrue(jobs.err().contains("-j 0 must be at least 1"), jobs.err());
    }

    private static void refused(CsfInvocation r, String message) {
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(message), r.err());
        assertTrue(r.clean(), r.out() + r.err());
    }

    @Test
    void junitOntoAnIncludeIsRefusedAndTheIncludeKept() throws IOException {
        Path defs = write("defs.inc", ".equ ZERO, 0\n");
        write("a.csf", ".include \"defs.inc\"\n" + CLEAR + ".expect r4 == ZERO\n");
        refused(CsfInvocation.run("test", dir.toString(), "--junit", defs.toString()),
                "--junit " + defs + " would overwrite the input " + defs + ": refusing; choose another output file");
        assertEquals(".equ ZERO, 0\n", Files.readString(defs));
    }

    @Test
    void junitOntoAGoldenIsRefused() throws IOException {
        write("img.csf", CLEAR + ".expect image color == \"red.png\"\n");
        assertEquals(0, CsfInvocation.run("test", dir.toString(), "--update-golden").exitCode());
        byte[] golden = Files.readAllBytes(dir.resolve("red.png"));
        refused(CsfInvocation.run("test", dir.toString(), "--junit", dir.resolve("red.png").toString()),
                "would overwrite the input " + dir.resolve("red.png"));
        assertArrayEquals(golden, Files.readAllBytes(dir.resolve("red.png")));
    }

    @Test
    void junitOntoAnotherSourceOfTheTreeIsRefused() throws IOException {
        write("a.csf", CLEAR + ".expect r4 == 0\n");
        Path plain = write("plain.csf", "    NOP\n");
        refused(CsfInvocation.run("test", dir.resolve("a.csf").toString(), "--junit", plain.toString()),
                "--junit " + plain + " names a .csf source: refusing; choose another output file");
        assertEquals("    NOP\n", Files.readString(plain));
    }

    @Test
    void outMustNameADirectoryOfItsOwn() throws IOException {
        write("a.csf", CLEAR + ".expect r4 == 0\n");
        refused(CsfInvocation.run("test", dir.toString(), "--out", "/"), "--out / is the root of the file system:"
                + " refusing to write the failure images there; give a directory of their own (e.g. --out out/test)");
        refused(CsfInvocation.run("test", dir.toString(), "--out", ""),
                "--out '' names no directory; give one for the failure images (e.g. --out out/test)");
    }

    @Test
    void updateGoldenNeverWritesOverTheStream() throws IOException {
        Path f = write("img.csf", CLEAR + ".expect image color == \"img.csf\"\n");
        String text = Files.readString(f);
        CsfInvocation r = CsfInvocation.run("test", dir.toString(), "--update-golden");
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.out().contains(": refusing to write golden " + f + ": it would overwrite the input " + f), r.out());
        assertEquals(text, Files.readString(f));
    }

    @Test
    void anIncludeCycleFailsTheRun() throws IOException {
        write("a.csf", ".include \"b.csf\"\n.expect r4 == 0\n");
        write("b.csf", ".include \"a.csf\"\n.expect r4 == 0\n");
        CsfInvocation r = CsfInvocation.run("test", dir.toString());
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.out().endsWith("0 passed, 2 failed\n"), r.out());
    }

    @Test
    void theRootADeviceAndAFifoAreRefusedBeforeAnythingIsRead() throws Exception {
        refused(CsfInvocation.run("test", "/"), "csf test: error: /: the root of the file system: refusing to search"
                + " all of it; give the directory of the test streams");
        if (Files.exists(Path.of("/dev/zero"))) {
            refused(CsfInvocation.run("test", "/dev/zero"), "/dev/zero: not a regular file or directory");
        }
        Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("pipe.csf").toString()).start();
        assumeTrue(mkfifo.waitFor() == 0, "no mkfifo");
        refused(CsfInvocation.run("test", dir.resolve("pipe.csf").toString()),
                dir.resolve("pipe.csf") + ": not a regular file or directory");
    }
}
