package dev.csfstudio.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import dev.csfstudio.program.output.OutputFile;

/**
 * What one source's last assembly read, wrote and printed, kept beside the outputs: every file it read (the
 * source and its includes, the include graph) and the output, each with a hash of its contents, and the
 * diagnostics it printed. The output is current while every one of those files still has those contents;
 * its warnings are part of the result, so a current output still shows them (and fails a strict build).
 *
 * @param configuration what else decides the output (the plugin's fingerprint, format, architecture)
 * @param inputs        hash of every file the assembly read (the source, its includes, the golden images its
 *                      {@code .expect image} lines name), by absolute path
 * @param printed       the diagnostics as they were printed, in order
 */
record BuildRecord(String configuration, String output, String outputHash, Map<String, String> inputs,
                   List<Printed> printed) {

    /** One printed diagnostic text and whether it is a warning (else an error or note). */
    record Printed(String severity, String text) {
    }

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** The record in {@code file}, or null when there is none or it cannot be read (then nothing is current). */
    static BuildRecord read(Path file) {
        try {
            BuildRecord r = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), BuildRecord.class);
            return r == null || r.inputs() == null || r.printed() == null || r.output() == null ? null : r;
        } catch (IOException | JsonParseException e) {
            return null;
        }
    }

    void write(Path file) throws IOException {
        OutputFile.write(file, GSON.toJson(this).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code output}, made with {@code configuration}, is what assembling the recorded inputs makes now. */
    boolean current(Path outputFile, String configuration) {
        if (!configuration.equals(this.configuration) || !outputFile.toAbsolutePath().toString().equals(output)) {
            return false;
        }
        if (!outputHash.equals(hash(outputFile))) {
            return false; // deleted or changed by someone else
        }
        for (Map.Entry<String, String> input : inputs.entrySet()) {
            if (!input.getValue().equals(hash(Path.of(input.getKey())))) {
                return false;
            }
        }
        return true;
    }

    boolean hasWarnings() {
        return printed.stream().anyMatch(p -> p.severity().equals("warning"));
    }

    /**
     * SHA-256 of a file's contents, or "" when it is not a regular file or cannot be read (never equal to a recorded
     * hash). The type is checked before opening: a FIFO or a link to a device would block or never end.
     */
    static String hash(Path file) {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try {
            MessageDigest digest = PluginFingerprint.sha256();
            PluginFingerprint.add(digest, file);
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            return "";
        }
    }
}
