package dev.csfstudio.asm.source;

import dev.csfstudio.asm.AssemblerOptions;

import java.io.IOException;

/** A source, or all the sources of one assembly together, beyond the byte limit of the assembler's options. */
public final class SourceTooLargeException extends IOException {

    private static final long serialVersionUID = 1L;

    SourceTooLargeException(long limit) {
        super("more than " + AssemblerOptions.describeBytes(limit) + " of source (the limit of one assembly)");
    }
}
