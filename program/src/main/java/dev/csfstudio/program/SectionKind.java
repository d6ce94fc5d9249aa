package dev.csfstudio.program;

public enum SectionKind {
    /** A command stream: 64-bit instruction words. */
    STREAM,
    /** A data buffer. */
    BUFFER
}
