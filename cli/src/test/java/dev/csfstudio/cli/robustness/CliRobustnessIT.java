package dev.csfstudio.cli.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line's hostile inputs ({@code robustness/cli-cases.txt}), each run as a user runs it: the fat jar
 * in a JVM of its own with a 256 MiB heap and a time bound. Each case ends with its exit code and a message
 * saying what was wrong, no stack trace, and nothing changed outside its working directory.
 */
class CliRobustnessIT {

    /** Generous for a 2-core machine under load; a case that hangs (a FIFO opened) is stopped here. */
    private static final long BOUND_SECONDS = 60;

    record Case(String name, int exit, String message, List<String> args) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() throws IOException {
        List<Case> cases = new ArrayList<>();
        for (String line : lines("cli-cases.txt")) {
            String[] f = line.split("\\|", 4);
            cases.add(new Case(f[0].strip(), Integer.parseInt(f[1].strip()), f[2].strip(), List.of(f[3].strip().split(" +"))));
        }
        return cases;
    }

    /** The resource's lines without comments and blanks. */
    static List<String> lines(String resource) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                CliRobustnessIT.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    /** The inputs: robustness/cli and generated.txt's files, and a FIFO. */
    static Path inputs(Path dir) throws IOException, InterruptedException {
        Path in = dir.resolve("in");
        Forked.copyResources("cli", in);
        for (String line : lines("generated.txt")) {
            int eq = line.indexOf(" = ");
            Files.writeString(in.resolve(line.substring(0, eq)), Forked.expand(line.substring(eq + 3)));
        }
        Forked.mkfifo(in.resolve("fifo"));
        return in;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void endsWithItsMessageInBoundedTimeAndMemoryWritingNothingElse(Case c) throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Forked.JAR), "the fat jar is built by package");
        Path dir = Files.createTempDirectory("csf-robustness");
        try {
            Path in = inputs(dir);
            Path work = Files.createDirectories(dir.resolve("work"));
            List<String> args = new ArrayList<>();
            for (String a : c.args()) {
                args.add(a.replace("{in}", in.toString()).replace("{fifo}", in.resolve("fifo").toString()));
            }
            Map<String, String> before = Forked.snapshot(dir, work);
            long start = System.nanoTime();
            Process p = Forked.start(work, args);
            p.getOutputStream().close();
            Forked.Drain out = new Forked.Drain(p.getInputStream(), 1 << 20);
            Forked.Drain err = new Forked.Drain(p.getErrorStream(), 1 << 20);
            boolean ended = p.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            out.join();
            err.join();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            String printed = out.text() + err.text();
            System.out.printf("robustness cli: %-32s exit %s in %5d ms: %s%n", c.name(), ended ? p.exitValue() : "-",
                    ms, printed.lines().filter(l -> l.contains("error") || l.contains("warning")).findFirst()
                            .orElse(printed.lines().findFirst().orElse("")).replaceFirst("^(.{160}).+$", "$1..."));
            assertTrue(ended, c.name() + ": still running after " + BOUND_SECONDS + " s");
            assertNull(Forked.leak(printed), c.name() + ": a stack trace or exception");
            assertEquals(c.exit(), p.exitValue(), printed);
            assertTrue(printed.contains(c.message()), c.name() + ": no '" + c.message() + "' in\n" + printed);
            assertTrue(out.total() + err.total() < 1 << 20, c.name() + ": " + (out.total() + err.total()) + " bytes printed");
            assertEquals(before, Forked.snapshot(dir, work), c.name() + ": changed a file outside its working directory");
        } finally {
            delete(dir);
        }
    }

    static void delete(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
