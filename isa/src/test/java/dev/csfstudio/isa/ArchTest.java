package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArchTest {

    @Test
    void eachArchitectureNamesItsOwnTables() {
        assertSame(InstructionSet.v10(), Arch.V10.instructionSet());
        assertSame(InstructionSet.v12(), Arch.V12.instructionSet());
        assertSame(DescriptorSet.v12(), Arch.V12.descriptors());
    }

    @Test
    void registerCountsComeFromTheTables() {
        assertEquals(96, Arch.V10.registerCount());
        assertEquals(128, Arch.V12.registerCount());
    }

    @Test
    void spellingsAreReadInAnyCaseAndUnknownOnesAreEmpty() {
        assertSame(Arch.V12, Arch.bySpelling("V12").orElseThrow());
        assertTrue(Arch.bySpelling("v11").isEmpty());
        assertEquals("v10, v12, v13", Arch.spellings());
    }

    @Test
    void theKernelRingBufferCallsThroughTheLastFourRegisters() {
        assertEquals(92, Arch.V10.ringAddressRegister());
        assertEquals(94, Arch.V10.ringLengthRegister());
        assertEquals(124, Arch.V12.ringAddressRegister());
        assertEquals(126, Arch.V12.ringLengthRegister());
    }

    @Test
    void callDepthAndPixelFormatsAreTheArchitectures() {
        assertEquals(8, Arch.V10.callDepth());
        assertEquals(8, Arch.V12.callDepth());
        assertEquals(PixelFormats.all(), Arch.V12.pixelFormats());
    }
}
