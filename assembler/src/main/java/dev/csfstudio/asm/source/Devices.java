package dev.csfstudio.asm.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which paths name a device rather than a file: {@code /dev/zero} never ends and {@code /dev/random} never
 * repeats, so nothing reads one as source or as instructions. Pipes and FIFOs are read (to their end).
 */
public final class Devices {

    private static final int TYPE = 0170000;
    private static final int CHARACTER = 0020000;
    private static final int BLOCK = 0060000;
    private static final int SOCKET = 0140000;

    private Devices() {
    }

    /** "a character device", "a block device" or "a socket" for such a path; null for anything else or unknown. */
    public static String kind(Path path) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(path, "unix:mode");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return null; // no such file (its reader says so), or no Unix modes here
        }
        return switch (mode & TYPE) {
            case CHARACTER -> "a character device";
            case BLOCK -> "a block device";
            case SOCKET -> "a socket";
            default -> null;
        };
    }

    /** Throws when {@code path} names a device: "a character device, not a file". */
    public static void refuse(Path path) throws IOException {
        String kind = kind(path);
        if (kind != null) {
            throw new IOException(kind + ", not a file (a device is never read as input)");
        }
    }
}
