package dev.csfstudio.testing;

import dev.csfstudio.asm.AssemblerOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashMap;
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
     * @throws FileSystemException for a path that is the file system's root or neither a directory nor a regular
     *                             file (a device, a FIFO: never read), its reason one sentence
     */
    public static Found find(List<Path> paths, String filter) throws IOException {
        PathMatcher matcher = filter == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + filter);
        Map<Path, TestStream> found = new LinkedHashMap<>();
        int notTests = 0;
        for (Path root : paths) {
            if (!Files.exists(root)) {
                throw new NoSuchFileException(root.toString(), null, "no such file or directory");
            }
            if (root.toAbsolutePath().normalize().getNameCount() == 0) {
                throw new FileSystemException(root.toString(), null, "the root of the file system: refusing to search"
                        + " all of it; give the directory of the test streams");
            }
            boolean directory = Files.isDirectory(root);
            if (!directory && !Files.isRegularFile(root)) {
                throw new FileSystemException(root.toString(), null, "not a regular file or directory (a device or"
                        + " FIFO is never read as a test stream)");
            }
            List<Path> files = new ArrayList<>();
            if (directory) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(p -> p.getNameCount() > 0 && p.getFileName().toString().endsWith(".csf")
                            && Files.isRegularFile(p)).sorted().forEach(files::add);
                }
            } else {
                files.add(root);
            }
            Path tree = (directory ? root : root.toAbsolutePath().getParent()).toAbsolutePath().normalize();
            for (Path file : files) {
                String name = directory ? slashes(root.relativize(file)) : file.getFileName().toString();
                boolean wanted = matcher == null || matcher.matches(Path.of(name))
                        || matcher.matches(file.getFileName());
                if (!wanted || !hasExpectation(file)) {
                    notTests++;
                    continue;
                }
                found.putIfAbsent(file.toAbsolutePath().normalize(),
                        new TestStream(file, name, file.normalize().toString(), tree));
            }
        }
        return new Found(distinctNames(List.copyOf(found.values())), notTests);
    }

    /**
     * The streams with the names two or more of them share (found under different paths) replaced by their whole
     * paths: relative to the working directory when below it, else absolute without the root.
     */
    private static List<TestStream> distinctNames(List<TestStream> streams) {
        Map<String, Integer> uses = new HashMap<>();
        streams.forEach(s -> uses.merge(s.name(), 1, Integer::sum));
        List<TestStream> out = new ArrayList<>(streams.size());
        for (TestStream s : streams) {
            out.add(uses.get(s.name()) == 1 ? s : new TestStream(s.file(), wholeName(s.file()), s.reported(), s.tree()));
        }
        return out;
    }

    private static String wholeName(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path here = Path.of("").toAbsolutePath().normalize();
        return slashes(abs.startsWith(here) ? here.relativize(abs) : abs.getRoot().relativize(abs));
    }

    /**
     * Whether {@code file}'s text has an {@code .expect} line (an unreadable file, or one past the assembler's
     * source limit, is left to the assembler).
     */
    static boolean hasExpectation(Path file) {
        try {
            if (Files.size(file) > AssemblerOptions.DEFAULT_MAX_SOURCE_BYTES) {
                return true; // the assembler reports the limit
            }
            return EXPECT_LINE.matcher(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).find();
        } catch (IOException | OutOfMemoryError e) {
            return true;
        }
    }

    private static String slashes(Path relative) {
        return relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
    }
}
