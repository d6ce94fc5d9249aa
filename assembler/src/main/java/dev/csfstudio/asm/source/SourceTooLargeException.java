package dev.csfstudio.asm.source;

import java.io.IOException;

/** A source, or all the sources of one assembly together, beyond the byte limit of the assembler's options. */
public final class SourceTooLargeException extends IOException {

    private static final long serialVersionUID = 1L;

    SourceTooLargeException(long limit) {
        super("more than " + describeBytes(limit) + " of source (the limit of one assembly)");
    }

    /** "256 MiB", or the exact number of bytes when it is no whole number of MiB. */
    public static String describeBytes(long bytes) {
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }
}
