package dev.csfstudio.maven;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;

/** The source files under a directory that match any of a list of globs (e.g. {@code **}{@code /*.csf}). */
final class SourceSelection {

    private final Path root;
    private final List<PathMatcher> matchers;

    SourceSelection(Path root, List<String> includes) {
        this.root = root;
        this.matchers = includes.stream().map(SourceSelection::matcher).toList();
    }

    private static PathMatcher matcher(String glob) {
        // "**/*.csf" must also match files directly in the root, as Maven users expect.
        String pattern = glob.startsWith("**/") ? "{" + glob.substring(3) + "," + glob + "}" : glob;
        return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    }

    /** Matching regular files in a stable order; none when the directory does not exist. */
    List<Path> files() throws IOException {
        return matching(true);
    }

    /**
     * Matches that are not regular files (a FIFO, a device, a link to one, a broken link): never opened, since
     * reading one could block or never end, but named, so that a source is never left out in silence.
     */
    List<Path> notFiles() throws IOException {
        return matching(false);
    }

    private List<Path> matching(boolean regular) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> !Files.isDirectory(p) && Files.isRegularFile(p) == regular)
                    .filter(p -> matchers.stream().anyMatch(m -> m.matches(root.relativize(p))))
                    .sorted()
                    .toList();
        }
    }
}
