package dev.csfstudio.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.ExceptionTable;
import dev.csfstudio.program.Program;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every fault carries the exception the GPU raises for it, as panthor reports it, or why there is none. */
class HardwareExceptionTest {

    private static Program assemble(String source) {
        AssemblyResult result = new Assembler().assembleText(Path.of("fault.csf"), source, null);
        assertTrue(result.errors().isEmpty(), () -> result.errors().toString());
        return result.program();
    }

    private static RunReport run(String source) {
        return new Simulator().run(assemble(source));
    }

    private static HardwareReport.Raised raised(RunReport r) {
        return assertInstanceOf(HardwareReport.Raised.class, r.fault().hardware(), r.fault().message());
    }

    @Test
    void everyFaultKindHasAnExceptionOrTheTableSaysWhyItHasNone() {
        for (Arch arch : Arch.values()) {
            ExceptionTable table = arch.exceptions();
            for (FaultKind kind : FaultKind.values()) {
                boolean raised = table.forKind(kind.jsonName(), 0).isPresent();
                assertTrue(raised != table.noException(kind.jsonName()).isPresent(), arch + " " + kind);
            }
        }
    }

    @Test
    void aLoadFromAnUnmappedGibIsALevelOneTranslationFaultOnARead() {
        RunReport r = run("""
                .stream main
                    MOVE48 d40, 0xc0000000
                    LOAD_MULTIPLE r0:r1, [d40 + 0]
                """);

        HardwareReport.Raised e = raised(r);
        assertEquals(ExceptionTable.ExceptionClass.MMU_FAULT, e.exceptionClass());
        assertEquals(List.of(
                "Unhandled Page fault in AS0 at VA 0x00000000C0000000",
                "raw fault status: 0x2C1",
                "exception type 0xC1: TRANSLATION_FAULT_1",
                "access type 0x2: READ",
                "CSG slot 0 CS slot: 0",
                "CS_FAULT.EXCEPTION_TYPE: 0xc1 (TRANSLATION_FAULT_1)",
                "CS_FAULT.EXCEPTION_DATA: 0x0",
                "CS_FAULT_INFO.EXCEPTION_DATA: 0xc0000000"), e.lines());
    }

    @Test
    void aStoreToAnUnmappedPageOfAMappedRegionIsALevelThreeFaultOnAWrite() {
        RunReport r = run("""
                .buffer data, size=4096, align=0x200000
                .stream main
                    MOVE48 d40, data + 0x1ff000
                    STORE_MULTIPLE [d40 + 0], r0:r1
                """);

        HardwareReport.Raised e = raised(r);
        assertEquals("TRANSLATION_FAULT_3", e.name());
        assertEquals(Access.WRITE, e.access());
        assertEquals(3, e.accessCode());
    }

    @Test
    void aCallIntoUnmappedMemoryFaultsOnAnExecuteAccess() {
        RunReport r = run("""
                .stream main
                    MOVE48 d20, 0xc0000000
                    MOVE32 r22, #8
                    CALL   d20, r22
                """);

        assertEquals(Access.EXECUTE, raised(r).access());
    }

    @Test
    void anOpcodeTheArchitectureLacksIsAFatalCsInstrInvalidAtTheInstruction() {
        RunReport r = run("""
                .stream main
                    .inst 0x1300000000000000
                """);

        HardwareReport.Raised e = raised(r);
        assertEquals(ExceptionTable.ExceptionClass.CS_FATAL, e.exceptionClass());
        assertEquals(List.of(
                "CSG slot 0 CS slot: 0",
                "CS_FATAL.EXCEPTION_TYPE: 0x49 (CS_INSTR_INVALID)",
                "CS_FATAL.EXCEPTION_DATA: 0x0",
                "CS_FATAL_INFO.EXCEPTION_DATA: 0x" + Long.toHexString(r.fault().instruction())), e.lines());
    }

    @Test
    void theMessageEndsWithTheHardwaresForm() {
        RunReport r = run("""
                .stream main
                    .inst 0x1300000000000000
                """);

        assertTrue(r.fault().message().endsWith("; CSG slot 0 CS slot 0: CS_FATAL.EXCEPTION_TYPE: 0x49 (CS_INSTR_INVALID),"
                + " EXCEPTION_DATA: 0x0, INFO: 0x" + Long.toHexString(r.fault().instruction())), r.fault().message());
    }

    @Test
    void theStepBudgetRaisesNoHardwareExceptionAndTheMessageSaysSo() {
        Program program = assemble("""
                .stream main
                loop: BRANCH.always r0, loop
                """);
        RunReport r = new Simulator(RunOptions.defaults().withStepBudget(10)).run(program);

        HardwareReport.NotRaised none = assertInstanceOf(HardwareReport.NotRaised.class, r.fault().hardware());
        assertTrue(none.reason().startsWith("the simulator's own limit"), none.reason());
        assertTrue(r.fault().message().contains("; no hardware exception: the simulator's own limit"),
                r.fault().message());
    }

    @Test
    void theSummaryCarriesTheException() {
        RunReport r = run("""
                .stream main
                    MOVE48 d40, 0xc0000000
                    LOAD_MULTIPLE r0:r1, [d40 + 0]
                """);

        assertTrue(RunOutput.summary(r).contains("\nqueue main, as panthor reports it:\n  Unhandled Page fault in AS0"
                + " at VA 0x00000000C0000000\n"), RunOutput.summary(r));
        assertTrue(RunOutput.summary(r).contains("\n  CS_FAULT.EXCEPTION_TYPE: 0xc1 (TRANSLATION_FAULT_1)\n"));
    }
}
