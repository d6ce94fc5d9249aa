package dev.csfstudio.runtime;

/** A host-side read or write that would run past a buffer's end or touch unmapped GPU memory. */
public final class HostAccessException extends Exception {

    private static final long serialVersionUID = 1L;

    public HostAccessException(String message) {
        super(message);
    }
}
