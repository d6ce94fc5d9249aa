package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A source file's text, and the same text as one byte per character for the scanners: ASCII characters as
 * they are, every other character {@code '?'}, which is no token character (so a scanner meeting one
 * declines the line, or skips it inside a comment). Offsets into both agree. Scanning bytes by index is
 * several times faster than {@link String#charAt} before the JIT has warmed up, which is all of a short run.
 */
record SourceText(String text, byte[] bytes) {

    static SourceText of(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII); // a copy when the text is ASCII
        if (bytes.length != text.length()) { // a surrogate pair became one '?': map character by character
            bytes = new byte[text.length()];
            for (int i = 0; i < bytes.length; i++) {
                char c = text.charAt(i);
                bytes[i] = c < 128 ? (byte) c : (byte) '?';
            }
        }
        return new SourceText(text, bytes);
    }

    /**
     * A UTF-8 file; a malformed byte sequence is an error, as with {@link Files#readString}. An ASCII file's
     * bytes serve as they were read.
     */
    static SourceText read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (AsciiCheck.isAscii(bytes)) {
            return new SourceText(new String(bytes, StandardCharsets.ISO_8859_1), bytes); // ASCII: a plain copy
        }
        return of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    }

    /** The character at {@code i} where the bytes cannot tell ({@code '?'} may stand for any non-ASCII one). */
    char charAt(int i) {
        byte b = bytes[i];
        return b == '?' ? text.charAt(i) : (char) b;
    }
}
