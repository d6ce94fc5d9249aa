package dev.csfstudio.cli.robustness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The robustness suite's ground rules, shared by every surface: {@code csf.jar} in a JVM of its own with a small
 * heap ({@link #HEAP}), hostile inputs copied from the test resources, and what a run may never do: print a
 * Java stack trace or exception, take longer than its bound, or change a file outside the place it was told
 * to write.
 */
final class Forked {

    /** The heap every forked csf gets: the documented limits (256 MiB of source, ...) must hold inside it. */
    static final String HEAP = "-Xmx256m";

    static final Path JAR = Path.of("target", "csf.jar");

    private Forked() {
    }

    /** {@code java -Xmx.. -jar csf.jar args} in {@code cwd}, stdin and stdout as pipes the caller drives. */
    static Process start(Path cwd, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), HEAP,
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-jar", JAR.toAbsolutePath().toString()));
        command.addAll(args);
        return new ProcessBuilder(command).directory(cwd.toFile()).start();
    }

    /** What the process printed on one stream, read on a thread of its own, kept up to {@code limit} bytes. */
    static final class Drain {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread thread;
        private long total;

        Drain(InputStream in, int limit) {
            thread = new Thread(() -> {
                byte[] buf = new byte[65536];
                try {
                    for (int n; (n = in.read(buf)) >= 0; ) {
                        synchronized (this) {
                            total += n;
                            bytes.write(buf, 0, (int) Math.max(0, Math.min(n, limit - bytes.size())));
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
            }, "drain");
            thread.setDaemon(true);
            thread.start();
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        synchronized long total() {
            return total;
        }

        void join() throws InterruptedException {
            thread.join(5000);
        }
    }

    /** A Java exception's or error's class name ({@code NumberFormatException}, {@code OutOfMemoryError}). */
    private static final java.util.regex.Pattern THROWABLE =
            java.util.regex.Pattern.compile("\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\tat |internal error|java\\.lang\\.");

    /** A stack trace, a Java exception's name or an internal error, anywhere in {@code text}, with its context; null when none. */
    static String leak(String text) {
        java.util.regex.Matcher m = THROWABLE.matcher(text);
        if (!m.find()) {
            return null;
        }
        return text.substring(Math.max(0, m.start() - 200), Math.min(text.length(), m.end() + 200));
    }

    /** Copies the resource directory {@code name} (beside this class) into {@code to}. */
    static void copyResources(String name, Path to) throws IOException {
        URL url = Forked.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("no test resources " + name);
        }
        Path from;
        try {
            from = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        try (var files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Expands {@code <<N*TEXT>>} (TEXT repeated N times) and the escapes \n, \r, \t in a line of a hostile input. */
    static String expand(String line) {
        StringBuilder sb = new StringBuilder();
        int at = 0;
        while (true) {
            int open = line.indexOf("<<", at);
            int star = open < 0 ? -1 : line.indexOf('*', open);
            int close = star < 0 ? -1 : line.indexOf(">>", star);
            if (close < 0) {
                sb.append(line, at, line.length());
                break;
            }
            sb.append(line, at, open);
            sb.append(line.substring(star + 1, close).repeat(Integer.parseInt(line.substring(open + 2, star))));
            at = close + 2;
        }
        return sb.toString().replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
    }

    /** Every path below {@code root} (links not followed) with its size and modification time. */
    static Map<String, String> snapshot(Path root, Path skip) {
        Map<String, String> found = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (skip != null && dir.equals(skip)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    found.put(root.relativize(dir) + "/", "");
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    found.put(root.relativize(file).toString(), attrs.size() + "@" + attrs.lastModifiedTime().toMillis()
                            + (attrs.isOther() ? "(other)" : ""));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** Makes a FIFO at {@code path} with mkfifo(1); false where there is none. */
    static boolean mkfifo(Path path) throws IOException, InterruptedException {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString()).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 && Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return false;
        }
    }
}
