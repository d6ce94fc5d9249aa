package dev.csfstudio.testing;

import java.nio.file.Path;

/**
 * A file that may be a test stream: a {@code .csf} with an {@code .expect} line, found under a path.
 *
 * @param file     the file as found
 * @param name     its path relative to the path it was found under, {@code /}-separated ({@code sub/a.csf}); the
 *                 file's own name when it was given itself; when two streams of one search would share a name, each
 *                 is named by its whole path instead (so their reports and image diffs stay apart)
 * @param reported how reports name it: {@code file} as the user gave its path
 * @param tree     the directory it was found under (its own directory when it was given itself): the golden images
 *                 its run may write lie below it
 */
public record TestStream(Path file, String name, String reported, Path tree) {

    /** A stream found on its own: its tree is its directory. */
    public TestStream(Path file, String name, String reported) {
        this(file, name, reported, file.toAbsolutePath().normalize().getParent());
    }

    /** {@link #name} without {@code .csf}: the directory its image diffs go to. */
    public String stem() {
        return name.endsWith(".csf") ? name.substring(0, name.length() - 4) : name;
    }
}
