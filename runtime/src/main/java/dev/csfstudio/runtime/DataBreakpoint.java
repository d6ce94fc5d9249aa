package dev.csfstudio.runtime;

/**
 * A data breakpoint on the {@code length} bytes at GPU virtual address {@code va} of VM {@code vm}: the
 * run stops after a GPU write into them (STORE_MULTIPLE, STORE_STATE, SYNC_* or the fragment clear).
 * Writes the debugger itself makes do not stop it.
 */
public record DataBreakpoint(String vm, long va, long length) {

    public long end() {
        return va + length;
    }
}
