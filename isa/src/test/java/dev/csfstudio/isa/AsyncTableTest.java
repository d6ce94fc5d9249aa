package dev.csfstudio.isa;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tables' {@code async} lines and scoreboard sizes against mesa's cs_builder.h: {@code CS_MAX_SB_COUNT} (8 on
 * v10, 16 after) and {@code cs_instr_is_asynchronous} (always asynchronous, or only with a non-zero wait mask).
 */
class AsyncTableTest {

    private static Set<String> withKind(Arch arch, Async.Kind... kinds) {
        Set<String> out = new TreeSet<>();
        for (InstructionDef def : arch.instructionSet().instructions()) {
            def.semantics().async().filter(a -> Set.of(kinds).contains(a.kind())).ifPresent(a -> out.add(def.mnemonic()));
        }
        return out;
    }

    @Test
    void scoreboardHasEightEntriesOnV10AndSixteenOnV12() {
        assertEquals(8, Arch.V10.scoreboardEntries());
        assertEquals(16, Arch.V12.scoreboardEntries());
    }

    @Test
    void v10AlwaysAsynchronousInstructionsAreMesas() {
        assertEquals(new TreeSet<>(Set.of("FLUSH_CACHE2", "FINISH_TILING", "LOAD_MULTIPLE", "STORE_MULTIPLE", "RUN_COMPUTE",
                        "RUN_COMPUTE_INDIRECT", "RUN_FRAGMENT", "RUN_FULLSCREEN", "RUN_IDVS", "RUN_TILING")),
                withKind(Arch.V10, Async.Kind.ENDPOINT, Async.Kind.OTHER, Async.Kind.SIGNAL));
    }

    @Test
    void v10InstructionsAsynchronousOnlyWithAWaitMaskAreMesas() {
        assertEquals(new TreeSet<>(Set.of("FINISH_FRAGMENT", "SYNC_ADD32", "SYNC_SET32", "SYNC_ADD64", "SYNC_SET64",
                "STORE_STATE", "TRACE_POINT", "HEAP_OPERATION")), withKind(Arch.V10, Async.Kind.DEFERRED));
    }

    @Test
    void v12RunsRunIdvs2InPlaceOfRunIdvsAndRunTiling() {
        Set<String> always = withKind(Arch.V12, Async.Kind.ENDPOINT);
        assertTrue(always.contains("RUN_IDVS2"));
        assertFalse(always.contains("RUN_IDVS"));
    }

    @Test
    void loadsAndStoresSignalTheOtherEntryAndRunsTheEndpointEntry() {
        assertEquals(Set.of("LOAD_MULTIPLE", "STORE_MULTIPLE"), withKind(Arch.V10, Async.Kind.OTHER));
        assertTrue(withKind(Arch.V10, Async.Kind.ENDPOINT).contains("RUN_FRAGMENT"));
    }

    @Test
    void aDeferredOperationIsAsynchronousOnlyWithAWaitMask() {
        InstructionDef add = Arch.V10.instructionSet().byMnemonic("SYNC_ADD32").orElseThrow();
        Async async = add.semantics().async().orElseThrow();
        long now = Encoder.encode(add, Map.of());
        long deferred = Encoder.encode(add, Map.of("wait_mask", 0x4L, "signal_slot", 1L));
        assertFalse(async.asynchronous(now));
        assertTrue(async.asynchronous(deferred));
        assertEquals(0x4, async.waitMaskOf(deferred));
        assertEquals(1, async.signalSlotOf(deferred));
    }

    @Test
    void waitAndSetSbEntryExecute() {
        for (Arch arch : Arch.values()) {
            assertEquals(Execution.WAIT, arch.instructionSet().byMnemonic("WAIT").orElseThrow().semantics().action());
            assertEquals(Execution.SET_SB_ENTRY,
                    arch.instructionSet().byMnemonic("SET_SB_ENTRY").orElseThrow().semantics().action());
        }
    }
}
