package dev.csfstudio.program.output;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a tool's output file so that it is never half written: the bytes go to a temporary file beside it,
 * which then replaces it in one atomic rename; an interrupted run leaves the old file or the new one. Devices,
 * FIFOs and {@code /dev/stdout}-like names are written directly, since they cannot or must not be replaced.
 */
public final class OutputFile {

    /** Produces a file's contents into a stream (so large outputs need not exist in memory first). */
    @FunctionalInterface
    public interface Contents {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Produces a text file's contents into a character stream (written as UTF-8). */
    @FunctionalInterface
    public interface Text {
        void writeTo(Writer out) throws IOException;
    }

    private OutputFile() {
    }

    /** The contents that {@code text} writes, encoded as UTF-8. */
    public static Contents utf8(Text text) {
        return out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            text.writeTo(w);
            w.flush();
        };
    }

    public static void write(Path file, byte[] bytes) throws IOException {
        write(file, out -> out.write(bytes));
    }

    public static void write(Path file, Contents contents) throws IOException {
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file; // replace what the link points at
        if (isStream(file) || Files.exists(target) && !Files.isRegularFile(target)) {
            if (Files.isDirectory(target)) {
                throw new IOException(file + " is a directory");
            }
            // appending: a shell's '>' has emptied a redirected file already, and '>>' means after what is there
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND), 1 << 16)) {
                contents.writeTo(out);
            }
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temporary = dir.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current()
                .nextLong() >>> 16) + ".tmp");
        temporary.toFile().deleteOnExit(); // an interrupted run leaves no temporary behind either
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary,
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16)) {
                contents.writeTo(out);
            }
            keepPermissions(target, temporary);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Whether a name stands for a stream rather than a file, like {@code /dev/stdout} or {@code /proc/self/fd/1}:
     * even when it leads to a regular file (a shell redirection), that file is written into, not replaced.
     */
    static boolean isStream(Path file) {
        String p = file.toAbsolutePath().normalize().toString();
        if (p.equals("/dev/stdout") || p.equals("/dev/stderr")) {
            return true;
        }
        if (p.startsWith("/dev/fd/")) {
            return digits(p, "/dev/fd/".length());
        }
        // /proc/PID/fd/N; a test of characters, not a regular expression: compiling one is start-up work of every output
        int fd = p.indexOf("/fd/", "/proc/".length());
        return p.startsWith("/proc/") && fd > "/proc/".length() && p.indexOf('/', "/proc/".length()) == fd
                && digits(p, fd + "/fd/".length());
    }

    /** Whether {@code s} from {@code from} on is one or more digits. */
    private static boolean digits(String s, int from) {
        if (from >= s.length()) {
            return false;
        }
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A replaced file keeps its permissions (a rename would give it the temporary's). */
    private static void keepPermissions(Path target, Path temporary) {
        try {
            if (Files.exists(target)) {
                Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system: the temporary's permissions will do
        }
    }

    /**
     * The input that writing {@code output} would overwrite, or null: the same file by identity (so a
     * symbolic or hard link to an input counts), not by spelling.
     */
    public static Path overwrittenInput(Path output, Collection<Path> inputs) {
        if (!Files.exists(output)) {
            return null;
        }
        for (Path input : inputs) {
            try {
                if (input != null && Files.exists(input) && Files.isSameFile(output, input)) {
                    return input;
                }
            } catch (IOException e) {
                // an input that cannot be examined now cannot be overwritten either
            }
        }
        return null;
    }
}
