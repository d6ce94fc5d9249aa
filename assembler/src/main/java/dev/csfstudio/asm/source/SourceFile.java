package dev.csfstudio.asm.source;

import java.nio.file.Path;

/** A source file read for one assembly, with the start offset of each of its lines. */
public record SourceFile(Path path, SourceText source, int[] lineStarts) {

    public String lineText(int line) {
        return line < 1 || line > lineStarts.length ? "" : source.substring(lineStarts[line - 1], lineEnd(line));
    }

    /** The offset just past the last character of a 1-based line, before its terminator. */
    public int lineEnd(int line) {
        byte[] bytes = source.bytes();
        int end = line < lineStarts.length ? lineStarts[line] : bytes.length;
        if (end > lineStarts[line - 1] && bytes[end - 1] == '\n') {
            end--;
        }
        if (end > lineStarts[line - 1] && bytes[end - 1] == '\r') {
            end--;
        }
        return end;
    }

    public byte[] bytes() {
        return source.bytes();
    }
}
