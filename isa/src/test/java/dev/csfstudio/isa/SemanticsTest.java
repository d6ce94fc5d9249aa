package dev.csfstudio.isa;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Control flow and conditions as the v10 and v12 tables declare them. */
class SemanticsTest {

    private static long word(Arch arch, String mnemonic, Map<String, Long> fields) {
        return Encoder.encode(arch.instructionSet().byMnemonic(mnemonic).orElseThrow(), fields);
    }

    private static Semantics of(Arch arch, String mnemonic) {
        return arch.instructionSet().byMnemonic(mnemonic).orElseThrow().semantics();
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void controlFlowComesFromTheTable(Arch arch) {
        assertEquals(Execution.Flow.BRANCH, of(arch, "BRANCH").flow());
        assertEquals(Execution.Flow.CALL, of(arch, "CALL").flow());
        assertEquals(Execution.Flow.JUMP, of(arch, "JUMP").flow());
        assertEquals(Execution.Flow.NEXT, of(arch, "MOVE32").flow());
        assertEquals(Execution.RECORDED, of(arch, "RUN_COMPUTE").action());
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void onlyAJumpAndAnAlwaysBranchNeverFallThrough(Arch arch) {
        long always = word(arch, "BRANCH", Map.of("cond", 6L));
        long ne = word(arch, "BRANCH", Map.of("cond", 3L));
        assertTrue(of(arch, "BRANCH").neverFallsThrough(always));
        assertFalse(of(arch, "BRANCH").neverFallsThrough(ne));
        assertTrue(of(arch, "JUMP").neverFallsThrough(word(arch, "JUMP", Map.of())));
        assertFalse(of(arch, "CALL").neverFallsThrough(word(arch, "CALL", Map.of())));
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void branchAndSyncWaitConditionsAreTheTablesConditionEnum(Arch arch) {
        EnumType conditions = arch.instructionSet().enums().get("condition");
        for (String mnemonic : new String[] {"BRANCH", "SYNC_WAIT32", "SYNC_WAIT64"}) {
            Semantics s = of(arch, mnemonic);
            conditions.values().forEach((name, value) ->
                    assertEquals(name, s.conditionOf(value).orElseThrow().name().toLowerCase(), mnemonic));
        }
    }

    @ParameterizedTest
    @EnumSource(Condition.class)
    void conditionHoldsForTheComparisonsItsNameSays(Condition c) {
        String expected = switch (c) {
            case LE -> "TTF";
            case GT -> "FFT";
            case EQ -> "FTF";
            case NE -> "TFT";
            case LT -> "TFF";
            case GE -> "FTT";
            case ALWAYS -> "TTT";
        };
        String got = "" + (c.holds(-1) ? 'T' : 'F') + (c.holds(0) ? 'T' : 'F') + (c.holds(1) ? 'T' : 'F');
        assertEquals(expected, got);
    }
}
