package dev.csfstudio.testing;

import java.nio.file.Path;

/**
 * A file that may be a test stream: a {@code .csf} with an {@code .expect} line, found under a path.
 *
 * @param file     the file as found
 * @param name     its path relative to the path it was found under, {@code /}-separated ({@code sub/a.csf}); the
 *                 file's own name when it was given itself
 * @param reported how reports name it: {@code file} as the user gave its path
 */
public record TestStream(Path file, String name, String reported) {

    /** {@link #name} without {@code .csf}: the directory its image diffs go to. */
    public String stem() {
        return name.endsWith(".csf") ? name.substring(0, name.length() - 4) : name;
    }
}
