package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The staging-register maps (jobs-v10.txt, jobs-v12.txt) against the instruction and descriptor tables. */
class JobTableTest {

    @ParameterizedTest
    @EnumSource(Arch.class)
    void everyRunInstructionOfTheArchitectureHasAJobAndEveryJobAnInstruction(Arch arch) {
        List<String> runs = new ArrayList<>();
        for (InstructionDef d : arch.instructionSet().instructions()) {
            if (d.mnemonic().startsWith("RUN_")) {
                runs.add(d.mnemonic());
            }
        }
        List<String> jobs = JobTable.of(arch).all().stream().map(JobTable.Job::mnemonic).sorted().toList();
        assertEquals(runs.stream().sorted().toList(), jobs);
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void everyInputNamesFieldsDescriptorsAndRegistersThatExist(Arch arch) {
        List<String> wrong = new ArrayList<>();
        DescriptorDef flags = arch.descriptors().get("primitive_flags");
        for (JobTable.Job job : JobTable.of(arch).all()) {
            InstructionDef insn = arch.instructionSet().byMnemonic(job.mnemonic()).orElseThrow();
            for (JobTable.Input in : job.inputs()) {
                String where = job.mnemonic() + "." + in.name();
                if (in.selectField() != null && insn.field(in.selectField()).isEmpty()) {
                    wrong.add(where + ": no instruction field " + in.selectField());
                }
                if (in.when() != null && insn.field(in.when()).isEmpty() && flags.field(in.when()).isEmpty()) {
                    wrong.add(where + ": no flag " + in.when());
                }
                String descriptor = in.kind().descriptor();
                if (descriptor != null && arch.descriptors().all().stream().noneMatch(d -> d.name().equals(descriptor))) {
                    wrong.add(where + ": no descriptor " + descriptor);
                }
                String or = in.kind().orField();
                if (or != null && insn.field(or).isEmpty()) {
                    wrong.add(where + ": no instruction field " + or);
                }
                if (in.register() + 2 > arch.registerCount()) {
                    wrong.add(where + ": register " + in.register() + " past the register file");
                }
            }
            for (String operand : job.operandWhen().keySet()) {
                if (insn.operands().stream().noneMatch(o -> o.field().name().equals(operand))) {
                    wrong.add(job.mnemonic() + ": no operand " + operand);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void everyFollowedPointerIsAFieldOfItsDescriptorAndLeadsToOne(Arch arch) {
        List<String> wrong = new ArrayList<>();
        for (DescriptorDef d : arch.descriptors().all()) {
            for (JobTable.Follow follow : JobTable.of(arch).follows(d.name())) {
                if (d.field(follow.field()).isEmpty()) {
                    wrong.add(d.name() + " has no field " + follow.field());
                }
                if (!follow.descriptor().equals(JobTable.FAU)
                        && arch.descriptors().all().stream().noneMatch(t -> t.name().equals(follow.descriptor()))) {
                    wrong.add(d.name() + "." + follow.field() + " leads to no descriptor " + follow.descriptor());
                }
                if (follow.count() != null && d.field(follow.count()).isEmpty()) {
                    wrong.add(d.name() + "." + follow.field() + " is counted by no field " + follow.count());
                }
                if (follow.descriptor().equals(JobTable.FAU) && follow.count() == null) {
                    wrong.add(d.name() + "." + follow.field() + " leads to FAU words without their count");
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(List.of(new JobTable.Follow("heap", "tiler_heap")), JobTable.of(arch).follows("tiler_context"));
    }

    /** pandecode_dcd reads a draw's blends (blend_count of them) and resource tables (the pointer's low six bits). */
    @ParameterizedTest
    @EnumSource(Arch.class)
    void aDrawLeadsToItsBlendsByTheirCountAndToItsResourceTablesByThePointersLowBits(Arch arch) {
        List<JobTable.Follow> draw = JobTable.of(arch).follows("draw");
        assertTrue(draw.contains(new JobTable.Follow("blend", "blend", "blend_count", 0)), draw::toString);
        String resources = arch == Arch.V10 ? "shader_resources" : "fragment_resources";
        assertTrue(draw.contains(new JobTable.Follow(resources, "resource", null, 0x3f)), draw::toString);
        assertTrue(draw.stream().anyMatch(f -> f.descriptor().equals(JobTable.FAU) && f.counted()), draw::toString);
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void aComputeDispatchReadsItsShaderFromTheSpdSelectedPair(Arch arch) {
        JobTable.Input spd = JobTable.of(arch).job("RUN_COMPUTE").orElseThrow().inputs().stream()
                .filter(i -> i.name().equals("spd")).findFirst().orElseThrow();
        assertEquals(16, spd.register());
        assertEquals("spd", spd.selectField());
        assertEquals(2, spd.selectStride());
        assertEquals(JobTable.Form.POINTER, spd.kind().form());
        assertEquals("shader_program", spd.kind().descriptor());
    }

    @ParameterizedTest
    @EnumSource(Arch.class)
    void theDrawIdOperandIsReadOnlyWhenItsFlagIsSet(Arch arch) {
        String idvs = arch == Arch.V10 ? "RUN_IDVS" : "RUN_IDVS2";
        assertEquals("draw_id_enable", JobTable.of(arch).job(idvs).orElseThrow().operandWhen().get("draw_id"));
    }

    @org.junit.jupiter.api.Test
    void v12IdvsReadsTheViewportFromTheIdvsViewportRegisters() {
        JobTable.Input viewport = JobTable.of(Arch.V12).job("RUN_IDVS2").orElseThrow().inputs().stream()
                .filter(i -> i.name().equals("viewport")).findFirst().orElseThrow();
        assertEquals(44, viewport.register());
        assertEquals(JobTable.Form.INLINE, viewport.kind().form());
        assertEquals("viewport", viewport.kind().descriptor());
    }
}
