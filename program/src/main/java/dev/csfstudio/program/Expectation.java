package dev.csfstudio.program;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * One {@code .expect} line: what a run of its program must end with. Expectations emit no bytes; a program
 * that has any is a test stream ({@code csf test}, the Maven {@code test} goal, the editors' test runs).
 * Every value is resolved at assembly time (expressions, addresses, the golden file), so checking a run
 * needs only the run.
 */
public sealed interface Expectation {

    /** The {@code .expect} statement. */
    SourceRange range();

    /** What is expected, as written after {@code .expect} (blanks collapsed): {@code r4 == 5}. */
    String text();

    /** How the actual value must compare with the expected one. */
    enum Comparison {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** Registers, memory and counts are unsigned. */
        public boolean holds(long actual, long expected) {
            int c = Long.compareUnsigned(actual, expected);
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }

        public static java.util.Optional<Comparison> bySymbol(String s) {
            for (Comparison c : values()) {
                if (c.symbol.equals(s)) {
                    return java.util.Optional.of(c);
                }
            }
            return java.util.Optional.empty();
        }
    }

    /** How a run ends, as {@code report.json}'s {@code status} spells it. */
    enum Ending {
        OK, FAULT, TIMEOUT, DEADLOCK,
        /** An instruction raced an asynchronous operation still in flight (a missing WAIT). */
        HAZARD,
        /**
         * A queue's own ending only: another queue of its group faulted, so the group was terminated and this
         * queue's jobs cancelled (panthor signals them with -ECANCELED).
         */
        CANCELLED;

        public String spelling() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Every ending's spelling, in declaration order: what {@code .expect status} accepts. */
        public static List<String> spellings() {
            List<String> out = new java.util.ArrayList<>();
            for (Ending e : values()) {
                out.add(e.spelling());
            }
            return out;
        }

        /** The ending spelt {@code text} in any letter case. */
        public static java.util.Optional<Ending> named(String text) {
            for (Ending e : values()) {
                if (e.spelling().equals(text.toLowerCase(Locale.ROOT))) {
                    return java.util.Optional.of(e);
                }
            }
            return java.util.Optional.empty();
        }
    }

    /**
     * The fault kinds a {@code .expect status fault KIND} may name: the runtime's fault kinds that end a run
     * as {@code fault} (the runtime's tests hold its {@code FaultKind} to this list).
     */
    List<String> FAULT_KINDS = List.of("translation", "unaligned_call", "call_out_of_bounds", "call_stack_overflow",
            "branch_out_of_buffer", "unknown_opcode", "invalid_instruction", "unaligned_access", "sync_error",
            "invalid_descriptor", "configuration");

    /**
     * {@code .expect status ok}, {@code .expect fault translation, line=12}, {@code .expect q.status fault translation}.
     *
     * @param faultKind the fault kind required: a short kind of {@link #FAULT_KINDS} (lower case) or the name of the
     *                  hardware exception the GPU raises for it ({@code TRANSLATION_FAULT_1}, upper case); null for any
     * @param line      the source line the fault (timeout, deadlock, hazard) must be reported at, or null for anywhere
     * @param queue     the queue whose own status is meant ({@code QUEUE.status}), or null for the run's status
     */
    record Status(SourceRange range, String text, Ending ending, String faultKind, SourceRange line, String queue)
            implements Expectation {

        /** The run's status. */
        public Status(SourceRange range, String text, Ending ending, String faultKind, SourceRange line) {
            this(range, text, ending, faultKind, line, null);
        }
    }

    /**
     * {@code .expect r4 == 5}, {@code .expect q.d40 == fbd(fbd)}.
     *
     * @param queue    the queue whose register file is meant, or null for the entry queue
     * @param register the first 32-bit register
     * @param pair     a 64-bit pair dN (registers N and N+1)
     * @param expected the value, within 32 bits unless a pair
     */
    record Register(SourceRange range, String text, String queue, int register, boolean pair, Comparison comparison,
                    long expected) implements Expectation {
        public String name() {
            return (queue == null ? "" : queue + ".") + (pair ? "d" : "r") + register;
        }
    }

    /**
     * {@code .expect word [color + 4] == 0xff0000ff}: little-endian memory at a GPU VA of a VM.
     *
     * @param width 1, 2, 4 or 8 bytes (byte, hword, word, dword); {@code expected} fits in it
     */
    record Memory(SourceRange range, String text, String vm, long address, int width, Comparison comparison,
                  long expected) implements Expectation {
    }

    /**
     * {@code .expect pixel color(3, 4) == (255, 0, 0, 255)}: one pixel of the render target held in
     * {@code buffer}, as its PNG shows it (detiled, 8-bit RGBA).
     *
     * @param rgba {@code R | G << 8 | B << 16 | A << 24}
     * @param comparison {@link Comparison#EQ} or {@link Comparison#NE}
     */
    record Pixel(SourceRange range, String text, String buffer, int x, int y, Comparison comparison, int rgba)
            implements Expectation {
    }

    /**
     * {@code .expect image color == "golden/red16.png", tolerance=2}: the whole render target against a PNG.
     *
     * @param golden    the PNG, resolved against the expecting file's directory
     * @param tolerance how far each 8-bit channel may differ
     */
    record Image(SourceRange range, String text, String buffer, Path golden, int tolerance) implements Expectation {
    }

    /**
     * {@code .expect job 1 spd.stage == 1}: a value a RUN_* job read, by its path in the decoded inputs (an input's
     * name, or {@code INPUT.FIELD}, {@code srt.0.size}, {@code tiler_ctx.heap.size}).
     *
     * @param job  1 for the run's first RUN_*, counting every queue in the order they ran
     * @param path the input's path, lower case
     */
    record JobInput(SourceRange range, String text, int job, String path, Comparison comparison, long expected)
            implements Expectation {
    }

    /** {@code .expect instructions <= 100}: user instructions every queue executed. */
    record InstructionCount(SourceRange range, String text, Comparison comparison, long expected)
            implements Expectation {
    }
}
