package dev.csfstudio.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import dev.csfstudio.program.output.OutputFile;

/**
 * The test streams that passed in earlier builds, each with a hash of every file its result depended on (the
 * stream, its includes, its golden images), kept beside the test reports: a stream whose files all still have
 * those contents, under the same configuration, passes again without running.
 *
 * @param configuration what else decides a result (the plugin's fingerprint, step budget, timeout)
 * @param passed        by the stream's absolute path: the hash of each input, by absolute path
 */
record TestState(String configuration, Map<String, Map<String, String>> passed) {

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** The state in {@code file}, or an empty one when there is none, it cannot be read or the configuration differs. */
    static TestState read(Path file, String configuration) {
        try {
            TestState s = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), TestState.class);
            if (s != null && s.passed() != null && configuration.equals(s.configuration())) {
                return s;
            }
        } catch (IOException | JsonParseException e) {
            // nothing known: every stream runs
        }
        return new TestState(configuration, Map.of());
    }

    void write(Path file) throws IOException {
        OutputFile.write(file, GSON.toJson(this).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code stream} passed before and none of the files it depended on changed since. */
    boolean current(Path stream) {
        Map<String, String> inputs = passed.get(stream.toAbsolutePath().normalize().toString());
        if (inputs == null || inputs.isEmpty()) {
            return false;
        }
        for (Map.Entry<String, String> input : inputs.entrySet()) {
            if (!input.getValue().equals(BuildRecord.hash(Path.of(input.getKey())))) {
                return false;
            }
        }
        return true;
    }

    /** The files {@code stream}'s last passing result depended on besides itself (empty when unknown). */
    java.util.Set<String> inputsBesides(Path stream) {
        String key = stream.toAbsolutePath().normalize().toString();
        java.util.Set<String> out = new java.util.HashSet<>(passed.getOrDefault(key, Map.of()).keySet());
        out.remove(key);
        return out;
    }
}
