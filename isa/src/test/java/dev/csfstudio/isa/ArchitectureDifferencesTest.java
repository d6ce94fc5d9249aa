package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What sets v12 apart from v10, and v13 from v12, seen through the tables: mnemonics, registers, field widths,
 * descriptors.
 */
class ArchitectureDifferencesTest {

    private static final InstructionSet V10 = InstructionSet.v10();
    private static final InstructionSet V12 = InstructionSet.v12();

    @ParameterizedTest
    @ValueSource(strings = {"RUN_IDVS2", "LOGIC_OP32", "MOVE_REG32", "AND32", "OR32", "XOR32", "NOT32", "BIT_SET32",
            "BIT_CLEAR32", "NEXT_SB_ENTRY", "SET_STATE", "SET_STATE_IMM32", "SHARED_SB_INC", "SHARED_SB_DEC"})
    void v12OnlyMnemonicIsNotV10s(String mnemonic) {
        assertTrue(V12.byMnemonic(mnemonic).isPresent(), mnemonic);
        assertFalse(V10.spellings().contains(mnemonic), mnemonic);
    }

    @ParameterizedTest
    @ValueSource(strings = {"RUN_TILING", "RUN_IDVS"})
    void v10OnlyMnemonicIsNotV12s(String mnemonic) {
        assertTrue(V10.byMnemonic(mnemonic).isPresent(), mnemonic);
        assertFalse(V12.spellings().contains(mnemonic), mnemonic);
    }

    @Test
    void v13IsV12OutsideTheArithOpcodes() {
        InstructionSet v13 = InstructionSet.v13();
        for (InstructionDef def : V12.allDefinitions()) {
            if (List.of(16, 17, 18).contains(def.opcode())) {
                continue;
            }
            InstructionDef same = v13.byMnemonic(def.mnemonic()).orElseThrow();
            assertEquals(def.opcode(), same.opcode(), def.mnemonic());
            assertEquals(def.fields(), same.fields(), def.mnemonic());
            assertEquals(def.pandecode().source(), same.pandecode().source(), def.mnemonic());
        }
        assertTrue(v13.byMnemonic("COMPARE_SELECT32").isEmpty(), "v12's genxml name of opcode 18 is gone");
    }

    @Test
    void v12HasOneInstructionPerGenxmlOpcodeAndSevenPresetForms() {
        assertEquals(44, V12.instructions().size());
        assertEquals(List.of("MOVE_REG32", "AND32", "OR32", "XOR32", "NOT32", "BIT_SET32", "BIT_CLEAR32"),
                V12.forms().stream().map(InstructionDef::mnemonic).toList());
        assertTrue(V12.forms().stream().allMatch(f -> V12.byOpcode(f.opcode()).orElseThrow() == f.formOf()));
        assertEquals(39, V10.instructions().size());
        assertEquals(List.of(), V10.forms());
    }

