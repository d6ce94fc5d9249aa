package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.device.GpuFault;

/**
 * What a queue blocked in a SYNC_WAIT waits for: the value at {@code address} to compare as
 * {@code condition} ({@code <=}, {@code >}, {@code ==}, {@code !=}, {@code <}, {@code >=}) with
 * {@code expected}, unsigned; {@code current} is the value it last read.
 *
 * @param instruction the SYNC_WAIT's GPU VA, with its source {@code line}
 * @param wide        SYNC_WAIT64 (else 32-bit values)
 * @param held        for a WAIT (or a job's end) on a tiler job an injected TILER_OOM holds until its exception
 *                    handler returns, what it waits for ({@code address}: the tiler job); null for a SYNC_WAIT
 */
public record SyncWait(String queue, long instruction, SourceRange line, long address, String condition,
                       long expected, long current, boolean wide, String held) {

    /** A SYNC_WAIT's wait. */
    public SyncWait(String queue, long instruction, SourceRange line, long address, String condition,
                    long expected, long current, boolean wide) {
        this(queue, instruction, line, address, condition, expected, current, wide, null);
    }

    /** "the value at 0x... >= 0x2 (it is 0x1)"; for a WAIT on a tiler job a TILER_OOM holds, what it waits for. */
    public String describe() {
        if (held != null) {
            return held;
        }
        return "the value at " + GpuFault.hex(address) + " " + condition + " " + GpuFault.hex(expected) + " (it is "
                + GpuFault.hex(current) + ")";
    }
}
