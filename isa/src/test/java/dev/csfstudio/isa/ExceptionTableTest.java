package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The exception tables: panthor's codes and names, one exception per fault kind and level, v10's rows on v12. */
class ExceptionTableTest {

    private final ExceptionTable v10 = Arch.V10.exceptions();

    @Test
    void anOpcodeTheArchitectureLacksIsCsInstrInvalidAFatalError() {
        ExceptionTable.ExceptionType e = v10.forKind("unknown_opcode", 0).orElseThrow();
        assertEquals(0x49, e.code());
        assertEquals("CS_INSTR_INVALID", e.name());
        assertEquals(ExceptionTable.ExceptionClass.CS_FATAL, e.exceptionClass());
    }

    @Test
    void aCallStackOverflowIsCsCallStackOverflow() {
        ExceptionTable.ExceptionType e = v10.forKind("call_stack_overflow", 0).orElseThrow();
        assertEquals(0x4a, e.code());
        assertEquals("CS_CALL_STACK_OVERFLOW", e.name());
    }

    @Test
    void aTranslationFaultIsNamedByThePageTableLevelWithoutAValidDescriptor() {
        for (int level = 0; level <= 3; level++) {
            ExceptionTable.ExceptionType e = v10.forKind("translation", level).orElseThrow();
            assertEquals(0xc0 + level, e.code());
            assertEquals("TRANSLATION_FAULT_" + level, e.name());
            assertEquals(ExceptionTable.ExceptionClass.MMU_FAULT, e.exceptionClass());
        }
        assertEquals("ADDR_SIZE_FAULT_IN", v10.forKind("translation", -1).orElseThrow().name());
    }

    @Test
    void theSimulatorsOwnLimitsRaiseNoHardwareException() {
        for (String kind : List.of("timeout", "deadlock", "cancelled", "configuration")) {
            assertTrue(v10.forKind(kind, 0).isEmpty(), kind);
            assertFalse(v10.noException(kind).orElseThrow().reason().isBlank(), kind);
        }
    }

    @Test
    void eachKindAndLevelHasOneException() {
        Set<String> seen = new HashSet<>();
        for (ExceptionTable.ExceptionType e : v10.all()) {
            for (String kind : e.kinds()) {
                String key = kind.equals(ExceptionTable.TRANSLATION) ? kind + e.level() : kind;
                assertTrue(seen.add(key), key + " has two exceptions");
                assertTrue(v10.noException(kind).isEmpty(), kind + " has an exception and none");
            }
        }
    }

    @Test
    void namesAreFoundInAnyLetterCase() {
        assertEquals(0xc1, v10.byName("translation_fault_1").orElseThrow().code());
        assertTrue(v10.byName("TRANSLATION").isEmpty());
    }

    @Test
    void accessTypesAreTheFaultStatusField() {
        assertEquals(0, v10.accessType("atomic"));
        assertEquals(1, v10.accessType("execute"));
        assertEquals(2, v10.accessType("read"));
        assertEquals(3, v10.accessType("write"));
    }

    @Test
    void v12ReportsWithV10sExceptions() {
        assertEquals(v10.all(), Arch.V12.exceptions().all());
        assertEquals(v10.noExceptions(), Arch.V12.exceptions().noExceptions());
    }

    @Test
    void everyCodeIsAFaultAbovePanthorsLastNonFaultCode() {
        for (ExceptionTable.ExceptionType e : v10.all()) {
            assertTrue(e.code() > 0x3f && e.code() <= 0xff, e.name());
        }
    }
}
