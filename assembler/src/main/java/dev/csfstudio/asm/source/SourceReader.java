package dev.csfstudio.asm.source;

import java.io.IOException;
import java.nio.file.Path;

/** Where source text comes from: the file system, or an editor's open (unsaved) documents. */
@FunctionalInterface
public interface SourceReader {

    String read(Path file) throws IOException;

    /** Files as UTF-8; a malformed byte sequence is an error that names the byte where it starts. */
    static SourceReader fileSystem() {
        return FileSystemReader.INSTANCE;
    }
}
