package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./csf} launcher with the real jar and JVM, in a copy of its own (its class-data archives go beside
 * that copy's jar): a run is correct with no archive yet, with one, with a stale one and without class-data
 * sharing, and with an archive no class of the jar is verified at run time (picocli's included, whose Java 5
 * class files the build rewrites so that they can be archived verified).
 */
class LauncherArchiveIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("csf.launcher", "../csf"));
    private static final Path CLEAR = LAUNCHER.toAbsolutePath().getParent().resolve("examples/clear.csf");

    @TempDir
    Path root;

    private Path jar;

    @BeforeEach
    void copyLauncherAndJar() throws IOException {
        Files.copy(LAUNCHER, root.resolve("csf"), StandardCopyOption.COPY_ATTRIBUTES);
        jar = Files.createDirectories(root.resolve("cli/target")).resolve("csf.jar");
        Files.copy(Path.of("target", "csf.jar"), jar);
    }

    /** Exit code, stdout and stderr of {@code csf run examples/clear.csf} with the given environment. */
    private String run(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("csf").toString(), "run", CLEAR.toString(),
                "--out", root.resolve("out").toString());
        pb.environment().remove("CSF_NO_CDS");
        pb.environment().remove("CSF_JAVA_OPTS");
        pb.environment().put("CSF_NO_REBUILD", "1");
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "csf run did not end");
        return p.exitValue() + "\n" + out + err;
    }

    private static void assertRanClear(String result) {
        assertTrue(result.startsWith("0\nok: "), result);
        assertTrue(result.contains("-> color.png"), result);
    }

    /** The run's class-data archive once the launcher's background dump has written it. */
    private Path archive() throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            List<Path> found = new ArrayList<>();
            try (var files = Files.list(root.resolve("cli/target"))) {
                files.filter(f -> f.getFileName().toString().matches("csf-run-\\d+\\.jsa")).forEach(found::add);
            }
            if (!found.isEmpty() && Files.getLastModifiedTime(found.get(0)).compareTo(
                    Files.getLastModifiedTime(jar)) > 0) {
                return found.get(0);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no class-data archive was made");
    }

    /** The classes of the jar a run with {@code CSF_JAVA_OPTS} logging verification verified as it ran. */
    private List<String> classesVerifiedAtRunTime(Map<String, String> env) throws Exception {
        Path log = root.resolve("verification.log");
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("CSF_JAVA_OPTS", "-Xlog:verification=info:file=" + log);
        assertRanClear(run(all));
        return Files.readAllLines(log).stream().filter(l -> l.contains("Verifying class "))
                .map(l -> l.substring(l.indexOf("Verifying class ") + "Verifying class ".length()))
                .filter(c -> c.startsWith("picocli.") || c.startsWith("dev.csfstudio.")).toList();
    }

    @AfterEach
    void waitForBackgroundDumps() throws Exception {
        for (int i = 0; i < 300; i++) {
            try (var files = Files.list(root.resolve("cli/target"))) {
                if (files.noneMatch(f -> f.toString().endsWith(".classlist") || f.toString().endsWith(".tmp"))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
    }

    @Test
    void withAnArchiveNoClassOfTheJarIsVerifiedAtRunTime() throws Exception {
        assertRanClear(run(Map.of()));
        archive();
        assertEquals(List.of(), classesVerifiedAtRunTime(Map.of()));
    }

    @Test
    void withoutClassDataSharingPicocliIsVerifiedByTypeChecking() throws Exception {
        List<String> verified = classesVerifiedAtRunTime(Map.of("CSF_NO_CDS", "1"));
        assertTrue(verified.contains("picocli.CommandLine with new format"), verified.toString());
        assertTrue(verified.stream().noneMatch(c -> c.endsWith("old format")), verified.toString());
        try (var files = Files.list(root.resolve("cli/target"))) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".jsa")).toList());
        }
    }

    @Test
    void aStaleArchiveIsMadeAgainAndEveryRunIsCorrect() throws Exception {
        assertRanClear(run(Map.of()));
        Path first = archive();
        assertRanClear(run(Map.of()));
        Files.setLastModifiedTime(first, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertRanClear(run(Map.of()));
        Path again = archive();
        assertRanClear(run(Map.of()));
        assertEquals(List.of(), classesVerifiedAtRunTime(Map.of()), "the archive made again is used: " + again);
    }
}
