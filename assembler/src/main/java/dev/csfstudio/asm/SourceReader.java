package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where source text comes from: the file system, or an editor's open (unsaved) documents. */
@FunctionalInterface
public interface SourceReader {

    String read(Path file) throws IOException;

    /** Files as UTF-8; a malformed byte sequence is an error, as with {@link Files#readString}. */
    static SourceReader fileSystem() {
        return file -> {
            byte[] bytes = Files.readAllBytes(file);
            if (AsciiCheck.isAscii(bytes)) {
                return new String(bytes, StandardCharsets.ISO_8859_1); // ASCII is ISO-8859-1: a plain copy
            }
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        };
    }
}
