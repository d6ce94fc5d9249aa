package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertTrue(r.out().contains("b.csf:10: expected r4 == 5, got 0 (0x0)\n"), r.out());
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
}
