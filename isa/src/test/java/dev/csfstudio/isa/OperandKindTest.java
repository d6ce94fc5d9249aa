package dev.csfstudio.isa;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each operand kind is one codec: printing, register checks against an architecture's file, range, snippet. */
class OperandKindTest {

    private static String print(OperandKind kind, long first, long second) {
        StringBuilder out = new StringBuilder();
        kind.print(out, first, second, offset -> offset == -2 ? "loop" : null);
        return out.toString();
    }

    @Test
    void aLoneRegisterOrPairNamesItsNearestExistingRegister() {
        int v10 = Arch.V10.registerCount();
        assertEquals(Optional.of("r95"), OperandKind.R.nearestRegister(100, v10));
        assertEquals(Optional.of("d94"), OperandKind.D.nearestRegister(127, v10));
        assertEquals(Optional.of("d4"), OperandKind.D.nearestRegister(5, v10), "a pair starts at an even register");
        assertEquals(Optional.empty(), OperandKind.MEM.nearestRegister(5, v10), "an address is not a lone pair");
        assertEquals(Optional.empty(), OperandKind.REGMASK.nearestRegister(5, v10));
    }

    @Test
    void onlyALoneRegisterWidensToALonePair() {
        assertEquals(1, OperandKind.R.registerWidth());
        assertEquals(2, OperandKind.D.registerWidth());
        assertEquals(0, OperandKind.REGRANGE.registerWidth());
        assertTrue(OperandKind.R.widensTo(OperandKind.D));
        assertFalse(OperandKind.D.widensTo(OperandKind.R));
        assertFalse(OperandKind.REGMASK.widensTo(OperandKind.D));
    }

    @Test
    void aByteCountRoundsUpToTheMultipleItStores() {
        InstructionDef def = InstructionSet.v10().instructions().stream()
                .filter(d -> d.operands().stream().anyMatch(o -> o.kind().step() > 1)).findFirst().orElseThrow();
        OperandSpec bytes = def.operands().stream().filter(o -> o.kind().step() > 1).findFirst().orElseThrow();
        assertEquals(8, bytes.kind().step());
        assertEquals(java.util.OptionalLong.of(16), bytes.kind().roundedUp(bytes, 9));
        assertEquals(java.util.OptionalLong.empty(), bytes.kind().roundedUp(bytes, 16), "already a multiple");
        assertEquals(java.util.OptionalLong.empty(), bytes.kind().roundedUp(bytes, bytes.maxValue() + 1),
                "the multiple above is out of range");
        assertEquals(java.util.OptionalLong.empty(), OperandKind.HEX.roundedUp(bytes, 9), "any value is a multiple of 1");
    }

    @Test
    void everyKindPrintsItsCanonicalText() {
        assertEquals("r5", print(OperandKind.R, 5, 0));
        assertEquals("d6", print(OperandKind.D, 6, 0));
        assertEquals("#0x1f", print(OperandKind.HEX, 31, 0));
        assertEquals("#31", print(OperandKind.DEC, 31, 0));
        assertEquals("[d4]", print(OperandKind.MEM, 4, 0));
        assertEquals("[d4 - 8]", print(OperandKind.MEMOFF, 4, -8));
        assertEquals("r2:r3:r6", print(OperandKind.REGMASK, 2, 0b10011));
        assertEquals("r2:r5", print(OperandKind.REGRANGE, 2, 4));
        assertEquals("#64", print(OperandKind.BYTES8, 8, 0));
        assertEquals("loop", print(OperandKind.TARGET, -2, 0));
        assertEquals("#3", print(OperandKind.TARGET, 3, 0));
    }

    @Test
    void registersAreCheckedAgainstTheArchitecturesFile() {
        int v10 = Arch.V10.registerCount(), v12 = Arch.V12.registerCount();
        assertEquals("register r100 does not exist (r0..r95)", OperandKind.R.missingRegisters(100, 0, v10));
        assertNull(OperandKind.R.missingRegisters(100, 0, v12));
        assertEquals("register pair d126 does not exist (d0..d94)", OperandKind.D.missingRegisters(126, 0, v10));
        assertNull(OperandKind.MEMOFF.missingRegisters(126, 0, v12));
        assertEquals("register list from r90 with mask 0x100 goes past r95",
                OperandKind.REGMASK.missingRegisters(90, 0x100, v10));
        assertNull(OperandKind.HEX.missingRegisters(1000, 0, v10), "an immediate names no register");
    }

    @Test
    void aRegisterListIsCanonicalOnlyFromItsBase() {
        assertTrue(OperandKind.REGMASK.canonical(4, 0b101, 96));
        assertFalse(OperandKind.REGMASK.canonical(4, 0b100, 96), "bit 0 is the base register, always listed");
        assertFalse(OperandKind.REGRANGE.canonical(4, 0, 96), "an empty range has no text");
    }

    @Test
    void theRangeCheckIsTheOperandsAndSaysTheAllowedRange() {
        InstructionDef add = InstructionSet.v10().byMnemonic("ADD_IMMEDIATE32").orElseThrow();
        OperandSpec imm = add.operands().get(2);
        assertEquals(Optional.empty(), imm.rangeError(add.mnemonic(), imm.field(), -5));
        assertEquals(Optional.of("immediate 4294967296 out of range for ADD_IMMEDIATE32 imm: allowed "
                + "-2147483648..2147483647"), imm.rangeError(add.mnemonic(), imm.field(), 1L << 32));
    }

    @Test
    void snippetsAndTokensSayWhatAnOperandTakes() {
        assertEquals("${3:[dN + offset]}", OperandKind.MEMOFF.snippet(3));
        assertTrue(OperandKind.MEMOFF.acceptsPairs());
        assertFalse(OperandKind.MEMOFF.acceptsRegisters());
        assertTrue(OperandKind.REGRANGE.acceptsRegisters());
        assertTrue(OperandKind.TARGET.acceptsLabels());
        assertEquals(OperandKind.Tokens.IMMEDIATE, OperandKind.BYTES8.tokens());
    }
}
