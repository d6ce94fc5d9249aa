package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

import java.util.OptionalLong;

/**
 * One frame of a queue's CS call stack (innermost first in lists). Depth 0 is the kernel ring buffer's
 * frame, the job's entry that CALLs the user's stream; the user's stream runs at depth 1.
 *
 * @param start          first byte of the buffer the frame runs
 * @param end            end of that buffer (exclusive); the frame returns when execution reaches it
 * @param pc             the next instruction (innermost frame) or the CALL the frame is in (outer frames)
 * @param returnAddress  where execution continues when the frame returns; empty for the ring buffer's frame
 * @param line           the source line of {@code pc}: for the ring buffer's frame, the job's {@code .submit}
 * @param kernel         the frame is the kernel ring buffer's
 * @param handler        the exception type whose handler the frame runs (the firmware entered it on that
 *                       exception, {@code returnAddress} being where the interrupted stream resumes), or null
 * @param raisedBy       for a handler frame, the other queue of the group whose exception it handles (the firmware
 *                       ran the handler on the CS that installed it); null for the queue's own
 */
public record CallFrame(int depth, long start, long end, long pc, OptionalLong returnAddress, SourceRange line,
                        boolean kernel, String handler, String raisedBy) {

    /** A frame a CALL made, or one running a handler for the queue's own exception. */
    public CallFrame(int depth, long start, long end, long pc, OptionalLong returnAddress, SourceRange line,
                     boolean kernel, String handler) {
        this(depth, start, end, pc, returnAddress, line, kernel, handler, null);
    }

    /** A frame a CALL (or the job) made. */
    public CallFrame(int depth, long start, long end, long pc, OptionalLong returnAddress, SourceRange line,
                     boolean kernel) {
        this(depth, start, end, pc, returnAddress, line, kernel, null);
    }
}
