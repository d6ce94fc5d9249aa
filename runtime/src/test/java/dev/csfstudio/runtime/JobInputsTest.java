package dev.csfstudio.runtime;

import static dev.csfstudio.runtime.ExecutionTest.MAIN;
import static dev.csfstudio.runtime.ExecutionTest.move32;
import static dev.csfstudio.runtime.ExecutionTest.move48;
import static dev.csfstudio.runtime.ProgramFixture.insn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.DescriptorDef;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import dev.csfstudio.runtime.report.RunRecorder;

/** What {@code csf run} reports a RUN_* job read, decoded as pandecode decodes it. */
class JobInputsTest {

    private static final long DATA = 0x20000;

    /** A descriptor of {@code arch}'s table with the given fields, at {@code offset} of a buffer of {@code size}. */
    private static byte[] descriptor(Arch arch, byte[] into, int offset, String name, Object... fields) {
        DescriptorDef def = arch.descriptors().get(name);
        for (int i = 0; i < fields.length; i += 2) {
            def.field((String) fields[i]).orElseThrow().write(into, offset, ((Number) fields[i + 1]).longValue());
        }
        return into;
    }

    private static JobInputs.Job onlyJob(RunReport r) {
        assertEquals(RunStatus.OK, r.status(), () -> String.valueOf(r.fault()));
        assertEquals(1, r.jobs().size());
        return r.jobs().get(0);
    }

    private static long value(JobInputs.Job job, String path) {
        OptionalLong v = job.value(path);
        assertTrue(v.isPresent(), () -> path + " not among " + job.values().keySet());
        return v.getAsLong();
    }

