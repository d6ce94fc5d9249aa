package dev.csfstudio.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small test streams written into a directory. */
final class Streams {

    /** A 16x16 R8G8B8A8 linear clear of buffer {@code color} to {@code clear}, then r4 = 7. */
    static String clear(String clearWord) {
        return target(16, 16, clearWord);
    }

    /**
     * A {@code width} x {@code height} R8G8B8A8 linear target in buffer {@code color} (16x16 pixels of memory) whose
     * top left 16x16 pixels are cleared to {@code clear}, then r4 = 7.
     */
    static String target(int width, int height, String clearWord) {
        return """
                .buffer color, size=16 * 16 * 4
                .buffer fb, align=64
                fbd:    .fbd width=%d, height=%d
                        .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=%s
                .stream main
                        MOVE48 d40, fbd(fbd)
                        MOVE32 r42, #0
                        MOVE32 r43, 15 | 15 << 16
                        RUN_FRAGMENT
                        MOVE32 r4, #7
                """.formatted(width, height, clearWord);
    }

    /** Finds and runs the streams under {@code paths}, failure images under {@code dir/out}. */
    static TestRun.Summary run(Path dir, TestOptions options, Path... paths) throws IOException {
        return TestRun.run(TestDiscovery.find(List.of(paths), null), options.withArtifacts(dir.resolve("out")), r -> { });
    }

    /** The red clear: line 11 is the first line after it. */
    static final String RED = clear("0xff0000ff");

    private Streams() {
    }

    static Path write(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
