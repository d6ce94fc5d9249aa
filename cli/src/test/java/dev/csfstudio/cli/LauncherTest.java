package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
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
        return launch(offlineBuild, onlineBuild, noCds, Map.of(), args);
    }

    private Launch launch(String offlineBuild, String onlineBuild, boolean noCds, Map<String, String> env,
            String... args) throws IOException, InterruptedException {
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
        fakeJava(bin.resolve("java"), "java-calls.txt");
        List<String> command = new java.util.ArrayList<>(List.of("bash", root.resolve("csf").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("CSF_JAVA");
        pb.environment().remove("JAVA_HOME");
        if (noCds) {
            pb.environment().put("CSF_NO_CDS", "1");
        } else {
            pb.environment().remove("CSF_NO_CDS");
        }
        pb.environment().putAll(env);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher did not end");
        Path calls = root.resolve("calls.txt");
        return new Launch(p.exitValue(), err, Files.exists(calls) ? Files.readAllLines(calls) : List.of());
    }

    /**
     * A java that records its arguments in {@code calls} beside its bin directory and, as -Xshare:dump, writes
     * the archive it was asked for.
     */
    private static void fakeJava(Path file, String calls) throws IOException {
        Files.createDirectories(file.getParent());
        executable(file, """
                #!/usr/bin/env bash
                echo "$*" >> "$(dirname "$0")/../%s"
                for a; do [[ $a == -XX:SharedArchiveFile=* && " $* " == *" -Xshare:dump "* ]] && : > "${a#*=}"; done
                echo 'csf 0.1.0-SNAPSHOT'
                """.formatted(calls));
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

    /** Lets the background archive dumps of a test end before its directory is removed. */
    @AfterEach
    void waitForBackgroundDumps() throws Exception {
        Path target = root.resolve("cli/target");
        Thread.sleep(200); // a dump the launcher has just forked may not have written its temporary file yet
        for (int i = 0; i < 100 && Files.isDirectory(target); i++) {
            try (var files = Files.list(target)) {
                if (files.noneMatch(f -> f.toString().endsWith(".classlist") || f.toString().endsWith(".tmp"))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
    }

    /** The class-data archives of a command, made in the background: waits until one appears. */
    private List<Path> archives(String command) throws IOException, InterruptedException {
        Path target = root.resolve("cli/target");
        for (int i = 0; i < 100; i++) {
            try (var files = Files.list(target)) {
                List<Path> found = files.filter(f -> f.getFileName().toString().matches("csf-" + command + "-\\d+\\.jsa"))
                        .toList();
                if (!found.isEmpty()) {
                    return found;
                }
            }
            Thread.sleep(100);
        }
        return List.of();
    }

    private String javaCalls(String name) throws IOException {
        Path calls = root.resolve(name);
        return Files.exists(calls) ? Files.readString(calls) : "";
    }

    @Test
    void firstRunOfACommandRecordsItsClassesAndLaterRunsShareTheArchive() throws Exception {
        launch("true", "true", false, "run", "x.csf");
        List<Path> archives = archives("run");
        assertEquals(1, archives.size(), "no class-data archive");
        Files.delete(root.resolve("java-calls.txt"));
        launch("true", "true", false, "run", "x.csf");
        String calls = javaCalls("java-calls.txt");
        assertTrue(calls.contains("-Xshare:auto -XX:SharedArchiveFile=" + archives.get(0)), calls);
        assertFalse(calls.contains("DumpLoadedClassList"), calls);
    }

    @Test
    void archiveOlderThanTheJarIsRecordedAgainAndTheCommandStillRuns() throws Exception {
        launch("true", "true", false, "run", "x.csf");
        Path archive = archives("run").get(0);
        Files.setLastModifiedTime(archive, FileTime.fromMillis(
                Files.getLastModifiedTime(root.resolve("cli/target/csf.jar")).toMillis() - 60_000));
        Files.delete(root.resolve("java-calls.txt"));
        Launch again = launch("true", "true", false, "run", "x.csf");
        assertEquals(0, again.exitCode(), again.err());
        String calls = javaCalls("java-calls.txt");
        assertTrue(calls.contains("-XX:DumpLoadedClassList=") && calls.contains("run x.csf"), calls);
        assertFalse(calls.contains("-XX:SharedArchiveFile=" + archive + " "), calls);
    }

    @Test
    void archiveOlderThanItsJvmsClassImageIsRecordedAgain() throws Exception {
        launch("true", "true", false, "run", "x.csf");
        Path archive = archives("run").get(0);
        Path image = Files.createDirectories(root.resolve("lib")).resolve("modules");
        Files.writeString(image, "a JVM updated in place");
        Files.setLastModifiedTime(image, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() + 60_000));
        Files.delete(root.resolve("java-calls.txt"));
        launch("true", "true", false, "run", "x.csf");
        assertTrue(javaCalls("java-calls.txt").contains("-XX:DumpLoadedClassList="), javaCalls("java-calls.txt"));
    }

    @Test
    void withoutClassDataSharingTheCommandRunsWithNoArchive() throws Exception {
        Launch l = launch("true", "true", true, "run", "x.csf");
        assertEquals(0, l.exitCode(), l.err());
        String calls = javaCalls("java-calls.txt");
        assertTrue(calls.contains("-jar " + root.resolve("cli/target/csf.jar") + " run x.csf"), calls);
        assertFalse(calls.contains("Xshare") || calls.contains("DumpLoadedClassList"), calls);
        assertEquals(List.of(), archives("run"));
    }

    @Test
    void csfJavaChoosesTheJvmOverJavaHomeAndPathAndGetsArchivesOfItsOwn() throws Exception {
        fakeJava(root.resolve("other-jdk/bin/java"), "other-calls.txt");
        fakeJava(root.resolve("home-jdk/bin/java"), "home-calls.txt");
        launch("true", "true", false, "run", "x.csf");
        List<Path> pathArchives = archives("run");
        Launch l = launch("true", "true", false, Map.of("CSF_JAVA", root.resolve("other-jdk/bin/java").toString(),
                "JAVA_HOME", root.resolve("home-jdk").toString()), "run", "x.csf");
        assertEquals(0, l.exitCode(), l.err());
        assertTrue(Files.readString(root.resolve("other-jdk/other-calls.txt")).contains("run x.csf"));
        assertFalse(Files.exists(root.resolve("home-jdk/home-calls.txt")));
        List<Path> all = new java.util.ArrayList<>();
        for (int i = 0; i < 100 && all.size() < 2; i++) {
            all = archives("run");
            Thread.sleep(50);
        }
        assertEquals(2, all.size(), "one archive per JVM: " + all + " (first JVM's: " + pathArchives + ")");
    }

    @Test
    void aJavaReachedThroughALinkSharesTheArchiveOfTheJvmItLeadsToUntilTheLinkMoves() throws Exception {
        Path jdkA = root.resolve("jdk-a/bin/java");
        fakeJava(jdkA, "a-calls.txt");
        fakeJava(root.resolve("jdk-b/bin/java"), "b-calls.txt");
        Path link = Files.createDirectories(root.resolve("links")).resolve("java");
        Files.createSymbolicLink(link, jdkA);
        launch("true", "true", false, Map.of("CSF_JAVA", link.toString()), "run", "x.csf");
        List<Path> archives = archives("run");
        assertEquals(1, archives.size(), "no class-data archive");
        String shared = "-XX:SharedArchiveFile=" + archives.get(0) + " ";

        launch("true", "true", false, Map.of("CSF_JAVA", jdkA.toString()), "run", "x.csf");
        String direct = javaCalls("jdk-a/a-calls.txt"); // the fake writes beside the path it was started by
        assertTrue(direct.contains(shared), "the JVM named directly: " + direct);

        Files.delete(link);
        Files.createSymbolicLink(link, root.resolve("jdk-b/bin/java"));
        launch("true", "true", false, Map.of("CSF_JAVA", link.toString()), "run", "x.csf");
        String calls = javaCalls("b-calls.txt");
        assertTrue(calls.contains("-XX:DumpLoadedClassList="), "the JVM the link now leads to records its own: " + calls);
        assertFalse(calls.contains(shared), calls);
    }

    @Test
    void javaHomeChoosesTheJvmOverPath() throws Exception {
        fakeJava(root.resolve("home-jdk/bin/java"), "home-calls.txt");
        Launch l = launch("true", "true", true, Map.of("JAVA_HOME", root.resolve("home-jdk").toString()),
                "asm", "x.csf");
        assertEquals(0, l.exitCode(), l.err());
        assertTrue(Files.readString(root.resolve("home-jdk/home-calls.txt")).contains("asm x.csf"));
        assertEquals("", javaCalls("java-calls.txt"));
    }

    @Test
    void aCsfJavaThatIsNoJavaIsAClearError() throws Exception {
        Launch l = launch("true", "true", true, Map.of("CSF_JAVA", root.resolve("no-such/java").toString()),
                "run", "x.csf");
        assertEquals(1, l.exitCode());
        assertTrue(l.err().contains("csf: no Java found at CSF_JAVA=" + root.resolve("no-such/java")), l.err());
        assertTrue(l.err().contains("Java 17 or later"), l.err());
    }

    @Test
    void batchCommandsStartWithTheMeasuredOptionsAndUserOptionsComeLast() throws Exception {
        launch("true", "true", true, Map.of("CSF_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), "run", "x.csf");
        launch("true", "true", true, "disasm", "x.bin");
        List<String> calls = Files.readAllLines(root.resolve("java-calls.txt"));
        String run = calls.stream().filter(c -> c.endsWith("run x.csf")).findFirst().orElseThrow();
        assertTrue(run.indexOf("-XX:TieredStopAtLevel=1") < run.indexOf("-XX:TieredStopAtLevel=4"), run);
        // run keeps G1, the only collector whose class-data archive holds the module graph on Java 17
        assertTrue(!run.contains("-XX:+UseParallelGC") && run.contains("-XX:-UsePerfData"), run);
        String disasm = calls.stream().filter(c -> c.endsWith("disasm x.bin")).findFirst().orElseThrow();
        assertTrue(disasm.contains("-XX:MaxNewSize=32m") && disasm.contains("-XX:+UseParallelGC"), disasm);
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
