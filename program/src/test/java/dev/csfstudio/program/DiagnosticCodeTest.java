package dev.csfstudio.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DiagnosticCodeTest {

    @Test
    void idsAreTheKebabCaseSpellingsClientsKeyOn() {
        assertEquals("unknown-mnemonic", DiagnosticCode.UNKNOWN_MNEMONIC.id());
        assertEquals("run-fault", DiagnosticCode.RUN_FAULT.id());
    }

    @Test
    void everyIdReadsBackAsItsCode() {
        for (DiagnosticCode code : DiagnosticCode.values()) {
            assertEquals(code, DiagnosticCode.byId(code.id()).orElseThrow());
        }
        assertTrue(DiagnosticCode.byId("unknown-thing").isEmpty());
    }
}
