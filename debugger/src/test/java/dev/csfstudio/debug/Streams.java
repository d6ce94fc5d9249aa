package dev.csfstudio.debug;

/** The smallest streams the debugger tests need, with the line numbers they assert. */
final class Streams {

    private Streams() {
    }

    /** Three moves on lines 2..4. */
    static final String MOVES = """
            .stream main
                MOVE32 r1, #1
                MOVE32 r2, #2
                MOVE32 r3, #3
            """;

    /** main CALLs sub (line 4) and then moves on line 5; sub's moves are lines 8 and 9. */
    static final String CALL = """
            .stream main
                MOVE48  d10, sub
                MOVE32  r12, sizeof(sub)
                CALL    d10, r12
                MOVE32  r1, #1

            .stream sub
                MOVE32  r2, #2
                MOVE32  r3, #3
            """;

    /** A 4x4 red clear: d40 is set on line 8, RUN_FRAGMENT is line 11. */
    static final String CLEAR = """
            .buffer color, size=4 * 4 * 4
            .buffer fb, align=64
            fbd:
                .fbd width=4, height=4
                .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16, clear=0xff0000ff

            .stream main
                MOVE48  d40, fbd(fbd)
                MOVE32  r42, #0
                MOVE32  r43, 3 << 16 | 3
                RUN_FRAGMENT
                WAIT    #0x1
                NOP
            """;

    /** A load into r0 (line 5) of a buffer holding 7, on scoreboard entry 0: what follows it is line 6. */
    static final String LOAD = """
            .buffer data, size=16
                .word 7
            .stream main
                MOVE48  d2, data
                LOAD_MULTIPLE r0, [d2]
            """;

    /** A lone queue waits (line 5) for a value nobody writes: a deadlock once it has had its turn. */
    static final String WAIT = """
            .buffer sync, size=8, align=8
            .stream main
                MOVE48  d50, sync
                MOVE32  r52, #3
                SYNC_WAIT32.ge.inherit d50, r52
            """;

    /** A translation fault: LOAD_MULTIPLE on line 4 reads an address nothing maps. */
    static final String FAULT = """
            .stream main
                MOVE32  r1, #1
                MOVE48  d40, 0xdead0000
                LOAD_MULTIPLE r40:r41, [d40 + 0]
                MOVE32  r2, #2
            """;
}
