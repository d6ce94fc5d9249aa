package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * What the tests of the README's editor configurations share: the configuration exactly as printed (only the
 * launcher path filled in), the editor found on the PATH, and one headless run of it that writes a JSON report.
 */
final class ReadmeEditorConfig {

    /** The launcher path every configuration in the README names, once, for the reader to replace. */
    static final String PLACEHOLDER = "/path/to/csf-studio/csf";

    /** A stream with one error: the unknown mnemonic on line 3, column 5 (1-based). */
    static final String BROKEN_STREAM = ".stream main\n    MOVE32 r1, #1\n    BRNCH.ne r4, 0\n";
    /** A stream to hover in: MOVE32 on line 2. */
    static final String HOVER_STREAM = ".stream main\n    MOVE32 r1, #1\n";
    /** A stream to complete in: line 3 ends in the prefix MOVE, which MOVE32 and MOVE48 complete. */
    static final String COMPLETION_STREAM = ".stream main\n    MOVE32 r1, #1\n    MOVE\n";

    private ReadmeEditorConfig() {
    }

    /** Skips the calling test class, loudly, when {@code program} is not on the PATH. */
    static void assumeOnPath(String program, String testName, String debianPackages) {
        boolean found = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, program));
        }
        if (!found) {
            System.err.printf("%n*** SKIPPED %s: no %s on the PATH (apt-get install %s) ***%n%n", testName, program,
                    debianPackages);
        }
        assumeTrue(found, "no " + program + " on the PATH (apt-get install " + debianPackages + ")");
    }

    /**
     * The README's {@code ```language} block whose first line starts with {@code firstLine}, with the launcher
     * path filled in, written to {@code target}.
     */
    static Path write(String language, String firstLine, Path target) throws IOException {
        String readme = Files.readString(Path.of(System.getProperty("csf.readme", "../README.md")));
        Matcher block = Pattern.compile("```" + Pattern.quote(language) + "\\n(.*?)```", Pattern.DOTALL)
                .matcher(readme);
        while (block.find()) {
            String text = block.group(1);
            if (text.startsWith(firstLine)) {
                assertEquals(1, text.split(Pattern.quote(PLACEHOLDER), -1).length - 1, "the launcher path, once");
                Path launcher = Path.of(System.getProperty("csf.launcher", "../csf")).toAbsolutePath().normalize();
                return Files.writeString(target, text.replace(PLACEHOLDER, launcher.toString()));
            }
        }
        return fail("no ```" + language + " block starting with '" + firstLine + "' in the README");
    }

    /**
     * Runs an editor to its end (two minutes at most) in {@code directory}, with XDG directories below
     * {@code home} so that no configuration of the machine's user takes part (HOME stays: the launcher may build
     * with the user's Maven repository), and reads the JSON report its script wrote to the file named by the
     * environment variable {@code CSF_EDITOR_REPORT}.
     */
    static JsonObject run(List<String> command, Path directory, Path home) throws IOException, InterruptedException {
        Path report = directory.resolve("report.json");
        Files.deleteIfExists(report);
        Path stderr = home.resolve("editor.err");
        ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile());
        for (String xdg : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
            pb.environment().put(xdg, home.resolve(xdg.toLowerCase()).toString());
        }
        pb.environment().put("CSF_EDITOR_REPORT", report.toString());
        Process editor = pb.start();
        if (!editor.waitFor(120, TimeUnit.SECONDS)) {
            editor.destroyForcibly().waitFor();
        }
        assertTrue(Files.exists(report), command.get(0) + " wrote no report; its stderr: " + Files.readString(stderr));
        return JsonParser.parseString(Files.readString(report)).getAsJsonObject();
    }
}
