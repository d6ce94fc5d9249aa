package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where source text comes from: the file system, or an editor's open (unsaved) documents. */
@FunctionalInterface
public interface SourceReader {

    String read(Path file) throws IOException;

    static SourceReader fileSystem() {
        return file -> Files.readString(file, StandardCharsets.UTF_8);
    }
}
