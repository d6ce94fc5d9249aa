package dev.csfstudio.asm.source;

import java.nio.charset.CharacterCodingException;

/** A source file that is not UTF-8: where its first malformed byte sequence starts. */
public final class InvalidUtf8Exception extends CharacterCodingException {

    private static final long serialVersionUID = 1L;

    /** Offset of the sequence in the file as stored (a byte order mark counts), from 0. */
    final long byteOffset;
    /** 1-based line and column (UTF-16 units, as in {@link SourceRange}) where the sequence starts. */
    public final int line;
    public final int column;

    InvalidUtf8Exception(long byteOffset, int line, int column) {
        this.byteOffset = byteOffset;
        this.line = line;
        this.column = column;
    }

    @Override
    public String getMessage() {
        return "invalid UTF-8 at byte " + byteOffset;
    }
}
