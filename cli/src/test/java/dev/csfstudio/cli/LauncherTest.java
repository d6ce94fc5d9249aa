package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./csf} launcher's first build, with Maven and Java replaced by scripts that act as they do on a
 * fresh machine: the offline attempt fails for want of downloads, the online one builds the jar.
 */
class LauncherTest {

    private static final String OFFLINE_FAILURE = "[ERROR] Failed to execute goal on project csf-isa: Could not"
            + " resolve dependencies: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode"
            + " and the artifact org.antlr:antlr4-runtime:jar:4.13.2 has not been downloaded from it before.";

    @TempDir
    Path root;

    /** What the launcher printed and which Maven command lines it ran. */
    record Launch(int exitCode, String err, List<String> mavenCalls) {
    }

    /**
     * A copy of the launcher in {@code root} whose mvnw runs the given shell commands for an offline and an
     * online build; one that does not exit makes the jar.
     */
    private Launch launch(String offlineBuild, String onlineBuild) throws IOException, InterruptedException {
        return launch(offlineBuild, onlineBuild, true, "--version");
    }

    private Launch launch(String offlineBuild, String onlineBuild, boolean noCds, String... args)
            throws IOException, InterruptedException {
        Path launcher = Path.of(System.getProperty("csf.launcher", "../csf"));
        Files.copy(launcher, root.resolve("csf"), StandardCopyOption.COPY_ATTRIBUTES,
                StandardCopyOption.REPLACE_EXISTING);
        Files.createDirectories(root.resolve("cli/src/main"));
        executable(root.resolve("mvnw"), """
                #!/usr/bin/env bash
                echo "$*" >> calls.txt
                if [[ " $* " == *" -o "* ]]; then
                %s
                else
                %s
                fi
                mkdir -p cli/target && : > cli/target/csf.jar
                """.formatted(offlineBuild, onlineBuild));
        Path bin = Files.createDirectories(root.resolve("bin"));
        // java: records its arguments; as -Xshare:dump it writes the archive it was asked for
        executable(bin.resolve("java"), """
                #!/usr/bin/env bash
                echo "$*" >> "$(dirname "$0")/../java-calls.txt"
                for a; do [[ $a == -XX:SharedArchiveFile=* && " $* " == *" -Xshare:dump "* ]] && : > "${a#*=}"; done
                echo 'csf 0.1.0-SNAPSHOT'
                """);
        List<String> command = new java.util.ArrayList<>(List.of("bash", root.resolve("csf").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        if (noCds) {
            pb.environment().put("CSF_NO_CDS", "1");
        } else {
            pb.environment().remove("CSF_NO_CDS");
        }
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher did not end");
        Path calls = root.resolve("calls.txt");
        return new Launch(p.exitValue(), err, Files.exists(calls) ? Files.readAllLines(calls) : List.of());
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void firstBuildNeedingDownloadsShowsNoOfflineError() throws Exception {
        Launch l = launch("echo '" + OFFLINE_FAILURE + "'; exit 1", "echo '[INFO] downloading'");
        assertEquals(0, l.exitCode(), l.err());
        assertFalse(l.err().contains("ERROR"), l.err());
        assertFalse(l.err().contains("offline mode"), l.err());
        assertTrue(l.err().contains("fetching its dependencies"), l.err());
        assertEquals(2, l.mavenCalls().size(), l.mavenCalls().toString());
    }

    @Test
    void buildFailingOnlinePrintsMavensError() throws Exception {
        Launch l = launch("echo '" + OFFLINE_FAILURE + "'; exit 1",
                "echo '[ERROR] Could not transfer artifact: Connection refused'; exit 1");
        assertEquals(1, l.exitCode());
        assertTrue(l.err().contains("[ERROR] Could not transfer artifact: Connection refused"), l.err());
        assertTrue(l.err().contains("csf: build failed"), l.err());
    }

    @Test
    void compileErrorIsPrintedWithoutAnOnlineRetry() throws Exception {
        Launch l = launch("echo '[ERROR] Assembler.java:[3,1] class, interface, enum, or record expected'; exit 1",
                "true");
        assertEquals(1, l.exitCode());
        assertTrue(l.err().contains("class, interface, enum, or record expected"), l.err());
        assertEquals(1, l.mavenCalls().size(), l.mavenCalls().toString());
    }

    @Test
    void firstRunOfACommandRecordsItsClassesAndLaterRunsShareTheArchive() throws Exception {
        launch("true", "true", false, "run", "x.csf");
        Path archive = root.resolve("cli/target/csf-run.jsa");
        for (int i = 0; i < 100 && !Files.exists(archive); i++) {
            Thread.sleep(100); // dumped in the background
        }
        assertTrue(Files.exists(archive), "no class-data archive");
        Files.delete(root.resolve("java-calls.txt"));
        launch("true", "true", false, "run", "x.csf");
        String calls = Files.readString(root.resolve("java-calls.txt"));
        assertTrue(calls.contains("-Xshare:auto -XX:SharedArchiveFile=" + archive), calls);
        assertFalse(calls.contains("DumpLoadedClassList"), calls);
    }

    @Test
    void upToDateJarRunsWithoutABuild() throws Exception {
        launch("true", "true");
        Files.delete(root.resolve("calls.txt"));
        Launch again = launch("exit 1", "exit 1");
        assertEquals(0, again.exitCode(), again.err());
        assertEquals(List.of(), again.mavenCalls());
        assertEquals("", again.err());
    }
}
