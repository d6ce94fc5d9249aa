package dev.csfstudio.asm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

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

    /**
     * A UTF-8 file; a malformed byte sequence is an error, as with {@link Files#readString}. A byte order
     * mark is not part of the text (editors hide it, and count columns without it).
     */
    static SourceText read(Path file) throws IOException {
        byte[] bytes = readBytes(file);
        if (bytes.length >= 3 && bytes[0] == (byte) 0xef && bytes[1] == (byte) 0xbb && bytes[2] == (byte) 0xbf) {
            bytes = Arrays.copyOfRange(bytes, 3, bytes.length);
        }
        if (AsciiCheck.isAscii(bytes)) {
            return new SourceText(null, bytes, true);
        }
        return of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    }

    private static final int READ_PIECE = 1 << 20;
    private static final int MAX_BYTES = Integer.MAX_VALUE - 16;

    /**
     * The file's bytes, read in pieces straight into the array: {@link Files#readAllBytes} reads a large file
     * through a temporary native buffer as large as the file, which took twice as long.
     */
    private static byte[] readBytes(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > MAX_BYTES) {
                throw new IOException("file too large: " + size + " bytes, at most " + MAX_BYTES);
            }
            byte[] bytes = new byte[(int) size];
            int at = 0;
            while (at < bytes.length) {
                int n = channel.read(ByteBuffer.wrap(bytes, at, Math.min(READ_PIECE, bytes.length - at)), at);
                if (n < 0) {
                    return Arrays.copyOf(bytes, at); // it shrank meanwhile
                }
                at += n;
            }
            if (channel.read(ByteBuffer.allocate(1), at) > 0) {
                return Files.readAllBytes(file); // it grew meanwhile, or its size is not known (like /proc files)
            }
            return bytes;
        }
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
