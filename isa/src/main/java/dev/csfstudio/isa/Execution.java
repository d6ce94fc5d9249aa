package dev.csfstudio.isa;

import java.util.Arrays;
import java.util.List;

/**
 * What executing an instruction does, as the table's {@code exec ACTION [ROLE=FIELD ...]} line names it. Each
 * action has up to five roles, the fields the runtime reads (in the order of its decoded slots a, b, c, imm and
 * extra); a table binds each role to the field of the same name unless it says {@code ROLE=FIELD}. A role named
 * {@code cond} holds a {@link Condition} through the field's enumeration. An instruction without an {@code exec}
 * line is {@link #RECORDED}. Adding an executing opcode is an {@code exec} line, plus a constant here and its
 * case in the runtime when no action does what it does.
 */
public enum Execution {
    /** Recorded in the run report with its inputs, not executed. */
    RECORDED(Flow.NEXT),
    NOP(Flow.NEXT),
    /** rD:rD+1 = imm. */
    MOVE48(Flow.NEXT, "dst", null, null, "imm"),
    /** rD = imm. */
    MOVE32(Flow.NEXT, "dst", null, null, "imm"),
    /** rD = rS + imm. */
    ADD32(Flow.NEXT, "dst", "src", null, "imm"),
    /** dD = dS + sign-extended imm. */
    ADD64(Flow.NEXT, "dst", "src", null, "imm"),
    /** rD = unsigned min(rA, rB). */
    UMIN32(Flow.NEXT, "dst", "src0", "src1", null),
    /**
     * rD = the 4-bit truth table {@code mode} of rA and rB (bit 0: a &amp; b, bit 1: a &amp; ~b, bit 2: ~a &amp; b,
     * bit 3: ~a &amp; ~b); with {@code index} set, B is 1 &lt;&lt; rB.
     */
    LOGIC32(Flow.NEXT, "dst", "src0", "src1", "mode", "index"),
    LOAD_MULTIPLE(Flow.NEXT, "base", "addr", "mask", "offset"),
    STORE_MULTIPLE(Flow.NEXT, "base", "addr", "mask", "offset"),
    /** Continues at next + offset when the register compared with 0 (signed) meets the condition. */
    BRANCH(Flow.BRANCH, "value", "cond", null, "offset"),
    /** Runs the buffer at dA of rL bytes and comes back. */
    CALL(Flow.CALL, "addr", "length", null, null),
    /** Continues in the buffer at dA of rL bytes, not coming back. */
    JUMP(Flow.JUMP, "addr", "length", null, null),
    SYNC_ADD32(Flow.NEXT, "addr", "data", "error_propagate", null),
    SYNC_SET32(Flow.NEXT, "addr", "data", "error_propagate", null),
    SYNC_ADD64(Flow.NEXT, "addr", "data", "error_propagate", null),
    SYNC_SET64(Flow.NEXT, "addr", "data", "error_propagate", null),
    /** Waits until the sync object compared (unsigned) with the reference meets the condition. */
    SYNC_WAIT32(Flow.NEXT, "addr", "data", "cond", "error_reject"),
    SYNC_WAIT64(Flow.NEXT, "addr", "data", "cond", "error_reject"),
    STORE_STATE(Flow.NEXT, "addr", "state", null, "offset"),
    /** A fragment job: the simulator's clear-only fragment executor. */
    RUN_FRAGMENT(Flow.NEXT),
    // v13's ARITH_* operations. Register forms: rD = rA op rB with A the register in slot b (the first source
    // written) and B in slot c; immediate forms: rD = rS op imm, imm (and extra) the operation's fields; the 64-bit
    // ones read and write register pairs. Shift amounts and bitfields as the runtime's Arithmetic says.
    /** dD = unsigned min(dA, dB). */
    UMIN64(Flow.NEXT, "dst", "src1", "src0", null),
    /** rD = unsigned min(rS, imm). */
    UMIN_IMM32(Flow.NEXT, "dst", "src", null, "imm"),
    /** dD = unsigned min(dS, zero-extended imm). */
    UMIN_IMM64(Flow.NEXT, "dst", "src", null, "imm"),
    ADD_REG32(Flow.NEXT, "dst", "src1", "src0", null),
    ADD_REG64(Flow.NEXT, "dst", "src1", "src0", null),
    /** rD = rA - rB. */
    SUB32(Flow.NEXT, "dst", "src1", "src0", null),
    SUB64(Flow.NEXT, "dst", "src1", "src0", null),
    LSHIFT32(Flow.NEXT, "dst", "src1", "src0", null),
    LSHIFT64(Flow.NEXT, "dst", "src1", "src0", null),
    RSHIFT_U32(Flow.NEXT, "dst", "src1", "src0", null),
    RSHIFT_U64(Flow.NEXT, "dst", "src1", "src0", null),
    RSHIFT_S32(Flow.NEXT, "dst", "src1", "src0", null),
    RSHIFT_S64(Flow.NEXT, "dst", "src1", "src0", null),
    /** rD = rA with its bits position..position+width-1 replaced by the low bits of rB. */
    BFINS32(Flow.NEXT, "dst", "src1", "src0", "position", "width"),
    BFINS64(Flow.NEXT, "dst", "src1", "src0", "position", "width"),
    LSHIFT_IMM32(Flow.NEXT, "dst", "src", null, "shift"),
    LSHIFT_IMM64(Flow.NEXT, "dst", "src", null, "shift"),
    RSHIFT_IMM_U32(Flow.NEXT, "dst", "src", null, "shift"),
    RSHIFT_IMM_U64(Flow.NEXT, "dst", "src", null, "shift"),
    RSHIFT_IMM_S32(Flow.NEXT, "dst", "src", null, "shift"),
    RSHIFT_IMM_S64(Flow.NEXT, "dst", "src", null, "shift"),
    /** rD = the width bits of rS from bit position, zero-extended. */
    BFEXT_U32(Flow.NEXT, "dst", "src", null, "position", "width"),
    BFEXT_U64(Flow.NEXT, "dst", "src", null, "position", "width"),
    /** rD = the width bits of rS from bit position, sign-extended. */
    BFEXT_S32(Flow.NEXT, "dst", "src", null, "position", "width"),
    BFEXT_S64(Flow.NEXT, "dst", "src", null, "position", "width"),
    /** rD = rS with its bits position..position+width-1 replaced by the low bits of imm (slot c). */
    BFINS_IMM32(Flow.NEXT, "dst", "src", "imm", "position", "width"),
    BFINS_IMM64(Flow.NEXT, "dst", "src", "imm", "position", "width"),
    /** Blocks the queue until the scoreboard entries in the mask have no operation in flight. */
    WAIT(Flow.NEXT, null, null, "wait_mask", null),
    /** Selects the scoreboard entries endpoint operations and other operations signal. */
    SET_SB_ENTRY(Flow.NEXT, "endpoint", "other", null, null),
    /** Clears the CS's error state (the state SYNC_WAIT.inherit sets and SYNC_*.error_propagate writes). */
    ERROR_BARRIER(Flow.NEXT),
    /** Installs the stream at dA of rL bytes as the handler of exception type {@code exc_type}. */
    SET_EXCEPTION_HANDLER(Flow.NEXT, "addr", "length", null, "exc_type"),
    /** v12: sets a scoreboard state (a selection or a mask) to rS. */
    SET_STATE(Flow.NEXT, "src", "state", null, null),
    /** v12: sets a scoreboard state (a selection or a mask) to an immediate. */
    SET_STATE_IMM32(Flow.NEXT, null, "state", null, "value"),
    /** v12: selects the next scoreboard entry of a type once it is free and writes it (index or bit) to rD. */
    NEXT_SB_ENTRY(Flow.NEXT, "dst", "sb_type", "format", null),
    /** v12: adds one to a shared scoreboard entry (deferred behind its wait mask when it has one). */
    SHARED_SB_INC(Flow.NEXT, "shared_entry", null, null, null),
    /** v12: waits until a shared scoreboard entry is non-zero and takes one off it. */
    SHARED_SB_DEC(Flow.NEXT, "shared_entry", null, null, null);

