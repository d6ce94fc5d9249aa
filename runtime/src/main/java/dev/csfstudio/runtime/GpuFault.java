package dev.csfstudio.runtime;

/** A fault raised while executing; caught by the simulator and turned into a {@link RunReport.Fault}. */
final class GpuFault extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final FaultKind kind;
    final long va;

    GpuFault(FaultKind kind, long va, String message) {
        super(message, null, false, false);
        this.kind = kind;
        this.va = va;
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
