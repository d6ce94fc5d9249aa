package dev.csfstudio.runtime;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The completion policies against each other on random streams of moves, adds, loads, stores, deferred and
 * immediate sync adds and WAITs: eager completion is the synchronous machine (the same as every operation
 * followed by a WAIT on every entry), and a stream with no hazard ends in the same state whatever the policy.
 */
class CompletionPropertyTest {

    private static final String PRELUDE = """
            .buffer data, size=64
                .word 1, 2, 3, 4, 5, 6, 7, 8
            .stream main
                MOVE48  d10, data
                MOVE48  d12, data + 32
            """;

    @Provide
    Arbitrary<List<String>> streams() {
        Arbitrary<Integer> reg = Arbitraries.integers().between(0, 7);
        Arbitrary<Integer> word = Arbitraries.integers().between(0, 7);
        Arbitrary<String> move = Combinators.combine(reg, Arbitraries.integers().between(0, 99))
                .as((r, v) -> "MOVE32 r" + r + ", #" + v);
        Arbitrary<String> add = Combinators.combine(reg, reg, Arbitraries.integers().between(-5, 5))
                .as((d, s, v) -> "ADD_IMMEDIATE32 r" + d + ", r" + s + ", #" + v);
        Arbitrary<String> load = Combinators.combine(reg, word).as((r, w) -> "LOAD_MULTIPLE r" + r + ", [d10 + " + 4 * w + "]");
        Arbitrary<String> store = Combinators.combine(reg, word).as((r, w) -> "STORE_MULTIPLE [d10 + " + 4 * w + "], r" + r);
        Arbitrary<String> sync = Combinators.combine(reg, Arbitraries.of("#0x0, #0", "#0x1, #1", "#0x1, #2"))
                .as((r, defer) -> "SYNC_ADD32 [d12], r" + r + ", " + defer);
        Arbitrary<String> wait = Arbitraries.of("WAIT #0x1", "WAIT #0x2", "WAIT #0x7");
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, move), net.jqwik.api.Tuple.of(3, add), net.jqwik.api.Tuple.of(2, load),
                        net.jqwik.api.Tuple.of(2, store), net.jqwik.api.Tuple.of(1, sync), net.jqwik.api.Tuple.of(3, wait))
                .list().ofMinSize(1).ofMaxSize(14);
    }

    private static RunReport run(List<String> lines, RunOptions options) {
        return new Simulator(options).run(Sessions.assemble(PRELUDE + "    " + String.join("\n    ", lines) + "\n"));
    }

    /** The stream's registers (r0..r13; the kernel's ring registers hold the stream's length) and the buffer. */
    private static long[] state(RunReport r) {
        try {
            byte[] data = r.memory().readBuffer("data");
            long[] out = Arrays.copyOf(r.registers(), 14 + data.length);
            for (int i = 0; i < data.length; i++) {
                out[14 + i] = data[i];
            }
            return out;
        } catch (HostAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static final RunOptions EAGER = RunOptions.defaults().withCompletion(new Completion.Eager());

    @Property(tries = 200)
    void eagerCompletionIsEveryOperationFollowedByAWaitOnEveryEntry(@ForAll("streams") List<String> lines) {
        RunReport eager = run(lines, EAGER);
        List<String> waited = lines.stream().map(l -> l + "\n    WAIT #0xff").toList();
        RunReport synchronous = run(waited, RunOptions.defaults());
        assertEquals(RunStatus.OK, eager.status(), "eager completion leaves nothing in flight to race");
        assertEquals(synchronous.status(), eager.status(), synchronous.fault() == null ? "" : synchronous.fault().message());
        assertArrayEquals(state(synchronous), state(eager));
    }

    @Property(tries = 200)
    void aStreamWithNoHazardEndsAsEagerWhateverTheSeed(@ForAll("streams") List<String> lines, @ForAll long seed) {
        RunReport latest = run(lines, RunOptions.defaults());
        if (latest.status() != RunStatus.OK) {
            return; // a hazard: the policies may differ, that is the point of reporting it
        }
        RunReport random = run(lines, RunOptions.defaults().withCompletion(new Completion.Random(seed)));
        assertEquals(RunStatus.OK, random.status(), "completing earlier cannot make a new hazard");
        long[] eager = state(run(lines, EAGER));
        assertArrayEquals(eager, state(latest), "latest");
        assertArrayEquals(eager, state(random), "seed " + seed);
    }
}
