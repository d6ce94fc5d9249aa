package dev.csfstudio.asm.source;

import dev.csfstudio.asm.AssemblerOptions;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.charset.CodingErrorAction;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CodePointBuffer;
import org.antlr.v4.runtime.CodePointCharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.IntStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
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
public final class SourceText {

    private final byte[] bytes;
    /** The text when it has non-ASCII characters; for ASCII made from the bytes if anyone asks for all of it. */
    private String text;
    private final boolean ascii;

    private SourceText(String text, byte[] bytes, boolean ascii) {
        this.text = text;
        this.bytes = bytes;
        this.ascii = ascii;
    }

    public static SourceText of(String text) {
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
     * A UTF-8 file of at most {@code maxBytes} bytes; a malformed byte sequence is an
     * {@link InvalidUtf8Exception} that says where. A byte order mark is not part of the text (editors hide
     * it, and count columns without it). Pipes and devices are read to their end or the limit.
     */
    static SourceText read(Path file, long maxBytes) throws IOException {
        byte[] bytes = readBytes(file, maxBytes);
        int skipped = 0;
        if (bytes.length >= 3 && bytes[0] == (byte) 0xef && bytes[1] == (byte) 0xbb && bytes[2] == (byte) 0xbf) {
            bytes = Arrays.copyOfRange(bytes, 3, bytes.length);
            skipped = 3;
        }
        if (AsciiCheck.isAscii(bytes)) {
            return new SourceText(null, bytes, true);
        }
        return of(decode(bytes, skipped));
    }

    /** {@link #read(Path, long)} with the default limit of {@link AssemblerOptions#DEFAULT_MAX_SOURCE_BYTES}. */
    static SourceText read(Path file) throws IOException {
        return read(file, AssemblerOptions.DEFAULT_MAX_SOURCE_BYTES);
    }

    /** UTF-8 text, or where the first malformed sequence starts ({@code skipped} bytes were cut off the front). */
    private static String decode(byte[] bytes, int skipped) throws InvalidUtf8Exception {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never has fewer bytes than UTF-16 units
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            out.flip();
            int lineStart = 0;
            int line = 1;
            for (int i = 0; i < out.limit(); i++) {
                char c = out.get(i);
                if (c == '\n' || c == '\r' && (i + 1 >= out.limit() || out.get(i + 1) != '\n')) {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new InvalidUtf8Exception(skipped + in.position(), line, out.limit() - lineStart + 1);
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    private static final int READ_PIECE = 1 << 20;
    private static final int MAX_BYTES = Integer.MAX_VALUE - 16;

    /**
     * The file's bytes, read in pieces straight into an array of the size the file says it has:
     * {@link Files#readAllBytes} reads a large file through a temporary native buffer as large as the file,
     * which took twice as long. Whatever has no size (pipes, /proc files) or grows meanwhile is read on to its
     * end, but never past {@code maxBytes}; a device ({@code /dev/zero}) is refused.
     */
    private static byte[] readBytes(Path file, long maxBytes) throws IOException {
        long limit = Math.min(maxBytes, MAX_BYTES);
        Devices.refuse(file);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > limit) {
                throw new SourceTooLargeException(limit);
            }
            byte[] bytes = new byte[(int) size];
            int at = 0;
            ByteBuffer probe = ByteBuffer.allocate(1);
            while (true) {
                if (at == bytes.length) { // the end, if one more byte is not there
                    probe.clear();
                    int n = channel.read(probe);
                    if (n < 0) {
                        return bytes;
                    }
                    if (n == 0) {
                        continue;
                    }
                    if (at >= limit) {
                        throw new SourceTooLargeException(limit);
                    }
                    bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(8192, 2L * bytes.length)));
                    bytes[at++] = probe.get(0);
                    continue;
                }
                int n = channel.read(ByteBuffer.wrap(bytes, at, Math.min(READ_PIECE, bytes.length - at)));
                if (n < 0) {
                    return Arrays.copyOf(bytes, at); // it shrank meanwhile, or a pipe ended
                }
                at += n;
            }
        }
    }

    /** One byte per character, non-ASCII ones {@code '?'}. Callers must not change them. */
    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return bytes.length;
    }

    /**
     * Characters {@code from..to-1} as an ANTLR stream, the same as {@code CharStreams.fromString(substring(from,
     * to))}: for ASCII read from the bytes as they are, with no string and no UTF-16 copy of a block of
     * thousands of lines in between.
     */
    public CharStream stream(int from, int to) {
        if (!ascii) {
            return CharStreams.fromString(text.substring(from, to));
        }
        try {
            return CharStreams.fromChannel(Channels.newChannel(new ByteArrayInputStream(bytes, from, to - from)),
                    StandardCharsets.ISO_8859_1, 4096, CodingErrorAction.REPORT, IntStream.UNKNOWN_SOURCE_NAME,
                    to - from);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an array's channel does no I/O
        }
    }

    /**
     * The whole text of an ASCII source as an ANTLR stream over its bytes, made in constant time (no copy): its
     * positions are offsets in the text. Null for other text (a stream's positions count code points there).
     */
    public CharStream asciiStream() {
        return ascii ? CodePointCharStream.fromBuffer(CodePointBuffer.withBytes(ByteBuffer.wrap(bytes))) : null;
    }

    public char charAt(int i) {
        byte b = bytes[i];
        return b == '?' && !ascii ? text.charAt(i) : (char) b;
    }

    public String substring(int from, int to) {
        return ascii ? new String(bytes, from, to - from, StandardCharsets.ISO_8859_1) : text.substring(from, to);
    }

    public synchronized String text() {
        if (text == null) {
            text = new String(bytes, StandardCharsets.ISO_8859_1); // ASCII is ISO-8859-1: a plain copy
        }
        return text;
    }
}