    @Test
    void aComputeJobDecodesTheShaderProgramItsSpdPairPointsAt() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("shaders", DATA, descriptor(Arch.V10, new byte[64], 0, "shader_program", "type", 8, "stage", 1,
                "binary", 0x123440));
        p.stream("main", MAIN, move48(16, DATA), insn("RUN_COMPUTE", "task_inc", 1));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(1, value(job, "spd.stage"));
        assertEquals(0x123440, value(job, "spd.binary"));
    }

    @Test
    void theSpdSelectPicksTheRegisterPair() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("shaders", DATA, descriptor(Arch.V10, new byte[64], 32, "shader_program", "stage", 3));
        p.stream("main", MAIN, move48(20, DATA + 32), insn("RUN_COMPUTE", "spd", 2));
        JobInputs.Input spd = onlyJob(ExecutionTest.run(p)).inputs().stream().filter(i -> i.name().equals("spd"))
                .findFirst().orElseThrow();
        assertEquals("d20", spd.registers());
        assertEquals("vertex", spd.descriptors().get(0).fields().get(1).text());
    }

    @Test
    void aNullShaderPointerIsNotedWithTheLineOfTheRun() {
        ProgramFixture p = new ProgramFixture();
        int first = p.stream("main", MAIN, insn("RUN_COMPUTE"));
        RunReport r = ExecutionTest.run(p);
        assertTrue(r.notes().contains("fixture.csf:" + first + ":5: RUN_COMPUTE spd (d16): null pointer deref"),
                r.notes()::toString);
    }

    @Test
    void aPointerNoPageMapsIsAnInvalidMemoryDereference() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move48(24, 0x7700_0000L), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals("invalid memory dereference", job.inputs().stream().filter(i -> i.name().equals("tsd"))
                .findFirst().orElseThrow().note());
    }

    @Test
    void aDescriptorRunningPastItsBufferIsAnOverrunByTheBytesPastItsEnd() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("storage", DATA, new byte[64]);
        p.stream("main", MAIN, move48(24, DATA + 48), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals("buffer overrun. Chunk of size 32 at offset 48 in buffer of size 64. Overrun by 16 bytes.",
                job.inputs().stream().filter(i -> i.name().equals("tsd")).findFirst().orElseThrow().note());
    }

    @Test
    void aResourceTablePointersLowBitsCountItsEntries() {
        ProgramFixture p = new ProgramFixture();
        byte[] table = new byte[64];
        descriptor(Arch.V10, table, 0, "resource", "address", DATA + 0x1000, "size", 32);
        descriptor(Arch.V10, table, 16, "resource", "address", DATA + 0x2000, "size", 64);
        p.buffer("resources", DATA, table);
        p.stream("main", MAIN, move48(0, DATA | 2), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(DATA + 0x2000, value(job, "srt.1.address"));
        assertEquals(64, value(job, "srt.1.size"));
        assertFalse(job.value("srt.2.size").isPresent());
    }

    @Test
    void aFauPointerCarriesItsWordCountInTheTopByte() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("fau", DATA, new byte[64]);
        p.stream("main", MAIN, move48(8, DATA), move32(9, (DATA >>> 32) | 3L << 24), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(3, value(job, "fau.count"));
        assertEquals(DATA, value(job, "fau.address"));
    }

    @Test
    void theFauWordsAreReadAsPandecodeDumpsThem() {
        ProgramFixture p = new ProgramFixture();
        byte[] words = new byte[16];
        words[0] = 0x11;
        words[15] = (byte) 0x80;
        p.buffer("fau", DATA, words);
        p.stream("main", MAIN, move48(8, DATA), move32(9, (DATA >>> 32) | 2L << 24), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(0x11, value(job, "fau.0"));
        assertEquals(0x8000_0000_0000_0000L, value(job, "fau.1"));
        assertFalse(job.value("fau.2").isPresent());
    }

    @Test
    void fauWordsPastTheBufferAreNotReadAndTheOverrunIsNoted() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("fau", DATA, new byte[8]);
        p.stream("main", MAIN, move48(8, DATA), move32(9, (DATA >>> 32) | 3L << 24), insn("RUN_COMPUTE"));
        RunReport r = ExecutionTest.run(p);
        JobInputs.Job job = onlyJob(r);
        assertTrue(job.value("fau.0").isPresent());
        assertFalse(job.value("fau.1").isPresent());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("fau (d8): buffer overrun") && n.endsWith("Overrun by 16 bytes.")),
                r.notes()::toString);
    }

    @Test
    void aBlendDescriptorsEquationAndInternalBlendAreDecodedFieldByField() {
        ProgramFixture p = new ProgramFixture();
        byte[] blend = descriptor(Arch.V10, new byte[16], 0, "blend", "equation_rgb_a", 2, "equation_rgb_b", 3,
                "equation_rgb_c", 5, "equation_alpha_invert_c", 1, "equation_color_mask", 0xf, "internal_mode", 2,
                "internal_fixed_function_rt", 3, "internal_fixed_function_num_comps", 4);
        p.buffer("blend", DATA, blend);
        p.stream("main", MAIN, move48(50, DATA | 1), insn("RUN_IDVS"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(2, value(job, "blend.0.equation_rgb_a"));
        assertEquals(5, value(job, "blend.0.equation_rgb_c"));
        assertEquals(1, value(job, "blend.0.equation_alpha_invert_c"));
        assertEquals(0xf, value(job, "blend.0.equation_color_mask"));
        assertEquals(2, value(job, "blend.0.internal_mode"));
        assertEquals(3, value(job, "blend.0.internal_fixed_function_rt"));
        assertEquals(4, value(job, "blend.0.internal_fixed_function_num_comps"));
        JobInputs.Descriptor d = job.inputs().stream().filter(i -> i.name().equals("blend")).findFirst().orElseThrow()
                .descriptors().get(0);
        assertTrue(d.fields().stream().anyMatch(f -> f.name().equals("equation_rgb_c") && f.text().equals("src_alpha")),
                d::toString);
    }

    @Test
    void aShaderProgramsPreloadMaskIsDecoded() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("shaders", DATA, descriptor(Arch.V10, new byte[32], 0, "shader_program", "stage", 1, "preload", 0x8001));
        p.stream("main", MAIN, move48(16, DATA), insn("RUN_COMPUTE"));
        assertEquals(0x8001, value(onlyJob(ExecutionTest.run(p)), "spd.preload"));
    }

    @Test
    void aFragmentJobReadsItsTileEnableMapOnlyWithTheTileEnableMapFlag() {
        ProgramFixture off = new ProgramFixture();
        off.stream("main", MAIN, move32(46, 4), insn("RUN_FRAGMENT"));
        assertFalse(new Simulator().run(off.build()).jobs().get(0).value("tem_row_stride").isPresent());
        ProgramFixture on = new ProgramFixture();
        on.stream("main", MAIN, move48(44, 0x70000), move32(46, 4), insn("RUN_FRAGMENT", "enable_tem", 1));
        JobInputs.Job job = new Simulator().run(on.build()).jobs().get(0);
        assertEquals(0x70000, value(job, "tem"));
        assertEquals(4, value(job, "tem_row_stride"));
    }

    @Test
    void aResourceEntryHoldingDescriptorsHasItsBuffersDecodedAndOtherTypesListed() {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[128];
        descriptor(Arch.V10, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 64);
        descriptor(Arch.V10, memory, 64, "buffer", "type", 9, "size", 256, "address", 0x90000);
        memory[96] = 0; // a null descriptor
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, move48(0, DATA | 1), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(256, value(job, "srt.0.0.size"));
        assertEquals(0x90000, value(job, "srt.0.0.address"));
        assertEquals(0, value(job, "srt.0.1.type"));
        JobInputs.Descriptor empty = job.inputs().get(0).descriptors().get(2);
        assertEquals("null (not decoded)", empty.fields().get(0).text());
    }

    /** A v10 resource table at DATA whose one entry holds the 32-byte descriptor {@code name} at DATA + 64. */
    private static ProgramFixture oneDescriptorTable(int size, String name, Object... fields) {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[size];
        descriptor(Arch.V10, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 32);
        descriptor(Arch.V10, memory, 64, name, fields);
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, move48(0, DATA | 1), insn("RUN_COMPUTE"));
        return p;
    }

    @Test
    void aSamplerInAResourceTableIsDecodedFieldByField() {
        JobInputs.Job job = onlyJob(ExecutionTest.run(oneDescriptorTable(96, "sampler", "type", 1, "wrap_mode_s", 8,
                "compare_function", 3, "maximum_anisotropy", 15, "border_color_a", 0x3f800000L)));
        assertEquals("sampler", job.inputs().get(0).descriptors().get(1).name());
        assertEquals(8, value(job, "srt.0.0.wrap_mode_s"));
        assertEquals(3, value(job, "srt.0.0.compare_function"));
        assertEquals(15, value(job, "srt.0.0.maximum_anisotropy"));
        assertEquals(0x3f800000L, value(job, "srt.0.0.border_color_a"));
    }

    @Test
    void aTextureInAResourceTableIsDecodedWithThePlaneItsSurfacesPointerLeadsTo() {
        ProgramFixture p = oneDescriptorTable(128, "texture", "type", 2, "dimension", 2, "width", 64, "height", 32,
                "levels", 3, "surfaces", DATA + 96);
        p.buffer("plane", DATA + 96, descriptor(Arch.V10, new byte[32], 0, "plane", "type", 10, "plane_type", 1,
                "pointer", 0x90000, "row_stride", 256));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(64, value(job, "srt.0.0.width"));
        assertEquals(32, value(job, "srt.0.0.height"));
        assertEquals(3, value(job, "srt.0.0.levels"));
        assertEquals(0x90000, value(job, "srt.0.0.surfaces.pointer"));
        assertEquals(256, value(job, "srt.0.0.surfaces.row_stride"));
    }

    @Test
    void anAttributeInAResourceTableIsDecodedFieldByField() {
        JobInputs.Job job = onlyJob(ExecutionTest.run(oneDescriptorTable(96, "attribute", "type", 5,
                "attribute_type", 1, "frequency", 1, "buffer_index", 3, "stride", 16)));
        assertEquals("attribute", job.inputs().get(0).descriptors().get(1).name());
        assertEquals(1, value(job, "srt.0.0.frequency"));
        assertEquals(3, value(job, "srt.0.0.buffer_index"));
        assertEquals(16, value(job, "srt.0.0.stride"));
    }

    @Test
    void aV12PlanesPointerIs48BitsWithTheSizesHighBitsAbove() {
        ProgramFixture p = new ProgramFixture(Arch.V12);
        byte[] memory = new byte[128];
        descriptor(Arch.V12, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 32);
        descriptor(Arch.V12, memory, 64, "plane", "type", 10, "plane_type", 1, "pointer", 0x90000, "size_hi", 2, "row_stride", 64);
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, insn(Arch.V12, "MOVE48", "dst", 0, "imm", DATA | 1), insn(Arch.V12, "RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(new Simulator().run(p.build()));
        assertEquals(0x90000, value(job, "srt.0.0.pointer"));
        assertEquals(2, value(job, "srt.0.0.size_hi"));
        assertEquals(64, value(job, "srt.0.0.row_stride"));
    }

    @Test
    void aTexturesSurfacesPointerIsCheckedAgainstTheVmBeforeItsPlaneIsRead() {
        RunReport r = ExecutionTest.run(oneDescriptorTable(96, "texture", "type", 2, "surfaces", 0x7000000));
        JobInputs.Job job = onlyJob(r);
        assertEquals(0x7000000, value(job, "srt.0.0.surfaces"));
        assertFalse(job.value("srt.0.0.surfaces.pointer").isPresent());
        assertTrue(r.notes().stream().anyMatch(n -> n.endsWith("RUN_COMPUTE srt (d0): srt.0.0.surfaces: invalid memory"
                + " dereference")), () -> r.notes().toString());
    }

    @Test
    void aSamplersLevelsOfDetailPrintAsPandecodeUnpacksThemAndCompareAsStored() {
        JobInputs.Job job = onlyJob(ExecutionTest.run(oneDescriptorTable(96, "sampler", "type", 1, "minimum_lod", 384,
                "maximum_lod", 0x1000, "lod_bias", 0xffc0)));
        JobInputs.Descriptor sampler = job.inputs().get(0).descriptors().get(1);
        assertEquals("1.5", text(sampler, "minimum_lod"));
        assertEquals("16.0", text(sampler, "maximum_lod"));
        assertEquals("-0.25", text(sampler, "lod_bias"));
        assertEquals(384, value(job, "srt.0.0.minimum_lod"));
        assertTrue(job.describe().contains("minimum_lod=1.5 compare_function=never maximum_lod=16.0 lod_bias=-0.25"),
                job::describe);
    }

    private static String text(JobInputs.Descriptor d, String field) {
        return d.fields().stream().filter(f -> f.name().equals(field)).findFirst().orElseThrow().text();
    }

    /** A texture in a v10 resource table whose surfaces pointer leads to one plane descriptor at DATA + 96. */
    private static ProgramFixture textureWithPlane(String layout, Object... plane) {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[256];
        descriptor(Arch.V10, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 32);
        descriptor(Arch.V10, memory, 64, "texture", "type", 2, "surfaces", DATA + 96);
        descriptor(Arch.V10, memory, 96, layout, plane);
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, move48(0, DATA | 1), insn("RUN_COMPUTE"));
        return p;
    }

    @Test
    void aTexturesAfbcPlaneIsDecodedWithTheAfbcLayout() {
        JobInputs.Job job = onlyJob(ExecutionTest.run(textureWithPlane("afbc_plane", "type", 10, "plane_type", 6,
                "pointer", DATA + 128, "size", 64)));
        JobInputs.Descriptor plane = job.inputs().get(0).descriptors().stream()
                .filter(d -> d.label().equals("srt.0.0.surfaces")).findFirst().orElseThrow();
        assertEquals("afbc_plane", plane.name());
        assertEquals("afbc", text(plane, "plane_type"));
        assertEquals("_16x16", text(plane, "superblock_size"));
        assertEquals(0, value(job, "srt.0.0.surfaces.header_slice_size"));
        assertFalse(job.value("srt.0.0.surfaces.clump_format").isPresent());
    }

    @Test
    void anAstcPlaneEntryInAResourceTableIsDecodedWithItsBlockSize() {
        JobInputs.Job job = onlyJob(ExecutionTest.run(oneDescriptorTable(96, "astc_2d_plane", "type", 10, "plane_type", 4, "block_width", 4,
                "block_height", 7, "pointer", DATA, "size", 96)));
        JobInputs.Descriptor plane = job.inputs().get(0).descriptors().get(1);
        assertEquals("astc_2d_plane", plane.name());
        assertEquals("_8", text(plane, "block_width"));
        assertEquals("_12", text(plane, "block_height"));
    }

    @Test
    void aPlaneWhoseBytesRunPastItsBufferIsAnOverrun() {
        RunReport r = ExecutionTest.run(textureWithPlane("plane", "type", 10, "plane_type", 1, "pointer", DATA + 192,
                "size", 100));
        assertTrue(r.notes().stream().anyMatch(n -> n.endsWith("srt.0.0.surfaces.pointer: buffer overrun. Chunk of"
                + " size 100 at offset 192 in buffer of size 256. Overrun by 36 bytes.")), () -> r.notes().toString());
    }

    @Test
    void aChromaPlanesSecondPointerIsChecked() {
        RunReport r = ExecutionTest.run(textureWithPlane("chroma_2p_plane", "type", 10, "plane_type", 8, "pointer", DATA, "size", 32,
                "secondary_pointer", 0x7000000));
        assertTrue(r.notes().stream().anyMatch(n -> n.endsWith("srt.0.0.surfaces.secondary_pointer: invalid memory"
                + " dereference")), () -> r.notes().toString());
        assertFalse(r.notes().stream().anyMatch(n -> n.contains("surfaces.pointer")), () -> r.notes().toString());
    }

    @Test
    void aBufferDescriptorsBytesAreCheckedForTheSizeItStates() {
        RunReport ok = ExecutionTest.run(oneDescriptorTable(96, "buffer", "type", 9, "address", DATA, "size", 96));
        assertEquals(List.of(), srtNotes(ok));
        RunReport over = ExecutionTest.run(oneDescriptorTable(96, "buffer", "type", 9, "address", DATA + 32,
                "size", 80));
        assertTrue(over.notes().stream().anyMatch(n -> n.endsWith("RUN_COMPUTE srt (d0): srt.0.0.address: buffer"
                + " overrun. Chunk of size 80 at offset 32 in buffer of size 96. Overrun by 16 bytes.")),
                () -> over.notes().toString());
        RunReport unmapped = ExecutionTest.run(oneDescriptorTable(96, "buffer", "type", 9, "address", 0x7000000,
                "size", 4));
        assertTrue(unmapped.notes().stream().anyMatch(n -> n.endsWith("srt.0.0.address: invalid memory dereference")),
                () -> unmapped.notes().toString());
        RunReport nullWithBytes = ExecutionTest.run(oneDescriptorTable(96, "buffer", "type", 9, "size", 16));
        assertTrue(nullWithBytes.notes().stream().anyMatch(n -> n.endsWith("srt.0.0.address: null pointer deref")),
                () -> nullWithBytes.notes().toString());
        RunReport empty = ExecutionTest.run(oneDescriptorTable(96, "buffer", "type", 9));
        assertEquals(List.of(), srtNotes(empty));
    }

    /** The notes about the resource table's input (the fixtures leave the shader and storage pointers null). */
    private static List<String> srtNotes(RunReport r) {
        return r.notes().stream().filter(n -> n.contains(" srt (")).toList();
    }

    @Test
    void aV13BuffersSizeHasItsHighWord() {
        ProgramFixture p = new ProgramFixture(Arch.V13);
        byte[] memory = new byte[128];
        descriptor(Arch.V13, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 32);
        descriptor(Arch.V13, memory, 64, "buffer", "type", 9, "address", DATA, "size", 16, "size_hi", 1);
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, insn(Arch.V13, "MOVE48", "dst", 0, "imm", DATA | 1), insn(Arch.V13, "RUN_COMPUTE"));
        RunReport r = new Simulator().run(p.build());
        assertTrue(r.notes().stream().anyMatch(n -> n.endsWith("srt.0.0.address: buffer overrun. Chunk of size"
                + " 4294967312 at offset 0 in buffer of size 128. Overrun by 4294967184 bytes.")),
                () -> r.notes().toString());
    }

    @Test
    void anInlineUniformBufferIsListedAsPandecodeListsItAndNotReadAsDescriptors() {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[160];
        descriptor(Arch.V10, memory, 0, "resource", "address", DATA + 64, "contains_descriptors", 1, "size", 96);
        descriptor(Arch.V10, memory, 64, "buffer", "type", 9, "address", DATA + 96, "size", 32);
        memory[96] = 1;
        memory[100] = 2;
        memory[104] = 0x0a; // a texture's type, were the words read as a descriptor
        p.buffer("resources", DATA, memory);
        p.stream("main", MAIN, move48(0, DATA | 1), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        JobInputs.Descriptor iub = job.inputs().get(0).descriptors().stream()
                .filter(d -> d.label().equals("srt.0.0.iub")).findFirst().orElseThrow();
        assertEquals(DATA + 96, iub.address());
        assertEquals(4, iub.fields().size());
        assertEquals("00000001 00000002", iub.fields().get(0).text());
        assertEquals(0x2_0000_0001L, value(job, "srt.0.0.iub.0"));
        assertEquals("0000000A 00000000", iub.fields().get(1).text());
        assertFalse(job.value("srt.0.1.type").isPresent());
        assertTrue(job.value("srt.0.2.type").isPresent(), () -> job.values().keySet().toString());
    }

    @Test
    void theWorkgroupSizeIsDecodedFromItsRegister() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move32(33, 7 | 3 << 10), insn("RUN_COMPUTE"));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(8, value(job, "wg_size.workgroup_size_x"));
        assertEquals(4, value(job, "wg_size.workgroup_size_y"));
    }

    @Test
    void idvsListsItsDrawIdRegisterOnlyWhenTheDrawIdFlagIsSet() {
        ProgramFixture off = new ProgramFixture();
        off.stream("main", MAIN, insn("RUN_IDVS", "draw_id", 0));
        assertFalse(ExecutionTest.run(off).recorded().get(0).inputRegisters().containsKey("r0"));
        ProgramFixture on = new ProgramFixture();
        on.stream("main", MAIN, insn("RUN_IDVS", "draw_id", 0, "draw_id_enable", 1));
        assertTrue(ExecutionTest.run(on).recorded().get(0).inputRegisters().containsKey("r0"));
    }

    @Test
    void theIndexOffsetIsReadOnlyWhenThePrimitiveFlagsNameAnIndexType() {
        ProgramFixture plain = new ProgramFixture();
        plain.stream("main", MAIN, insn("RUN_IDVS"));
        assertFalse(onlyJob(ExecutionTest.run(plain)).value("index_offset").isPresent());
        ProgramFixture indexed = new ProgramFixture();
        indexed.stream("main", MAIN, insn("RUN_IDVS", "flags", 3 << 8));
        assertEquals(3, value(onlyJob(ExecutionTest.run(indexed)), "tiler_flags.index_type"));
        assertTrue(onlyJob(ExecutionTest.run(indexed)).value("index_offset").isPresent());
    }

    @Test
    void theTilerContextsHeapIsReadToo() {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[256];
        descriptor(Arch.V10, memory, 0, "tiler_context", "heap", DATA + 128, "fb_width", 64);
        descriptor(Arch.V10, memory, 128, "tiler_heap", "size", 0x8000);
        p.buffer("tiler", DATA, memory);
        p.stream("main", MAIN, move48(40, DATA), insn("RUN_FULLSCREEN", "dcd", 2));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(64, value(job, "tiler_ctx.fb_width"));
        assertEquals(0x8000, value(job, "tiler_ctx.heap.size"));
    }

    /**
     * pandecode_dcd reads a draw's blends (its blend count of them), its resource tables (counted by the pointer's low
     * six bits) and its FAU (its count in another field), besides the depth/stencil, shader and local storage.
     */
    @Test
    void aDrawsBlendsResourceTablesAndFauAreReadAsPandecodeDcdReadsThem() {
        ProgramFixture p = new ProgramFixture();
        byte[] memory = new byte[512];
        descriptor(Arch.V10, memory, 0, "draw", "blend", DATA + 128, "blend_count", 2, "shader_resources",
                DATA + 192 + 1, "shader_fau", DATA + 256, "shader_fau_count", 2);
        descriptor(Arch.V10, memory, 128, "blend", "equation_color_mask", 0xf);
        descriptor(Arch.V10, memory, 144, "blend", "equation_color_mask", 0x3);
        descriptor(Arch.V10, memory, 192, "resource", "address", DATA + 320, "size", 32, "contains_descriptors", 1);
        descriptor(Arch.V10, memory, 320, "sampler", "type", 1, "wrap_mode_s", 8);
        memory[256] = 0x11;
        memory[264] = 0x22;
        p.buffer("draw", DATA, memory);
        p.stream("main", MAIN, move48(2, DATA), insn("RUN_FULLSCREEN", "dcd", 2));
        JobInputs.Job job = onlyJob(ExecutionTest.run(p));
        assertEquals(0xf, value(job, "dcd.blend.0.equation_color_mask"));
        assertEquals(0x3, value(job, "dcd.blend.1.equation_color_mask"));
        assertTrue(job.value("dcd.blend.2.equation_color_mask").isEmpty(), job.values().keySet()::toString);
        assertEquals(DATA + 320, value(job, "dcd.shader_resources.0.address"));
        assertEquals(8, value(job, "dcd.shader_resources.0.0.wrap_mode_s"));
        assertEquals(2, value(job, "dcd.shader_fau.count"));
        assertEquals(0x22, value(job, "dcd.shader_fau.1"));
    }

    @Test
    void aV12DrawsFragmentResourceTablePointerNoPageMapsIsNotedOnTheDraw() {
        ProgramFixture p = new ProgramFixture(Arch.V12);
        byte[] memory = new byte[128];
        descriptor(Arch.V12, memory, 0, "draw", "fragment_resources", 0x7700_0000L + 2, "vertex_fau_pointer",
                DATA + 120, "vertex_fau_count", 2);
        p.buffer("draw", DATA, memory);
        p.stream("main", MAIN, insn(Arch.V12, "MOVE48", "dst", 2, "imm", DATA),
                insn(Arch.V12, "RUN_FULLSCREEN", "dcd", 2));
        JobInputs.Job job = onlyJob(new Simulator().run(p.build()));
        String note = job.inputs().stream().filter(i -> i.name().equals("dcd")).findFirst().orElseThrow().note();
        assertTrue(note.contains("dcd.fragment_resources: invalid memory dereference"), note);
        assertTrue(note.contains("dcd.vertex_fau_pointer: buffer overrun. Chunk of size 16 at offset 120 in buffer of"
                + " size 128. Overrun by 8 bytes."), note);
        assertEquals(1, value(job, "dcd.vertex_fau_pointer.count") - 1);
    }

    @Test
    void aFragmentJobDecodesItsBoundingBoxThoughItRuns() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, move32(43, 15 | 7 << 16), insn("RUN_FRAGMENT"));
        RunReport r = new Simulator().run(p.build());
        JobInputs.Job job = r.jobs().get(0);
        assertEquals("RUN_FRAGMENT", job.mnemonic());
        assertEquals(7, value(job, "bbox.scissor_maximum_y"));
    }

    @Test
    void v12IdvsReadsTheViewportFromItsFourRegisters() {
        ProgramFixture p = new ProgramFixture(Arch.V12);
        p.stream("main", MAIN, insn(Arch.V12, "MOVE32", "dst", 45, "imm", 1080L << 16 | 1920),
                insn(Arch.V12, "MOVE32", "dst", 47, "imm", Float.floatToIntBits(1.0f)), insn(Arch.V12, "RUN_IDVS2"));
        JobInputs.Job job = onlyJob(new Simulator().run(p.build()));
        assertEquals(1920, value(job, "viewport.max_x"));
        assertEquals(1080, value(job, "viewport.max_y"));
    }

    @Test
    void theSummaryPrintsTheShadersStageAndSaysShadersAreNotDisassembled() {
        ProgramFixture p = new ProgramFixture();
        p.buffer("shaders", DATA, descriptor(Arch.V10, new byte[64], 0, "shader_program", "stage", 1));
        p.stream("main", MAIN, move48(16, DATA), insn("RUN_COMPUTE"));
        String summary = RunOutput.summary(ExecutionTest.run(p));
        assertTrue(summary.contains("spd @0x20000: type=null stage=compute"), summary);
        assertTrue(summary.contains("spd: shader binary not disassembled (Valhall disassembly is out of scope)"), summary);
    }

    @Test
    void jobsPastTheRecordLimitAreCountedInANote() {
        ProgramFixture p = new ProgramFixture();
        long[] words = new long[RunRecorder.RECORD_LIMIT + 2];
        java.util.Arrays.fill(words, insn("RUN_COMPUTE_INDIRECT"));
        p.stream("main", MAIN, words);
        RunReport r = ExecutionTest.run(p);
        assertEquals(RunRecorder.RECORD_LIMIT, r.jobs().size());
        assertTrue(r.notes().contains("2 RUN_* job(s) after the first 1000 ran without their inputs decoded"),
                r.notes()::toString);
    }

    @Test
    void jobsAreNumberedInTheOrderTheyRan() {
        ProgramFixture p = new ProgramFixture();
        p.stream("main", MAIN, insn("RUN_COMPUTE"), insn("RUN_COMPUTE_INDIRECT"));
        List<JobInputs.Job> jobs = ExecutionTest.run(p).jobs();
        assertEquals(List.of(1, 2), jobs.stream().map(JobInputs.Job::number).toList());
        assertEquals("RUN_COMPUTE_INDIRECT", jobs.get(1).mnemonic());
    }
}
