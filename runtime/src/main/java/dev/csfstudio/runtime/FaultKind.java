package dev.csfstudio.runtime;

import java.util.Locale;

/** Why a run stopped early. The JSON spelling is the lower-case name. */
public enum FaultKind {
    /** A GPU virtual address with no valid page-table entry in the queue's address space. */
    TRANSLATION,
    /** CALL/JUMP to an address or with a length that is not a multiple of 8. */
    UNALIGNED_CALL,
    /** CALL/JUMP whose range leaves the 48-bit address space or mapped memory. */
    CALL_OUT_OF_BOUNDS,
    /** More than 8 call frames (the kernel ring buffer's root frame included). */
    CALL_STACK_OVERFLOW,
    /** A taken BRANCH whose target is outside the buffer being executed. */
    BRANCH_OUT_OF_BUFFER,
    /** An opcode the instruction table does not define. */
    UNKNOWN_OPCODE,
    /** A register operand beyond r95, or a field value the instruction does not define. */
    INVALID_INSTRUCTION,
    /** A load/store/sync access not aligned to its size. */
    UNALIGNED_ACCESS,
    /** A SYNC_WAIT with error_reject found the sync object's status word set to fault. */
    SYNC_ERROR,
    /** A fragment job's framebuffer pointer or descriptor cannot be used. */
    INVALID_DESCRIPTOR,
    /** The program cannot be placed on the device (too many VMs, unknown stream, ...). */
    CONFIGURATION,
    /** The step budget ran out. */
    TIMEOUT,
    /** Every queue with work left waits on a sync object nobody will write, or on a tiler job whose injected
     * out-of-memory exception no handler takes. */
    DEADLOCK,
    /** The caller cancelled the run. */
    CANCELLED,
    /** An instruction raced an asynchronous operation still in flight on its queue's scoreboard. */
    HAZARD;

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
