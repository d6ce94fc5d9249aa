package dev.csfstudio.runtime;

import dev.csfstudio.program.Program;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 100,000 random streams: each ends with a status, and nothing escapes as an exception. */
class FuzzTest {

    static final long STREAM = 0x10000, DATA = 0x20000;
    static final int RUNS = 100_000;

    @Test
    void randomStreamsAlwaysEndWithAStatus() {
        SplittableRandom random = new SplittableRandom(20261129);
        List<InstructionDef> defs = InstructionSet.v10().instructions();
        Simulator simulator = new Simulator(RunOptions.defaults().withStepBudget(500));
        Map<RunStatus, Integer> seen = new EnumMap<>(RunStatus.class);
        for (int run = 0; run < RUNS; run++) {
            long[] words = new long[1 + random.nextInt(24)];
            // Often point a register pair at the data buffer so loads, stores and syncs get past translation.
            words[0] = ProgramFixture.insn("MOVE48", "dst", 2 * random.nextInt(48),
                    "imm", DATA + 8L * random.nextInt(64));
            for (int i = 1; i < words.length; i++) {
                words[i] = random.nextInt(20) == 0 ? random.nextLong() : randomInstruction(random, defs);
            }
            ProgramFixture p = new ProgramFixture();
            p.stream("main", STREAM, words);
            p.buffer("data", DATA, new byte[512]);
            Program program = p.build();

            RunReport r = simulator.run(program);

            assertNotNull(r.status());
            if (r.status() == RunStatus.OK) {
                assertNull(r.fault());
            } else {
                assertNotNull(r.fault(), "a non-ok run says why");
                assertTrue(r.fault().kind() != FaultKind.CONFIGURATION, () -> r.fault().message());
            }
            seen.merge(r.status(), 1, Integer::sum);
        }
        assertEquals(RUNS, seen.values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(seen.size() >= 3, "the fuzz reaches several outcomes: " + seen);
    }

    /** A defined opcode with random field values, registers mostly in range. */
    static long randomInstruction(SplittableRandom random, List<InstructionDef> defs) {
        InstructionDef def = defs.get(random.nextInt(defs.size()));
        long word = def.baseWord();
        for (BitField f : def.fields()) {
            long v;
            if (f.width() == 8 && random.nextInt(10) != 0) {
                v = random.nextInt(96);                     // a register number
            } else if (f.name().equals("offset") || f.name().equals("imm")) {
                v = random.nextInt(-16, 16);
            } else {
                v = random.nextLong();
            }
            word = f.insert(word, v);
        }
        return word;
    }
}
