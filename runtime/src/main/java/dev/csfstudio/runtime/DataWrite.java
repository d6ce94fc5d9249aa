package dev.csfstudio.runtime;

/**
 * What one instruction wrote into a data breakpoint's range: the bytes {@code [from, to)} of it were
 * written. {@code before} and {@code after} are the values of {@code [valuesAt, valuesAt + before.length)},
 * which is all of {@code [from, to)} when the range is at most {@link #VALUE_LIMIT} bytes long; for a
 * longer range they start at the instruction's first write into it and hold at most that many bytes.
 */
public record DataWrite(DataBreakpoint breakpoint, long from, long to, long valuesAt, byte[] before, byte[] after) {

    public static final int VALUE_LIMIT = 4096;
}
