package dev.csfstudio.asm.source;

import java.io.IOException;
import java.nio.file.Path;

/** {@link SourceReader#fileSystem()}: the assembler asks it for {@link SourceText}, read once. */
public final class FileSystemReader implements SourceReader {

    static final FileSystemReader INSTANCE = new FileSystemReader();

    private FileSystemReader() {
    }

    @Override
    public String read(Path file) throws IOException {
        return SourceText.read(file).text();
    }

    /**
     * The text of {@code file} through {@code reader}, with its bytes read only once from a file; more than
     * {@code maxBytes} (characters from another reader) is a {@link SourceTooLargeException}.
     */
    public static SourceText readText(SourceReader reader, Path file, long maxBytes) throws IOException {
        if (reader instanceof FileSystemReader) {
            return SourceText.read(file, maxBytes);
        }
        String text = reader.read(file);
        if (text != null && text.length() > maxBytes) {
            throw new SourceTooLargeException(maxBytes);
        }
        return text == null ? null : SourceText.of(text);
    }

    /** A reader failure in words: NoSuchFileException's message is only the path. */
    public static String describe(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
