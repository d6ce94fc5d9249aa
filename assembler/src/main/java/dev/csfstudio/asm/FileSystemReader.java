package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.file.Path;

/** {@link SourceReader#fileSystem()}: the assembler asks it for {@link SourceText}, read once. */
final class FileSystemReader implements SourceReader {

    static final FileSystemReader INSTANCE = new FileSystemReader();

    private FileSystemReader() {
    }

    @Override
    public String read(Path file) throws IOException {
        return SourceText.read(file).text();
    }

    /** The text of {@code file} through {@code reader}, with its bytes read only once from a file. */
    static SourceText readText(SourceReader reader, Path file) throws IOException {
        if (reader instanceof FileSystemReader) {
            return SourceText.read(file);
        }
        String text = reader.read(file);
        return text == null ? null : SourceText.of(text);
    }
}
