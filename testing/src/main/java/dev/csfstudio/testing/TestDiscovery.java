package dev.csfstudio.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds test streams: {@code .csf} files under the given paths (directories recursively, in name order) with an
 * {@code .expect} line. Which of them are included by others is only known once they are assembled
 * ({@link TestRun} leaves those out).
 */
public final class TestDiscovery {

    /** An {@code .expect} statement: after labels, before any comment. */
    private static final Pattern EXPECT_LINE = Pattern.compile("^[ \\t]*(?:[A-Za-z_0-9]+:[ \\t]*)*\\.expect\\b",
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);

    /**
     * @param streams  the candidates, each file once, in the order of the paths and then by name
     * @param notTests {@code .csf} files found that have no {@code .expect} (or that the filter left out)
     */
    public record Found(List<TestStream> streams, int notTests) {
    }

    private TestDiscovery() {
    }

    /**
     * @param filter a glob matched against each file's name relative to its path ({@code sub/a*.csf}) and its
     *               own file name; null for all
     * @throws NoSuchFileException for a path that does not exist
     */
    public static Found find(List<Path> paths, String filter) throws IOException {
        PathMatcher matcher = filter == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + filter);
        Map<Path, TestStream> found = new LinkedHashMap<>();
        int notTests = 0;
        for (Path root : paths) {
            if (!Files.exists(root)) {
                throw new NoSuchFileException(root.toString(), null, "no such file or directory");
            }
            List<Path> files = new ArrayList<>();
            if (Files.isDirectory(root)) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(p -> p.getFileName().toString().endsWith(".csf") && Files.isRegularFile(p))
                            .sorted().forEach(files::add);
                }
            } else {
                files.add(root);
            }
            for (Path file : files) {
                String name = Files.isDirectory(root) ? slashes(root.relativize(file)) : file.getFileName().toString();
                boolean wanted = matcher == null || matcher.matches(Path.of(name))
                        || matcher.matches(file.getFileName());
                if (!wanted || !hasExpectation(file)) {
                    notTests++;
                    continue;
                }
                found.putIfAbsent(file.toAbsolutePath().normalize(), new TestStream(file, name, file.normalize().toString()));
            }
        }
        return new Found(List.copyOf(found.values()), notTests);
    }

    /** Whether {@code file}'s text has an {@code .expect} line (an unreadable file is left to the assembler). */
    static boolean hasExpectation(Path file) {
        try {
            return EXPECT_LINE.matcher(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).find();
        } catch (IOException | OutOfMemoryError e) {
            return true;
        }
    }

    private static String slashes(Path relative) {
        return relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
    }
}
