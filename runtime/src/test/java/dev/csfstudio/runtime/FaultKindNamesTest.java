package dev.csfstudio.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;

import dev.csfstudio.program.Expectation;
import org.junit.jupiter.api.Test;

/** The fault kinds an {@code .expect fault KIND} may name are exactly those that end a run as a fault. */
class FaultKindNamesTest {

    @Test
    void expectationsNameEveryFaultKindThatEndsARunAsAFault() {
        List<String> faults = EnumSet.complementOf(EnumSet.of(FaultKind.TIMEOUT, FaultKind.DEADLOCK, FaultKind.CANCELLED,
                        FaultKind.HAZARD))
                .stream().map(FaultKind::jsonName).toList();
        assertEquals(faults, Expectation.FAULT_KINDS);
    }
}
