package dev.csfstudio.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.testing.JUnitReport;
import dev.csfstudio.testing.TestDiscovery;
import dev.csfstudio.testing.TestOptions;
import dev.csfstudio.testing.TestResult;
import dev.csfstudio.testing.TestRun;
import dev.csfstudio.testing.TestStream;

/**
 * Runs the project's test streams ({@code src/test/csf/**}{@code /*.csf} with {@code .expect} lines), as
 * {@code csf test} does, and writes the results in Surefire's XML format under {@code target/surefire-reports}.
 * Any failure fails the build with the same {@code file:line: EXPECTATION: got ..., expected ...} lines. A stream that
 * passed before runs again only when it, a file it includes or a golden image it compares with changed.
 */
@Mojo(name = "test", defaultPhase = LifecyclePhase.TEST, threadSafe = true)
public final class TestMojo extends AbstractMojo {

    /** Where the test streams are (searched recursively). */
    @Parameter(defaultValue = "${project.basedir}/src/test/csf", property = "csf.testSourceDirectory")
    private File testSourceDirectory;

    /** Only streams whose path below the directory (sub/a.csf) or whose file name matches this glob. */
    @Parameter(property = "csf.test")
    private String test;

    /** Skips the test streams, as it skips every other test. */
    @Parameter(defaultValue = "false", property = "skipTests")
    private boolean skipTests;

    /** {@code -Dmaven.test.skip=true} skips them too. */
    @Parameter(defaultValue = "false", property = "maven.test.skip")
    private boolean skip;

    /** Report failures without failing the build. */
    @Parameter(defaultValue = "false", property = "maven.test.failure.ignore")
    private boolean testFailureIgnore;

    /** Where the Surefire-format XML ({@code TEST-csf.xml}) and the state of passed streams go. */
    @Parameter(defaultValue = "${project.build.directory}/surefire-reports", property = "csf.reportsDirectory")
    private File reportsDirectory;

    /** Where failed image expectations write actual.png, expected.png and diff.png. */
    @Parameter(defaultValue = "${project.build.directory}/csf-test", property = "csf.testOutputDirectory")
    private File testOutputDirectory;

    /** Streams run at once; 0 = one per core. */
    @Parameter(defaultValue = "0", property = "csf.test.threads")
    private int threads;

    /** The step budget of each stream's run. */
    @Parameter(defaultValue = "10000000", property = "csf.test.steps")
    private long steps;

    /** The wall-clock limit of each stream's run, in seconds. */
    @Parameter(defaultValue = "30", property = "csf.test.timeout")
    private long timeoutSeconds;

    /** Write the golden PNGs of image expectations from the actual images instead of comparing. */
    @Parameter(defaultValue = "false", property = "csf.updateGolden")
    private boolean updateGolden;

    static final String REPORT = "TEST-csf.xml";
    static final String STATE = "csf-test-state.json";

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipTests || skip) {
            getLog().info("csf: test streams are skipped");
            return;
        }
        if (steps < 1 || timeoutSeconds < 1) {
            throw new MojoFailureException("csf: steps (" + steps + ") and timeoutSeconds (" + timeoutSeconds
                    + ") must be at least 1");
        }
        Path dir = testSourceDirectory.toPath();
        if (!Files.isDirectory(dir)) {
            getLog().info("csf: no test streams: " + dir + " does not exist");
            return;
        }
        TestDiscovery.Found found;
        try {
            found = TestDiscovery.find(List.of(dir), test);
        } catch (IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("cannot search " + dir + ": " + e.getMessage(), e);
        }
        String configuration = "csf-maven-plugin " + PluginFingerprint.current() + ", steps " + steps + ", timeout " + timeoutSeconds
                + "s" + (updateGolden ? ", update golden" : "");
        Path reports = reportsDirectory.toPath();
        TestState state = TestState.read(reports.resolve(STATE), configuration);
        Map<TestStream, TestResult> upToDate = new LinkedHashMap<>();
        Set<Path> includedByCurrent = new HashSet<>();
        for (TestStream s : found.streams()) {
            if (!updateGolden && state.current(s.file())) {
                upToDate.put(s, new TestResult(s, true, List.of(), "", "", List.of(), List.of(), 0));
                state.inputsBesides(s.file()).forEach(p -> includedByCurrent.add(Path.of(p)));
            }
        }
        List<TestStream> toRun = new ArrayList<>();
        for (TestStream s : found.streams()) {
            if (!upToDate.containsKey(s) && !includedByCurrent.contains(s.file().toAbsolutePath().normalize())) {
                toRun.add(s);
            }
        }
        int skipped = found.notTests() + found.streams().size() - toRun.size() - upToDate.size();
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        TestOptions options = new TestOptions(new RunOptions(steps, Duration.ofSeconds(timeoutSeconds), List.of()),
                threads > 0 ? threads : cores, updateGolden, testOutputDirectory.toPath());
        TestRun.Summary ran = TestRun.run(new TestDiscovery.Found(toRun, 0), options, this::log);

        Map<TestStream, TestResult> byStream = new HashMap<>(upToDate);
        ran.results().forEach(r -> byStream.put(r.stream(), r));
        List<TestResult> all = new ArrayList<>();
        for (TestStream s : found.streams()) {
            if (byStream.containsKey(s)) {
                all.add(byStream.get(s));
            }
        }
        TestRun.Summary summary = new TestRun.Summary(all, skipped);
        try {
            JUnitReport.write(reports.resolve(REPORT), "csf", summary);
            Map<String, Map<String, String>> passed = new LinkedHashMap<>();
            for (TestResult r : all) {
                String key = r.file().toAbsolutePath().normalize().toString();
                if (upToDate.containsKey(r.stream())) {
                    passed.put(key, state.passed().get(key));
                } else if (r.passed()) {
                    Map<String, String> hashes = new LinkedHashMap<>();
                    r.inputs().forEach(p -> hashes.put(p.toAbsolutePath().normalize().toString(), BuildRecord.hash(p)));
                    passed.put(key, hashes);
                }
            }
            new TestState(configuration, passed).write(reports.resolve(STATE));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the test reports to " + reports + ": " + e.getMessage(), e);
        }
        getLog().info("csf: " + summary.line() + (upToDate.isEmpty() ? "" : " (" + upToDate.size()
                + " up to date, not run again)") + "; report " + reports.resolve(REPORT));
        if (summary.failed() > 0) {
            String message = summary.failed() + " CSF test stream(s) failed; see the lines above";
            if (testFailureIgnore) {
                getLog().warn("csf: " + message);
            } else {
                throw new MojoFailureException(message);
            }
        }
    }

    private void log(TestResult r) {
        r.failureLines().forEach(line -> getLog().error(line));
        r.notes().forEach(line -> getLog().info(line));
    }
}
