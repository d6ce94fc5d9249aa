package dev.csfstudio.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Named pipes for tests of paths that must never be opened (POSIX only: elsewhere the test is skipped). */
final class Fifos {

    private Fifos() {
    }

    static Path make(Path path) throws IOException, InterruptedException {
        Files.createDirectories(path.getParent());
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo: " + e.getMessage());
            throw e;
        }
        assumeTrue(p.waitFor() == 0 && Files.exists(path) && !Files.isRegularFile(path), "mkfifo failed");
        return path;
    }
}
