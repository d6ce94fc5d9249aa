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
 */
public record SyncWait(String queue, long instruction, SourceRange line, long address, String condition,
                       long expected, long current, boolean wide) {

    /** "the value at 0x... >= 0x2 (it is 0x1)". */
    public String describe() {
        return "the value at " + GpuFault.hex(address) + " " + condition + " " + GpuFault.hex(expected) + " (it is "
                + GpuFault.hex(current) + ")";
    }
}
