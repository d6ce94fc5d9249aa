package dev.csfstudio.testing;

import java.nio.file.Path;

/** Paths as a user reads them: relative to the working directory when they are below it. */
final class Locations {

    private static final Path HERE = Path.of("").toAbsolutePath().normalize();

    private Locations() {
    }

    static String display(Path file) {
        if (file == null) {
            return "<input>";
        }
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(HERE) && !abs.equals(HERE) ? HERE.relativize(abs).toString() : file.toString();
    }
}
