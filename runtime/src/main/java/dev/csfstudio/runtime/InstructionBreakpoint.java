package dev.csfstudio.runtime;

/**
 * A breakpoint on the instruction at GPU virtual address {@code va} of VM {@code vm}: a queue of that VM
 * stops before executing it.
 */
public record InstructionBreakpoint(String vm, long va) {
}
