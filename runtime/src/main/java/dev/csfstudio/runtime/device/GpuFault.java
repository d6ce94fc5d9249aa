package dev.csfstudio.runtime.device;

import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.RunReport;

/** A fault raised while executing; caught by the simulator and turned into a {@link RunReport.Fault}. */
public final class GpuFault extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public final FaultKind kind;
    public final long va;
    /** A translation fault's page-table level without a valid descriptor (-1: the VA is outside the space). */
    public final int level;
    /** What a faulting memory access was doing; null for a fault that is no memory access. */
    public final Access access;

    GpuFault(FaultKind kind, long va, String message) {
        this(kind, va, message, 0, null);
    }

    GpuFault(FaultKind kind, long va, String message, int level, Access access) {
        super(message, null, false, false);
        this.kind = kind;
        this.va = va;
        this.level = level;
        this.access = access;
    }

    public static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
