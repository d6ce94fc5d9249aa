package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The table format's preset forms, optional modifiers and name tables, and the loader's checks (test tables). */
class InstructionTableFormatTest {

    private static final InstructionSet FORMS = InstructionSet.load("tables/forms");

    @Test
    void presetFormFixesItsFieldsAndKeepsTheOtherModifiers() {
        InstructionDef sub = FORMS.byMnemonic("sub").orElseThrow();
        assertTrue(sub.isForm());
        assertEquals("COMBINE", sub.formOf().mnemonic());
        assertEquals(List.of("saturate"), sub.modifiers().stream().map(m -> m.field().name()).toList());
        assertEquals("Subtracts.", sub.doc());
        long word = Encoder.encode(sub, Map.of("dst", 3L, "src", 4L, "saturate", 1L));
        assertEquals(0x0700000000003411L, word);
        assertEquals("COMBINE.saturate.sub r3, r4", new Disassembler(FORMS).disassemble(word));
    }

    @Test
    void presetFormValueMayBeANumberAndItsOperandsASubset() {
        InstructionDef negate = FORMS.byMnemonic("NEGATE").orElseThrow();
        assertEquals(List.of("dst"), negate.operands().stream().map(o -> o.field().name()).toList());
        assertEquals(Optional.empty(), negate.field("src"), "an unused field is left out: it stays 0");
        assertEquals(0x0700000000005001L, Encoder.encode(negate, Map.of("dst", 5L)));
    }

    @Test
    void formsAreSpellingsNotDecodings() {
        assertEquals(List.of("COMBINE"), FORMS.instructions().stream().map(InstructionDef::mnemonic).toList());
        assertEquals(List.of("SUB", "NEGATE"), FORMS.forms().stream().map(InstructionDef::mnemonic).toList());
        assertEquals("COMBINE", FORMS.byOpcode(7).orElseThrow().mnemonic());
    }

    @Test
    void undefinedNameHasNoPandecodeText() {
        PandecodeText pandecode = new PandecodeText(FORMS);
        assertEquals(Optional.of("COMBINE.min.sat r1, r2"), pandecode.print(0x0700000000001212L));
        assertEquals(Optional.empty(), pandecode.print(0x0700000000001213L));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "tables/form-unknown-field | tables/form-unknown-field.isa:9: form SUB: COMBINE has no field mode",
            "tables/form-unknown-value | tables/form-unknown-value.isa:9: form MUL: mul is no value of COMBINE field op (one of add, sub)",
            "tables/form-fixed-operand | tables/form-fixed-operand.isa:9: form ZERO: field dst is both fixed and an operand",
            "tables/duplicate-mnemonic | tables/duplicate-mnemonic.isa:4: mnemonic COMBINE is defined twice",
            "tables/enum-too-wide | tables/enum-too-wide.isa:5: COMBINE: enum op value huge=9 does not fit field op [2:0]",
            "tables/exec-unknown-action | tables/exec-unknown-action.isa:4: unknown exec action shuffle (one of recorded, nop, move48, move32, add32, add64, umin32, logic32, load_multiple, store_multiple, branch, call, jump, sync_add32, sync_set32, sync_add64, sync_set64, sync_wait32, sync_wait64, store_state, run_fragment, umin64, umin_imm32, umin_imm64, add_reg32, add_reg64, sub32, sub64, lshift32, lshift64, rshift_u32, rshift_u64, rshift_s32, rshift_s64, bfins32, bfins64, lshift_imm32, lshift_imm64, rshift_imm_u32, rshift_imm_u64, rshift_imm_s32, rshift_imm_s64, bfext_u32, bfext_u64, bfext_s32, bfext_s64, bfins_imm32, bfins_imm64, wait, set_sb_entry, error_barrier, set_exception_handler, set_state, set_state_imm32, next_sb_entry, shared_sb_inc, shared_sb_dec)",
            "tables/subopcode-undeclared | tables/subopcode-undeclared.isa:2: opcode 7.1 is outside 0..255, used twice, or has a sub-opcode no 'subopcode' line declared",
            "tables/subopcode-twice | tables/subopcode-twice.isa:5: sub-opcode 7.1 does not fit [31:24] or is used twice",
            "tables/exec-unknown-field | tables/exec-unknown-field.isa:5: no field cond in COMBINE",
            "tables/exec-not-a-condition | tables/exec-not-a-condition.isa:8: COMBINE: zero of enum test is no condition (one of [le, gt, eq, ne, lt, ge, always])",
    })
    void brokenTableIsRefusedWithItsLine(String table, String message) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> InstructionSet.load(table));
        assertEquals(message, e.getMessage());
    }

    @Test
    void execLineBindsRolesToFieldsAndConditionsByName() {
        InstructionDef def = InstructionSet.load("tables/exec-branch").byOpcode(7).orElseThrow();
        Semantics s = def.semantics();
        assertEquals(Execution.BRANCH, s.action());
        assertEquals(Execution.Flow.BRANCH, s.flow());
        assertEquals("dst", s.role("value").orElseThrow().name(), "value=dst rebinds the role");
        assertEquals("offset", s.role("offset").orElseThrow().name(), "an unbound role reads its namesake");
        long ne = Encoder.encode(def, Map.of("cond", 1L));
        assertEquals(Optional.of(Condition.NE), s.conditionIn(ne));
        assertEquals(Optional.empty(), s.conditionIn(Encoder.encode(def, Map.of("cond", 5L))), "5 is not in the enum");
        assertEquals(1, s.maxCondition());
    }

    @Test
    void instructionWithoutExecIsRecordedAndFallsThrough() {
        InstructionDef def = FORMS.byOpcode(7).orElseThrow();
        assertEquals(Execution.RECORDED, def.semantics().action());
        assertEquals(Execution.Flow.NEXT, def.semantics().flow());
    }
}
