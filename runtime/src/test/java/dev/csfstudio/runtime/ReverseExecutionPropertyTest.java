package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.csfstudio.runtime.control.History;

/**
 * Reverse execution is exact, and stopping changes nothing: drive a machine forward by random steps,
 * steps over and out, resumes to random breakpoints and random restores, go back to any earlier position,
 * and the whole machine state equals that of a fresh run stopped there; from there both runs end the same
 * way, and as a run that never stopped.
 */
class ReverseExecutionPropertyTest {

    /** Streams with every kind of state: queues taking turns, syncs, stores, calls, clears, faults, limits. */
    static final Map<String, Program> PROGRAMS = new LinkedHashMap<>();
    static final RunOptions OPTIONS = RunOptions.defaults().withStepBudget(50_000);

    static {
        for (String name : List.of("run-branch-loop-clears.csf", "run-call-and-jump-chain.csf", "run-endless-loop.csf",
                "run-forty-queues.csf", "run-four-jobs.csf", "run-load-multiple-context.csf", "run-sync-deadlock.csf",
                "run-sync-release.csf", "run-tiled-bbox-64x64.csf", "run-translation-fault.csf",
                "run-two-render-targets.csf", "run-two-vms.csf")) {
            PROGRAMS.put(name, Corpus.assemble(name));
        }
        SplittableRandom random = new SplittableRandom(20261201);
        for (int i = 0; i < 8; i++) {
            PROGRAMS.put("random stream " + i, randomStream(random));
        }
        PROGRAMS.put("stores", Sessions.assemble(DataBreakpointTest.STORES));
        PROGRAMS.put("calls", Sessions.assemble(MachineSteppingTest.CALLS));
        PROGRAMS.put("counters", Sessions.assemble("""
                .buffer sync, size=16, align=8
                .buffer log, size=64
                .queue a
                .queue b
                .submit a, count
                .submit b, count
                .submit a, count
                .stream count
                    MOVE48  d50, sync
                    MOVE48  d60, log
                    MOVE32  r52, #1
                    MOVE32  r0, #40
                loop:
                    SYNC_ADD32.system [d50], r52, #0x0, #0
                    STORE_STATE.SYSTEM_TIMESTAMP d60, #8, #0, #0
                    STORE_MULTIPLE [d60 + 16], r0
                    ADD_IMMEDIATE32 r0, r0, #-1
                    BRANCH.ne r0, loop
                    SYNC_WAIT32.ge.inherit d50, r52
                """));
    }

    /** As {@link FuzzTest} makes them: mostly valid instructions, a register pair aimed at a data buffer. */
    private static Program randomStream(SplittableRandom random) {
        long[] words = new long[8 + random.nextInt(24)];
        words[0] = ProgramFixture.insn("MOVE48", "dst", 2 * random.nextInt(48), "imm", FuzzTest.DATA);
        for (int i = 1; i < words.length; i++) {
            words[i] = FuzzTest.randomInstruction(random, dev.csfstudio.isa.InstructionSet.v10().instructions());
        }
        ProgramFixture p = new ProgramFixture();
        p.stream("main", FuzzTest.STREAM, words);
        p.buffer("data", FuzzTest.DATA, new byte[512]);
        return p.build();
    }

    @Provide
    Arbitrary<String> programs() {
        return Arbitraries.of(List.copyOf(PROGRAMS.keySet()));
    }

    @Property(tries = 300)
    void goingBackToAnyEarlierPositionGivesTheStateOfAFreshRunStoppedThere(@ForAll("programs") String name,
                                                                           @ForAll long seed) {
        Program program = PROGRAMS.get(name);
        SplittableRandom random = new SplittableRandom(seed);
        Machine driven = Sessions.load(program, OPTIONS);
        driven.recordHistory(History.DEFAULT_CAP_BYTES, 1 + random.nextInt(48));
        List<Long> vas = instructionAddresses(program);
        for (int action = 0; action < 12 && !driven.finished(); action++) {
            drive(driven, random, vas);
        }
        long k = driven.position();
        long n = random.nextLong(k + 1);
        String context = name + ", seed " + seed + ": forward to " + k + ", back to " + n;

        driven.restoreTo(n).orElseThrow();
        Machine fresh = Sessions.load(program, OPTIONS);
        fresh.restoreTo(n).orElseThrow();
        assertEquals(n, driven.position(), context);
        MachineStates.assertSameState(fresh, driven, context);

        List.copyOf(driven.breakpoints()).forEach(driven::removeBreakpoint);
        List.copyOf(driven.dataBreakpoints()).forEach(driven::removeDataBreakpoint);
        finish(driven);
        finish(fresh);
        List<String> plain = MachineStates.describe(new Simulator(OPTIONS).run(program));
        assertEquals(plain, MachineStates.describe(fresh.report().orElseThrow()), context + ": fresh run");
        assertEquals(plain, MachineStates.describe(driven.report().orElseThrow()), context + ": driven run");
    }

    /** One random debugger action. */
    private static void drive(Machine m, SplittableRandom random, List<Long> vas) {
        List<QueueView> queues = m.queues();
        String queue = queues.get(random.nextInt(queues.size())).name();
        switch (random.nextInt(7)) {
            case 0, 1 -> m.step(queue);
            case 2 -> m.stepOver(queue);
            case 3 -> m.stepOut(queue);
            case 4 -> {
                List.copyOf(m.breakpoints()).forEach(m::removeBreakpoint);
                List.copyOf(m.dataBreakpoints()).forEach(m::removeDataBreakpoint);
                for (int i = 0; i < 3; i++) {
                    long va = vas.get(random.nextInt(vas.size()));
                    m.program().sections().stream().filter(s -> s.contains(va)).findFirst()
                            .ifPresent(s -> m.addBreakpoint(s.vm(), va));
                }
                List<Section> buffers = m.program().buffers();
                if (!buffers.isEmpty()) {
                    Section b = buffers.get(random.nextInt(buffers.size()));
                    long at = b.address() + random.nextLong(Math.max(1, b.size()));
                    m.addDataBreakpoint(b.vm(), at, 1 + random.nextInt(64));
                }
                m.resume();
            }
            case 5 -> m.restoreTo(random.nextLong(m.position() + 1));
            default -> m.stepBack(queue);
        }
    }

    private static void finish(Machine m) {
        for (int i = 0; i < 100_000 && !m.finished(); i++) {
            m.resume();
        }
    }

    private static List<Long> instructionAddresses(Program program) {
        return program.streams().stream().flatMap((Section s) -> s.lines().stream())
                .filter(l -> l.instruction() != null).map(l -> l.address()).toList();
    }
}