    /** Where execution goes after an instruction. */
    public enum Flow {
        /** The next instruction. */
        NEXT,
        /** next + offset when the condition holds, else the next instruction. */
        BRANCH,
        /** Another buffer, returning after it ends. */
        CALL,
        /** Another buffer in place of the current one. */
        JUMP
    }

    /** The name of the role that holds a condition. */
    public static final String CONDITION_ROLE = "cond";
    /** Slots a, b, c, imm and extra. */
    public static final int SLOTS = 5;

    private final Flow flow;
    private final String[] roles;

    Execution(Flow flow, String... roles) {
        this.flow = flow;
        this.roles = Arrays.copyOf(roles, SLOTS);
    }

    public Flow flow() {
        return flow;
    }

    /** The role of slot {@code i}, or null when the action has none there. */
    public String role(int slot) {
        return roles[slot];
    }

    /** The roles in slot order, without the empty slots. */
    public List<String> roles() {
        return Arrays.stream(roles).filter(r -> r != null).toList();
    }

    /** Whether LOGIC_OP32's result (truth table {@code mode}) depends on A: flipping A changes some row. */
    public static boolean logicDependsOnA(int mode) {
        return ((mode & 1) != 0) != ((mode & 4) != 0) || ((mode & 2) != 0) != ((mode & 8) != 0);
    }

    /** Whether LOGIC_OP32's result depends on B: flipping B changes some row of the truth table. */
    public static boolean logicDependsOnB(int mode) {
        return ((mode & 1) != 0) != ((mode & 2) != 0) || ((mode & 4) != 0) != ((mode & 8) != 0);
    }

    /**
     * LOGIC_OP32's 4-bit truth table (mesa's genxml): bit 0 of {@code mode} selects a &amp; b, bit 1 a &amp; ~b,
     * bit 2 ~a &amp; b, bit 3 ~a &amp; ~b, so 0b0011 is a, 0b0110 xor and 0b0111 or.
     */
    public static int logicOp(int mode, int a, int b) {
        int out = 0;
        if ((mode & 1) != 0) {
            out |= a & b;
        }
        if ((mode & 2) != 0) {
            out |= a & ~b;
        }
        if ((mode & 4) != 0) {
            out |= ~a & b;
        }
        if ((mode & 8) != 0) {
            out |= ~a & ~b;
        }
        return out;
    }

    /** The table's spelling, e.g. {@code sync_wait32}. */
    public String spelling() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
