package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Every convenience of the language assembles to the same word as the canonical spelling. */
class ConveniencesTest {

    private static void same(String canonical, String convenient) {
        assertEquals(Long.toHexString(Sources.word(canonical)), Long.toHexString(Sources.word(convenient)), convenient);
    }

    @Test
    void mnemonicsAndModifiersInAnyLetterCase() {
        same("BRANCH.ne r4, #-2", "branch.NE R4, #-2");
    }

    @Test
    void modifiersInAnyOrder() {
        same("RUN_COMPUTE.progress_inc.y_axis.srt1.spd2.tsd3.fau1 #5", "RUN_COMPUTE.fau1.tsd3.spd2.srt1.y_axis.progress_inc #5");
    }

    @Test
    void omittedOptionalModifiersTakeTheirDefault() {
        same("RUN_COMPUTE.x_axis.srt0.spd0.tsd0.fau0 #1", "RUN_COMPUTE #1");
        same("RUN_FRAGMENT.tile_order=zorder", "RUN_FRAGMENT");
    }

    @Test
    void runIdvsMallocFollowsGenxmlsDefaultOfOff() {
        assertEquals(1, (Sources.word("RUN_IDVS.malloc_enable r2, #0") >>> 33) & 1);
        assertEquals(0, (Sources.word("RUN_IDVS.no_malloc r2, #0") >>> 33) & 1);
        assertEquals(0, (Sources.assemble("RUN_IDVS r2, #0\n").program().entrySection().word(0) >>> 33) & 1);
    }

    @Test
    void hashBeforeImmediatesIsOptional() {
        same("MOVE32 r1, #0x10", "MOVE32 r1, 0x10");
    }

    @Test
    void decimalHexAndBinaryNumbers() {
        same("MOVE32 r1, #0x0a", "MOVE32 r1, #10");
        same("MOVE32 r1, #0x0a", "MOVE32 r1, #0b1010");
        same("MOVE32 r1, #0x0a", "MOVE32 r1, #0x0_a");
    }

    @Test
    void negativeImmediatesWhereTheFieldAllowsThem() {
        assertEquals(0x10040400ffffffffL, Sources.word("ADD_IMMEDIATE32 r4, r4, #-1"));
        assertEquals(0x02010000ffffffffL, Sources.word("MOVE32 r1, #-1"));
        assertEquals(0x0101ffffffffffffL, Sources.word("MOVE48 d1, #-1") | 0);
    }

    @Test
    void mesaMemoryOffsetFormAndMinusForm() {
        same("LOAD_MULTIPLE r40:r41, [d76 - 8]", "LOAD_MULTIPLE r40:r41, [d76 + -8]");
        same("LOAD_MULTIPLE r40:r41, [d76 + 0]", "LOAD_MULTIPLE r40:r41, [d76]");
    }

    @Test
    void aliasesAssembleLikeTheirInstruction() {
        same("ADD_IMMEDIATE32 r1, r2, #3", "ADD_IMM32 r1, r2, #3");
        same("ADD_IMMEDIATE64 d2, d4, #3", "ADD_IMM64 d2, d4, #3");
        same("UMIN32 r1, r2, r3", "COMPARE_SELECT32 r1, r2, r3");
    }

    @Test
    void registerTupleSetsMaskBitsFromTheBase() {
        long w = Sources.word("LOAD_MULTIPLE r40:r41:r43, [d76 + 8]");
        assertEquals(40, (w >>> 48) & 0xff);
        assertEquals(0b1011, (w >>> 16) & 0xffff);
    }

    @Test
    void registerRangeGivesBaseAndCount() {
        long w = Sources.word("TRACE_POINT r4:r7, #0x0, #0");
        assertEquals(4, (w >>> 32) & 0xff);
        assertEquals(4, (w >>> 40) & 0xff);
    }

    @Test
    void byteCountIsStoredDividedByEight() {
        assertEquals(8, Sources.word("PROT_REGION #64") & 0xffff);
    }

    @Test
    void optionalOperandMayBeLeftOutWithAWarning() {
        same("SET_EXCEPTION_HANDLER d4, r6, #0", "SET_EXCEPTION_HANDLER d4, r6");
        assertEquals("pandecode-spelling", Sources.assemble("SET_EXCEPTION_HANDLER d4, r6\n").warnings().get(0).code().id());
    }

    @Test
    void rawWordDirective() {
        assertEquals(0x1234_5678_9abc_def0L, Sources.word(".inst 0x123456789abcdef0"));
    }

    @Test
    void mesaUnknownOpcodeSpelling() {
        assertEquals(0x0a00_0000_0000_1234L, Sources.word("UNKNOWN_10 0x1234"));
    }

    @Test
    void expressionsAsImmediates() {
        assertEquals(0x02010000000f000fL, Sources.word("MOVE32 r1, (16-1) | (16-1) << 16"));
    }
}
