package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

/**
 * An exception a queue raised because the program injected it ({@code .inject}): the model has no tiler, so
 * tiler out-of-memory happens only where the program says. {@code va}/{@code line} are the tiler job that ran
 * out of heap memory (the queue's {@code tilerJob}-th), {@code injectedBy} the {@code .inject} line. With a
 * handler installed for it ({@code handler}: its address) the firmware ran it and the queue resumed after the
 * tiler job; without one ({@code handler} -1) the exception stays pending until one is installed. {@code handledOn}
 * names the other queue of the group the firmware ran the handler on (the one that installed it; null: the raising
 * queue's own handler ran, or none did); the tiler job completed once that handler returned.
 */
public record RaisedException(String type, long tilerJob, long va, SourceRange line, SourceRange injectedBy,
                              long handler, String handledOn) {

    /** One the raising queue's own handler took, or that is pending. */
    public RaisedException(String type, long tilerJob, long va, SourceRange line, SourceRange injectedBy,
                           long handler) {
        this(type, tilerJob, va, line, injectedBy, handler, null);
    }

    /** Whether a handler ran for it. */
    public boolean handled() {
        return handler >= 0;
    }
}
