package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A source file's text, with the same text as one byte per character for the scanners: ASCII characters as
 * they are, every other character {@code '?'}, which is no token character (so a scanner meeting one
 * declines the line, or skips it inside a comment). Offsets into both agree. Scanning bytes by index is
 * several times faster than {@link String#charAt} before the JIT has warmed up, which is all of a short run.
 * An ASCII file is only ever held as the bytes read: its text is cut from them where needed.
 */
final class SourceText {

    private final byte[] bytes;
    /** The text when it has non-ASCII characters; for ASCII made from the bytes if anyone asks for all of it. */
    private String text;
    private final boolean ascii;

    private SourceText(String text, byte[] bytes, boolean ascii) {
        this.text = text;
        this.bytes = bytes;
        this.ascii = ascii;
    }

    static SourceText of(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII); // a copy when the text is ASCII
        if (bytes.length != text.length()) { // a surrogate pair became one '?': map character by character
            bytes = new byte[text.length()];
            for (int i = 0; i < bytes.length; i++) {
                char c = text.charAt(i);
                bytes[i] = c < 128 ? (byte) c : (byte) '?';
            }
        }
        return new SourceText(text, bytes, false);
    }

    /** A UTF-8 file; a malformed byte sequence is an error, as with {@link Files#readString}. */
    static SourceText read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (AsciiCheck.isAscii(bytes)) {
            return new SourceText(null, bytes, true);
        }
        return of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    }

    /** One byte per character, non-ASCII ones {@code '?'}. Callers must not change them. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return bytes.length;
    }

    char charAt(int i) {
        byte b = bytes[i];
        return b == '?' && !ascii ? text.charAt(i) : (char) b;
    }

    String substring(int from, int to) {
        return ascii ? new String(bytes, from, to - from, StandardCharsets.ISO_8859_1) : text.substring(from, to);
    }

    synchronized String text() {
        if (text == null) {
            text = new String(bytes, StandardCharsets.ISO_8859_1); // ASCII is ISO-8859-1: a plain copy
        }
        return text;
    }
}