    @Test
    void v12QueuesHave128Registers() {
        assertEquals(96, V10.registerCount());
        assertEquals(128, V12.registerCount());
        long move32r127 = 0x027f000000000005L;
        assertEquals(".inst 0x027f000000000005", new Disassembler(V10).disassemble(move32r127));
        assertEquals("MOVE32 r127, #0x5", new Disassembler(V12).disassemble(move32r127));
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
            // v12 widens WAIT's mask to 16 bits and gives it a wait mode
            "0x03000000ff000000 | .inst 0x03000000ff000000 | WAIT #0xff00",
            "0x0300000200010000 | .inst 0x0300000200010000 | WAIT.indirect #0x1",
            // opcode 5 is RUN_TILING on v10 and unknown on v12; 19 is unknown on v10
            "0x0500000000000000 | RUN_TILING.srt0.spd0.tsd0.fau0 #0x0 | .inst 0x0500000000000000",
            "0x1301020300000001 | .inst 0x1301020300000001 | LOGIC_OP32.and.direct r1, r2, r3",
            // SYNC_ADD32's bit 52 is v12's defer mode
            "0x2510020300000000 | .inst 0x2510020300000000 | SYNC_ADD32.system.defer_indirect [d2], r3, #0x0, #0",
    })
    void sameWordDecodesByItsArchitecture(String word, String v10, String v12) {
        long w = Long.parseUnsignedLong(word.substring(2), 16);
        assertEquals(v10, new Disassembler(V10).disassemble(w));
        assertEquals(v12, new Disassembler(V12).disassemble(w));
    }

    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource({"WAIT, wait_mask, 8, 16", "BRANCH, cond, 3, 4", "STORE_STATE, state, 2, 8", "HEAP_OPERATION, op, 2, 3"})
    void v12WidensField(String mnemonic, String field, int v10Bits, int v12Bits) {
        assertEquals(v10Bits, V10.byMnemonic(mnemonic).orElseThrow().field(field).orElseThrow().width());
        assertEquals(v12Bits, V12.byMnemonic(mnemonic).orElseThrow().field(field).orElseThrow().width());
    }

    @Test
    void v12FramebufferParametersAre72BytesAndThePadding56() {
        assertEquals(64, DescriptorSet.v10().get(DescriptorSet.FRAMEBUFFER_PARAMETERS).size());
        assertEquals(64, DescriptorSet.v10().get(DescriptorSet.PADDING).size());
        assertEquals(72, DescriptorSet.v12().get(DescriptorSet.FRAMEBUFFER_PARAMETERS).size());
        assertEquals(56, DescriptorSet.v12().get(DescriptorSet.PADDING).size());
        DescriptorField plane = DescriptorSet.v12().get(DescriptorSet.FRAMEBUFFER_PARAMETERS).field("vrs_image_plane")
                .orElseThrow();
        assertEquals(16, plane.word());
        assertEquals(Optional.empty(), DescriptorSet.v10().get(DescriptorSet.FRAMEBUFFER_PARAMETERS).field("vrs_image_plane"));
    }

    @Test
    void v12RowStridesAre27BitsWithTheSurfaceStridesHighBitsAbove() {
        DescriptorDef rt = DescriptorSet.v12().get(DescriptorSet.RENDER_TARGET);
        assertEquals(27, rt.field("row_stride").orElseThrow().width());
        assertEquals(27, rt.field("surface_stride_hi").orElseThrow().lsb());
        assertEquals(rt.field("row_stride"), rt.field("writeback_buffer_row_stride"), "genxml v12's name is an alias");
        assertEquals(32, DescriptorSet.v10().get(DescriptorSet.RENDER_TARGET).field("row_stride").orElseThrow().width());
    }

    @Test
    void v12MsaaHasNoMultipleMode() {
        EnumType v12 = DescriptorSet.v12().enumType("msaa").orElseThrow();
        assertTrue(v12.valueOf("multiple").isEmpty());
        assertTrue(DescriptorSet.v10().enumType("msaa").orElseThrow().valueOf("multiple").isPresent());
    }

    @ParameterizedTest
    @ValueSource(strings = {"v10", "v12", "v13"})
    void descriptorFieldsShareBitsOnlyWhereOneOverlaysTheOther(String arch) {
        assertEquals(List.of(), sharedBits(arch.equals("v10") ? DescriptorSet.v10()
                : arch.equals("v12") ? DescriptorSet.v12() : DescriptorSet.v13()));
    }

    private static List<String> sharedBits(DescriptorSet set) {
        List<String> out = new ArrayList<>();
        for (DescriptorDef d : set.all()) {
            List<DescriptorField> fs = d.fields();
            for (int i = 0; i < fs.size(); i++) {
                for (int j = i + 1; j < fs.size(); j++) {
                    DescriptorField f = fs.get(i);
                    DescriptorField g = fs.get(j);
                    boolean overlap = f.word() * 32L + f.lsb() <= g.word() * 32L + g.msb()
                            && g.word() * 32L + g.lsb() <= f.word() * 32L + f.msb();
                    // two views of one whole field (a blend shader's PC and the fixed-function conversion, both
                    // overlaying the internal blend) are alternatives, as genxml's overlapping structs are
                    boolean views = f.overlays() != null && f.overlays().equals(g.overlays());
                    if (overlap && !views && !g.name().equals(f.overlays()) && !f.name().equals(g.overlays())) {
                        out.add(d.name() + ": " + f.name() + " and " + g.name());
                    }
                }
            }
        }
        return out;
    }
}
