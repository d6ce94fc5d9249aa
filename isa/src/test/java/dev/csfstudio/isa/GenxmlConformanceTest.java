package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Compares the instruction and descriptor tables with mesa's genxml ({@code src/panfrost/genxml/v10.xml} given as
 * {@code -Dcsf.genxml=PATH}, {@code v12.xml} as {@code -Dcsf.genxml.v12=PATH}, {@code v13.xml} as
 * {@code -Dcsf.genxml.v13=PATH}; skipped without them). Every
 * {@code <struct name="CS ...">} whose Opcode field has a default must match the table definition of that name (a
 * preset form such as MOVE_REG32, an alias such as ADD_IMM32) or else of that opcode, field by field: bit range,
 * signedness, default, the values of its enumeration and genxml's shr(3) as a bytes8 operand; every table
 * definition must have such a struct. Where the table splits an opcode by sub-opcode (v13's ARITH_*), a struct
 * whose Sub Opcode field has a default is compared with the definition of its name, sub-opcode included; one whose
 * Sub Opcode has none ("CS ARITH_IMM32 Base") is a view of them all, whose Sub Opcode range must be the table's. The
 * "Framebuffer Parameters", "ZS CRC Extension" and "Render Target" structs (the render target's RGB view with its
 * writeback buffer and clear words, the extension's CRC, ZS and S targets and their AFBC views) must match the
 * descriptor table both ways: every field by its snake_case name or alias, with its word and bits, modifier
 * (minus(1), shr(n), log2), enumeration values and default; the Framebuffer aggregate's padding must sit where
 * the table's parameters end and be as long as the table's padding. The descriptors RUN_* jobs read (shader
 * program, local storage, resource (and the buffer descriptors a resource table holds), tiler context and heap, scissor, viewport, workgroup size, depth/stencil, blend,
 * primitive and DCD flags, draw, the resource entries' sampler, texture, attribute and plane layouts) are compared the
 * same way; without the properties every descriptor of each table is compared with the genxml facts kept in
 * {@code genxml/v10-jobs.xml}, {@code v12-jobs.xml} and {@code v13-jobs.xml} (copied from mesa, the commit named in
 * each; {@link #theFactsKeptWithTheTestsCoverTheseDescriptorsOfEachTable} lists any a table gains without them). The job table's staging
 * registers ({@code sr=} names) are compared with genxml's "COMPUTE SR", "IDVS SR" and "FRAGMENT SR" enumerations,
 * from the files or from the facts kept in {@code genxml/v*-jobs.xml}.
 */
class GenxmlConformanceTest {

    @Test
    void v10TablesMatchMesaGenxml() throws Exception {
        assertConforms("csf.genxml", Arch.V10, InstructionSet.v10(), DescriptorSet.v10());
    }

    @Test
    void v12TablesMatchMesaGenxml() throws Exception {
        assertConforms("csf.genxml.v12", Arch.V12, InstructionSet.v12(), DescriptorSet.v12());
    }

    @Test
    void v13TablesMatchMesaGenxml() throws Exception {
        assertConforms("csf.genxml.v13", Arch.V13, InstructionSet.v13(), DescriptorSet.v13());
    }

    private static void assertConforms(String property, Arch arch, InstructionSet isa, DescriptorSet descriptors)
            throws Exception {
        String path = System.getProperty(property);
        assumeTrue(path != null && !path.isBlank(), "pass -D" + property + "=<mesa " + isa.name() + ".xml> to compare");
        Path xml = Path.of(path);
        assertTrue(Files.isRegularFile(xml), property + " does not name a file: " + xml);
        Genxml genxml;
        try (InputStream in = Files.newInputStream(xml)) {
            genxml = Genxml.parse(in);
        }
        GenxmlComparison comparison = GenxmlComparison.of(genxml, isa);
        int definitions = isa.allDefinitions().size();
        assertTrue(comparison.comparedStructs() >= definitions,
                "only " + comparison.comparedStructs() + " CS structs for " + definitions + " table definitions");
        assertEquals(List.of(), comparison.mismatches());
        assertEquals(List.of(), comparison.definitionsWithoutStruct(isa));
        assertEquals(List.of(), DescriptorComparison.of(genxml, descriptors));
        assertEquals(List.of(), StagingRegisterComparison.of(genxml, JobTable.of(arch)));
    }

    @Test
    void v10StagingRegistersMatchTheGenxmlFactsKeptWithTheTests() throws Exception {
        assertEquals(List.of(), StagingRegisterComparison.of(facts(Arch.V10), JobTable.of(Arch.V10)));
    }

    @Test
    void v12StagingRegistersMatchTheGenxmlFactsKeptWithTheTests() throws Exception {
        assertEquals(List.of(), StagingRegisterComparison.of(facts(Arch.V12), JobTable.of(Arch.V12)));
    }

    @Test
    void v13ReadsLineWidthWhereV12ReadsThePrimitiveSize() throws Exception {
        assertEquals(List.of(), StagingRegisterComparison.of(facts(Arch.V13), JobTable.of(Arch.V13)));
        List<String> found = StagingRegisterComparison.of(facts(Arch.V13), JobTable.of(Arch.V12));
        assertEquals(List.of("RUN_IDVS2 input primitive_size: genxml's IDVS SR has no PRIMITIVE_SIZE"), found);
    }

    @Test
    void aStagingRegisterGenxmlNumbersDifferentlyIsReported() throws Exception {
        List<String> found = StagingRegisterComparison.of(genxml("""
                <panxml arch="10">
                  <enum name="COMPUTE SR"><value name="SRT_0" value="0"/><value name="WG_SIZE" value="34"/></enum>
                </panxml>
                """), JobTable.of(Arch.V10));
        assertReported(found, "RUN_COMPUTE input wg_size: genxml's COMPUTE SR WG_SIZE is r34, the table's r33");
        assertNoneReported(found, f -> f.contains("input srt:"));
    }

    @Test
    void v10JobDescriptorsMatchTheGenxmlFactsKeptWithTheTests() throws Exception {
        assertEquals(List.of(), DescriptorComparison.of(facts(Arch.V10), DescriptorSet.v10()));
    }

    @Test
    void v12JobDescriptorsMatchTheGenxmlFactsKeptWithTheTests() throws Exception {
        assertEquals(List.of(), DescriptorComparison.of(facts(Arch.V12), DescriptorSet.v12()));
    }

    @Test
    void v13JobDescriptorsMatchTheGenxmlFactsKeptWithTheTests() throws Exception {
        assertEquals(List.of(), DescriptorComparison.of(facts(Arch.V13), DescriptorSet.v13()));
    }

    @Test
    void aV10PlaneDiffersFromAV12One() throws Exception {
        List<String> found = DescriptorComparison.of(facts(Arch.V12), DescriptorSet.v10());
        assertReported(found, "Generic Plane: 'Pointer' is word 2 bits [47:0] in genxml, [63:0] in the table");
        assertReported(found, "Generic Plane: genxml field 'Size hi' has no table field 'size_hi'");
    }

    @Test
    void aV12AfbcPlaneDiffersFromAV10One() throws Exception {
        List<String> found = DescriptorComparison.of(resource("genxml/v12-jobs.xml"), DescriptorSet.v10());
        assertTrue(found.contains("AFBC Plane: 'Pointer' is word 2 bits [47:0] in genxml, [63:0] in the table"),
                found::toString);
        assertTrue(found.contains("AFBC Plane: table enum afbc_compression_mode value r10g10b10a10=23 is not in genxml"),
                found::toString);
        assertTrue(found.contains("Chroma 2p Plane: genxml field 'Size hi' has no table field 'size_hi'"),
                found::toString);
    }

    @Test
    void v13FactsDifferFromTheV12TableWhereV13Changed() throws Exception {
        List<String> found = DescriptorComparison.of(resource("genxml/v13-jobs.xml"), DescriptorSet.v12());
        assertTrue(found.contains("Framebuffer Parameters: genxml field 'HSR Prepare Enable' has no table field"
                + " 'hsr_prepare_enable'"), found::toString);
        assertTrue(found.contains("DCD Flags 2: genxml field 'HSR Can Cull' has no table field 'hsr_can_cull'"),
                found::toString);
        assertTrue(found.contains("Primitive Flags: table field point_size_array_format has no genxml field"),
                found::toString);
    }

    @Test
    void aLevelOfDetailFieldMustBeDescribedAsOne() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="10">
                  <struct name="Sampler" size="8" align="32">
                    <field name="Minimum LOD" size="13" start="1:0" type="uint" default="0"/>
                    <field name="LOD bias" size="16" start="2:0" type="ulod" default="0"/>
                  </struct>
                </panxml>
                """), DescriptorSet.v10());
        assertTrue(found.contains("Sampler: 'Minimum LOD' is uint in genxml, ULOD in the table"), found::toString);
        assertTrue(found.contains("Sampler: 'LOD bias' is ulod in genxml, SLOD in the table"), found::toString);
    }

    /**
     * The descriptors of each table whose genxml struct the facts kept with the tests do not hold: those are compared
     * with mesa's genxml only when the real file is given ({@code -Dcsf.genxml*}). A descriptor added to a table
     * without its facts, or facts added for one listed here, changes the list.
     */
    @Test
    void theFactsKeptWithTheTestsCoverTheseDescriptorsOfEachTable() throws Exception {
        assertEquals(List.of(), uncovered("genxml/v10-jobs.xml", DescriptorSet.v10()));
        assertEquals(List.of(), uncovered("genxml/v12-jobs.xml", DescriptorSet.v12()));
        assertEquals(List.of(), uncovered("genxml/v13-jobs.xml", DescriptorSet.v13()));
    }

    /** The table's descriptors (but the framebuffer's padding) whose struct the facts file lacks, in table order. */
    private static List<String> uncovered(String facts, DescriptorSet table) throws Exception {
        Genxml genxml = resource(facts);
        List<String> out = new ArrayList<>();
        for (DescriptorDef d : table.all()) {
            if (d.name().equals(DescriptorSet.PADDING)) {
                continue;
            }
            String struct = null;
            for (Map.Entry<String, String> e : DescriptorComparison.STRUCTS.entrySet()) {
                if (e.getValue().equals(d.name())) {
                    struct = e.getKey();
                }
            }
            if (struct == null || !genxml.structs().containsKey(struct)) {
                out.add(d.name());
            }
        }
        return out;
    }

    @Test
    void v10FactsDifferFromTheV12Table() throws Exception {
        List<String> found = DescriptorComparison.of(facts(Arch.V10), DescriptorSet.v12());
        assertReported(found,
                "Shader Program: genxml field 'Vertex warp limit' has no table field 'vertex_warp_limit'");
        assertReported(found, "Primitive Flags: 'Draw mode' is word 0 bits [7:0] in genxml, [3:0] in the table");
    }

    @Test
    void aDrawDescriptorsFauPointerIsComparedFieldByField() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="12">
                  <struct name="FAU Pointer" size="2">
                    <field name="Pointer" start="0" size="48" type="address"/>
                    <field name="Count" start="56" size="8" type="uint"/>
                  </struct>
                  <struct name="Draw" align="64">
                    <field name="Vertex FAU" start="22:0" size="64" type="FAU Pointer"/>
                  </struct>
                </panxml>
                """), DescriptorSet.v12());
        assertReported(found, "Draw: 'Pointer' is word 22 bits [47:0] in genxml, [55:0] in the table");
    }

    @Test
    void aStructTheTableLacksIsReported() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="10">
                  <struct name="Viewport" align="16">
                    <field name="Min X" size="16" start="0:0" type="uint"/>
                  </struct>
                </panxml>
                """), DescriptorSet.v10());
        assertEquals(List.of("Viewport: the table has no descriptor viewport"), found);
    }

    @Test
    void aFieldsOwnNamedDefaultIsItsValue() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="10">
                  <struct name="Local Storage" size="8" align="64">
                    <field name="WLS Instances" size="5" start="1:0" type="uint" modifier="log2" prefix="MALI_LS"
                           default="MALI_LS_ALL">
                      <value name="All" value="0x40000000"/>
                    </field>
                  </struct>
                </panxml>
                """), DescriptorSet.v10());
        assertReported(found,
                "Local Storage: 'WLS Instances' defaults to 1073741824 in genxml, 2147483648 in the table");
    }

    @Test
    void agreeingStructsReportNothing() throws Exception {
        GenxmlComparison comparison = compare("genxml/matching.xml");
        assertEquals(2, comparison.comparedStructs());
        assertEquals(List.of(), comparison.mismatches());
    }

    @Test
    void differentBitRangesAndSignednessAreReported() throws Exception {
        GenxmlComparison comparison = compare("genxml/mismatching.xml");
        assertEquals(List.of(
                "MOVE32: genxml field 'Immediate' [15:0] has no table field with that range",
                "MOVE32: table field imm [31:0] has no genxml field with that range",
                "BRANCH: genxml field 'Offset' [15:0] is unsigned, table field offset is signed"),
                comparison.mismatches());
    }

    @Test
    void opcodeTheTableLacksIsReported() throws Exception {
        GenxmlComparison comparison = GenxmlComparison.of(genxml("""
                <panxml arch="10">
                  <enum name="CS Opcode"><value name="FUTURE_OP" value="200"/></enum>
                  <struct name="CS FUTURE_OP" size="2">
                    <field name="Opcode" size="8" start="56" type="CS Opcode" default="FUTURE_OP"/>
                  </struct>
                </panxml>
                """), InstructionSet.v10());
        assertEquals(List.of("CS FUTURE_OP: opcode 200 (FUTURE_OP) is not in the table"), comparison.mismatches());
    }

    @Test
    void tableInstructionWithoutAStructIsReported() throws Exception {
        GenxmlComparison comparison = compare("genxml/matching.xml");
        List<String> missing = comparison.definitionsWithoutStruct(InstructionSet.v12());
        assertReported(missing, "LOGIC_OP32 (opcode 19) has no CS struct in genxml");
        assertReported(missing, "MOVE_REG32 (a form of opcode 19) has no CS struct in genxml");
        assertNoneReported(missing, m -> m.startsWith("MOVE32 ") || m.startsWith("BRANCH "));
    }

    @Test
    void presetFormStructIsComparedWithTheFormItNames() throws Exception {
        String xml = """
                <panxml arch="12">
                  <enum name="CS Opcode"><value name="LOGIC_OP32" value="19"/></enum>
                  <enum name="CS Logic Op"><value name="CLEAR" value="0"/><value name="AND" value="1"/>
                    <value name="AND_A_NB" value="2"/><value name="MOV_A" value="3"/><value name="AND_NA_B" value="4"/>
                    <value name="MOV_B" value="5"/><value name="XOR" value="6"/><value name="OR" value="7"/>
                    <value name="NOR" value="8"/><value name="XNOR" value="9"/><value name="NOT_B" value="10"/>
                    <value name="OR_A_NB" value="11"/><value name="NOT_A" value="12"/><value name="OR_NA_B" value="13"/>
                    <value name="NAND" value="14"/><value name="SET" value="15"/></enum>
                  <enum name="CS Logic Op Index"><value name="Direct" value="0"/><value name="Index" value="1"/></enum>
                  <struct name="CS MOVE_REG32" size="2">
                    <field name="Mode" size="4" start="0" type="CS Logic Op" default="MOV_B"/>
                    <field name="Index" size="1" start="4" type="CS Logic Op Index" default="DIRECT"/>
                    <field name="Source" size="8" start="40" type="uint"/>
                    <field name="Destination" size="8" start="48" type="uint"/>
                    <field name="Opcode" size="8" start="56" type="CS Opcode" default="LOGIC_OP32"/>
                  </struct>
                </panxml>
                """;
        GenxmlComparison comparison = GenxmlComparison.of(genxml(xml), InstructionSet.v12());
        assertEquals(1, comparison.comparedStructs());
        assertEquals(List.of("MOVE_REG32: genxml field 'Mode' defaults to 5, table field mode to 3"),
                comparison.mismatches());
    }

    @Test
    void subOpcodedStructsAreComparedByNameAndTheirBaseViewByItsSubOpcodeRange() throws Exception {
        String xml = """
                <panxml arch="13">
                  <enum name="CS Opcode"><value name="ARITH_REG32" value="18"/></enum>
                  <enum name="CS ARITH_REG32 Sub Opcode"><value name="UMIN32" value="0"/><value name="ADD32" value="1"/>
                    <value name="SUB32" value="2"/></enum>
                  <struct name="CS ARITH_REG32 Base" size="2">
                    <field name="Immediate" size="24" start="0" type="int"/>
                    <field name="Sub Opcode" size="8" start="32" type="CS ARITH_REG32 Sub Opcode"/>
                    <field name="Opcode" size="8" start="56" type="CS Opcode" default="ARITH_REG32"/>
                  </struct>
                """ + arithReg32("ADD32", "ADD32") + arithReg32("SUB32", "UMIN32") + "</panxml>";
        GenxmlComparison comparison = GenxmlComparison.of(genxml(xml), InstructionSet.v13());
        assertEquals(2, comparison.comparedStructs());
        assertEquals(List.of(
                "CS ARITH_REG32 Base: genxml's Sub Opcode is [39:32], the table's [31:24]",
                "SUB32: genxml field 'Sub Opcode' defaults to 0, table field sub_opcode to 2"),
                comparison.mismatches());
    }

    @Test
    void descriptorDefaultEnumAndRangeDifferencesAreReported() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="10">
                  <enum name="MSAA"><value name="Single" value="0"/><value name="Huge" value="7"/></enum>
                  <struct name="Render Target" align="64">
                    <field name="Writeback MSAA" size="2" start="1:12" type="MSAA"/>
                    <field name="sRGB" size="1" start="1:14" type="bool" default="true"/>
                    <field name="Write Enable" size="1" start="1:1" type="bool"/>
                    <field name="Mystery" size="3" start="2:0" type="uint"/>
                  </struct>
                </panxml>
                """), DescriptorSet.v10());
        assertReported(found, "Render Target: 'Writeback MSAA' value Huge=7 is not in enum msaa");
        assertReported(found, "Render Target: 'sRGB' defaults to 1 in genxml, 0 in the table");
        assertReported(found, "Render Target: 'Write Enable' is word 1 bits [1:1] in genxml, [0:0] in the table");
        assertReported(found, "Render Target: genxml field 'Mystery' has no table field 'mystery'");
    }

    @Test
    void renderTargetViewsAndTargetOverlaysAreFollowed() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="12">
                  <struct name="RT Buffer">
                    <field name="Base" size="64" start="0:0" type="address"/>
                    <field name="Row Stride" size="32" start="2:0" type="uint"/>
                  </struct>
                  <struct name="RGB Render Target" align="64">
                    <field name="Writeback buffer" size="128" start="8:0" type="RT Buffer"/>
                  </struct>
                  <struct name="YUV Render Target" align="64">
                    <field name="Plane 0 Base" size="64" start="4:0" type="address"/>
                  </struct>
                  <struct name="Render Target" align="64">
                    <field name="RGB" size="512" start="0:0" type="RGB Render Target"/>
                    <field name="YUV" size="512" start="0:0" type="YUV Render Target"/>
                  </struct>
                  <struct name="S Target" align="64" size="16">
                    <field name="Surface Stride hi" size="5" start="14:27" type="uint"/>
                  </struct>
                  <struct name="ZS CRC Extension" align="64" size="16">
                    <field name="S" size="512" start="0" type="S Target"/>
                  </struct>
                </panxml>
                """), DescriptorSet.v12());
        assertReported(found, "Render Target: 'Row Stride' is word 10 bits [31:0] in genxml, [26:0] in the table");
        assertNoneReported(found, f -> f.contains("Base") || f.contains("Plane"));
        assertNoneReported(found, f -> f.contains("Surface Stride hi"));
    }

    @Test
    void framebufferPaddingMustFollowTheParameters() throws Exception {
        List<String> found = DescriptorComparison.of(genxml("""
                <panxml arch="12">
                  <struct name="Framebuffer Padding" size="16"></struct>
                  <aggregate name="Framebuffer" align="64">
                    <section name="Parameters" offset="0" type="Framebuffer Parameters"/>
                    <section name="Padding" offset="64" type="Framebuffer Padding"/>
                  </aggregate>
                </panxml>
                """), DescriptorSet.v12());
        assertEquals(List.of("Framebuffer: padding at byte 64 in genxml, after the table's 72-byte parameters",
                "Framebuffer: padding of 64 bytes in genxml, 56 in the table"), found);
    }

    /** A v13 {@code <struct name="CS NAME">} of opcode ARITH_REG32 whose Sub Opcode defaults to {@code subOpcode}. */
    private static String arithReg32(String name, String subOpcode) {
        return """
                  <struct name="CS %s" size="2">
                    <field name="Sub Opcode" size="8" start="24" type="CS ARITH_REG32 Sub Opcode" default="%s"/>
                    <field name="Source 1" size="8" start="32" type="uint"/>
                    <field name="Source 0" size="8" start="40" type="uint"/>
                    <field name="Destination" size="8" start="48" type="uint"/>
                    <field name="Opcode" size="8" start="56" type="CS Opcode" default="ARITH_REG32"/>
                  </struct>
                """.formatted(name, subOpcode);
    }

    /** {@code line} is among the differences {@code found}. */
    private static void assertReported(List<String> found, String line) {
        assertTrue(found.contains(line), () -> "no '" + line + "' in " + found);
    }

    /** No difference {@code found} is one {@code unwanted} matches. */
    private static void assertNoneReported(List<String> found, Predicate<String> unwanted) {
        assertTrue(found.stream().noneMatch(unwanted), found::toString);
    }

    /** The genxml facts about {@code arch}'s jobs kept with the tests ({@code genxml/v10-jobs.xml}...). */
    private static Genxml facts(Arch arch) throws Exception {
        return resource("genxml/" + arch.name().toLowerCase(Locale.ROOT) + "-jobs.xml");
    }

    private static GenxmlComparison compare(String resource) throws Exception {
        try (InputStream in = GenxmlConformanceTest.class.getResourceAsStream(resource)) {
            return GenxmlComparison.of(Genxml.parse(in), InstructionSet.v10());
        }
    }

    private static Genxml resource(String name) throws Exception {
        try (InputStream in = GenxmlConformanceTest.class.getResourceAsStream(name)) {
            return Genxml.parse(in);
        }
    }

    private static Genxml genxml(String xml) throws Exception {
        return Genxml.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** A genxml file's enumerations (values by name) and structs by name. */
    record Genxml(Document doc, Map<String, Map<String, Long>> enums, Map<String, Element> structs) {

        static Genxml parse(InputStream xml) throws Exception {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document doc = factory.newDocumentBuilder().parse(xml);
            Map<String, Map<String, Long>> enums = new HashMap<>();
            for (Element en : elements(doc, "enum")) {
                Map<String, Long> values = new LinkedHashMap<>();
                for (Element v : children(en, "value")) {
                    values.put(v.getAttribute("name"), Long.decode(v.getAttribute("value")));
                }
                enums.put(en.getAttribute("name"), values);
            }
            Map<String, Element> structs = new LinkedHashMap<>();
            for (Element st : elements(doc, "struct")) {
                structs.put(st.getAttribute("name"), st);
            }
            return new Genxml(doc, enums, structs);
        }

        /**
         * The value a field's default attribute names: none or false is 0, true is 1, else an enumeration value
         * (genxml's generator upper-cases them, so "DIRECT" names "Direct") or a number.
         */
        long defaultOf(Element field) {
            String d = field.getAttribute("default");
            if (d.isEmpty() || d.equals("false")) {
                return 0;
            }
            if (d.equals("true")) {
                return 1;
            }
            if (d.matches("-?[0-9]+\\.[0-9]*")) {
                // a uint/float field's float default ("0.0"): its bits
                return Float.floatToRawIntBits(Float.parseFloat(d)) & 0xffffffffL;
            }
            // a value the field names itself: <value name="No Workgroup Mem"> is PREFIX_NO_WORKGROUP_MEM
            for (Element v : children(field, "value")) {
                String constant = field.getAttribute("prefix") + "_"
                        + v.getAttribute("name").toUpperCase(Locale.ROOT).replace(' ', '_');
                if (constant.equals(d)) {
                    return Long.decode(v.getAttribute("value"));
                }
            }
            Map<String, Long> values = enums.getOrDefault(field.getAttribute("type"), Map.of());
            return values.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(d)).map(Map.Entry::getValue)
                    .findFirst().orElseGet(() -> Long.decode(d));
        }

        /** Every {@code <tag>} element of the document. */
        static List<Element> elements(Document doc, String tag) {
            return tagged(doc.getElementsByTagName(tag), tag);
        }

        /** The {@code <tag>} elements directly inside {@code parent}. */
        static List<Element> children(Element parent, String tag) {
            return tagged(parent.getChildNodes(), tag);
        }

        private static List<Element> tagged(NodeList nodes, String tag) {
            List<Element> out = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element e && e.getTagName().equals(tag)) {
                    out.add(e);
                }
            }
            return out;
        }
    }

    /**
     * The differences between genxml's staging-register enumerations ("COMPUTE SR" for RUN_COMPUTE and
     * RUN_COMPUTE_INDIRECT, "FRAGMENT SR" for RUN_FRAGMENT, "IDVS SR" for the other RUN_*) and the job table: every
     * input the table names with {@code sr=NAME} must be register NAME of the job's enumeration. A file without the
     * enumeration is not compared.
     */
    static final class StagingRegisterComparison {
        static List<String> of(Genxml genxml, JobTable table) {
            List<String> out = new ArrayList<>();
            for (JobTable.Job job : table.all()) {
                String enumeration = job.mnemonic().startsWith("RUN_COMPUTE") ? "COMPUTE SR"
                        : job.mnemonic().equals("RUN_FRAGMENT") ? "FRAGMENT SR" : "IDVS SR";
                Map<String, Long> registers = genxml.enums().get(enumeration);
                if (registers == null) {
                    continue;
                }
                for (JobTable.Input in : job.inputs()) {
                    if (in.sr() == null) {
                        continue;
                    }
                    Long r = registers.get(in.sr());
                    String where = job.mnemonic() + " input " + in.name() + ": genxml's " + enumeration;
                    if (r == null) {
                        out.add(where + " has no " + in.sr());
                    } else if (r != in.register()) {
                        out.add(where + " " + in.sr() + " is r" + r + ", the table's r" + in.register());
                    }
                }
            }
            return out;
        }
    }

    /** The differences between genxml's framebuffer descriptors and the descriptor table. */
    static final class DescriptorComparison {
        static final Map<String, String> STRUCTS = new LinkedHashMap<>();
        /**
         * Struct-typed fields whose fields belong to the descriptor, and the prefix their snake_case names take
         * (null: the field's own name and '_'). Every other struct-typed field is an overlay of another kind of
         * target (YUV, AFBC, AFRC render targets) the table does not describe.
         */
        private static final Map<String, String> NESTED = new HashMap<>();
        /**
         * Struct-typed fields the table describes both as a whole field (by the field's name) and field by field,
         * each prefixed with the whole field's name: a blend's equation ({@code equation_rgb_a}) and internal
         * blend ({@code internal_fixed_function_rt}).
         */
        private static final Set<String> EXPANDED = Set.of("Blend Equation", "Blend Function", "Internal Blend",
                "Blend Shader", "Blend Fixed-Function", "Internal Conversion");

        static {
            STRUCTS.put("Framebuffer Parameters", "framebuffer_parameters");
            STRUCTS.put("ZS CRC Extension", "zs_crc_extension");
            STRUCTS.put("Render Target", "render_target");
            // what the RUN_* jobs read (jobs-v10.txt, jobs-v12.txt)
            STRUCTS.put("Shader Program", "shader_program");
            STRUCTS.put("Local Storage", "local_storage");
            STRUCTS.put("Resource", "resource");
            STRUCTS.put("Buffer", "buffer");
            STRUCTS.put("Tiler Context", "tiler_context");
            STRUCTS.put("Tiler Heap", "tiler_heap");
            STRUCTS.put("Scissor", "scissor");
            STRUCTS.put("Viewport", "viewport");
            STRUCTS.put("Compute size workgroup", "compute_size_workgroup");
            STRUCTS.put("Depth/stencil", "depth_stencil");
            STRUCTS.put("Blend", "blend");
            STRUCTS.put("Primitive Flags", "primitive_flags");
            STRUCTS.put("Primitive Flags 2", "primitive_flags_2");
            STRUCTS.put("DCD Flags 0", "dcd_flags_0");
            STRUCTS.put("DCD Flags 1", "dcd_flags_1");
            STRUCTS.put("DCD Flags 2", "dcd_flags_2");
            STRUCTS.put("Draw", "draw");
            // resource table entries other than buffers
            STRUCTS.put("Sampler", "sampler");
            STRUCTS.put("Texture", "texture");
            STRUCTS.put("Attribute", "attribute");
            STRUCTS.put("Generic Plane", "plane");
            // the plane layouts a plane's type selects (the descriptor tables' variant line)
            STRUCTS.put("Null Plane", "null_plane");
            STRUCTS.put("ASTC 2D Plane", "astc_2d_plane");
            STRUCTS.put("ASTC 3D Plane", "astc_3d_plane");
            STRUCTS.put("AFBC Plane", "afbc_plane");
            STRUCTS.put("Chroma 2p Plane", "chroma_2p_plane");
            STRUCTS.put("AFRC Plane", "afrc_plane");
            STRUCTS.put("AFRC Chroma 2p Plane", "afrc_chroma_2p_plane");
            // the draw descriptor's flag words, vertex array, shader environment and FAU pointers, flattened
            for (String part : List.of("DCD Flags 0", "DCD Flags 1", "DCD Flags 2", "Vertex Array", "Shader Environment",
                    "FAU Pointer")) {
                NESTED.put(part, null);
            }
            NESTED.put("RT Buffer", null);
            NESTED.put("RT Clear", null);
            NESTED.put("RGB Render Target", "");
            for (String target : List.of("CRC", "ZS Target", "S Target", "AFBC ZS Target", "AFBC S Target")) {
                NESTED.put(target, null);
            }
        }

        static List<String> of(Genxml genxml, DescriptorSet table) {
            List<String> out = new ArrayList<>();
            for (Map.Entry<String, String> s : STRUCTS.entrySet()) {
                Element struct = genxml.structs().get(s.getKey());
                if (struct == null) {
                    continue;
                }
                Optional<DescriptorDef> described = table.all().stream().filter(d -> d.name().equals(s.getValue()))
                        .findFirst();
                if (described.isEmpty()) {
                    out.add(s.getKey() + ": the table has no descriptor " + s.getValue());
                    continue;
                }
                DescriptorDef def = described.get();
                List<DescriptorField> matched = new ArrayList<>();
                compare(s.getKey(), struct, "", 0, def, genxml, matched, out);
                if (!s.getKey().equals("Render Target") || genxml.structs().containsKey("RT Clear")) {
                    for (DescriptorField f : def.fields()) {
                        if (!matched.contains(f)) {
                            out.add(s.getKey() + ": table field " + f.name() + " has no genxml field");
                        }
                    }
                }
            }
            compareFramebufferLayout(genxml, table, out);
            return out;
        }

        /** The aggregate's padding starts where the table's parameters end and is as long as the table's. */
        private static void compareFramebufferLayout(Genxml genxml, DescriptorSet table, List<String> out) {
            for (Element aggregate : Genxml.elements(genxml.doc(), "aggregate")) {
                if (!aggregate.getAttribute("name").equals("Framebuffer")) {
                    continue;
                }
                for (Element section : Genxml.children(aggregate, "section")) {
                    Element padding = genxml.structs().get(section.getAttribute("type"));
                    if (!section.getAttribute("name").equals("Padding") || padding == null) {
                        continue;
                    }
                    int offset = Integer.parseInt(section.getAttribute("offset"));
                    int params = table.get(DescriptorSet.FRAMEBUFFER_PARAMETERS).size();
                    if (offset != params) {
                        out.add("Framebuffer: padding at byte " + offset + " in genxml, after the table's " + params
                                + "-byte parameters");
                    }
                    int bytes = Integer.parseInt(padding.getAttribute("size")) * 4;
                    int ours = table.get(DescriptorSet.PADDING).size();
                    if (bytes != ours) {
                        out.add("Framebuffer: padding of " + bytes + " bytes in genxml, " + ours + " in the table");
                    }
                }
            }
        }

        private static void compare(String where, Element struct, String prefix, int bitOffset, DescriptorDef def,
                                    Genxml genxml, List<DescriptorField> matched, List<String> out) {
            for (Element g : Genxml.children(struct, "field")) {
                String name = g.getAttribute("name");
                String type = g.getAttribute("type");
                String[] start = g.getAttribute("start").split(":");
                int bit = bitOffset + (start.length == 2 ? Integer.parseInt(start[0]) * 32 + Integer.parseInt(start[1])
                        : Integer.parseInt(start[0]));
                int word = bit / 32;
                int lsb = bit % 32;
                int size = Integer.parseInt(g.getAttribute("size"));
                String snake = prefix + snake(name);
                Optional<DescriptorField> found = def.fields().stream().filter(f -> f.answersTo(snake)).findFirst();
                if (genxml.structs().containsKey(type)) {
                    if (NESTED.containsKey(type)) {
                        String inner = NESTED.get(type) != null ? NESTED.get(type) : snake(name) + "_";
                        compare(where, genxml.structs().get(type), prefix + inner, bit, def, genxml, matched, out);
                        continue;
                    }
                    if (found.isPresent()) {
                        // described as a whole (a blend's equation word), and field by field if EXPANDED
                        matched.add(found.get());
                        compareBits(where, name, word, lsb, size, found.get(), out);
                    }
                    if (EXPANDED.contains(type)) {
                        compare(where, genxml.structs().get(type), snake + "_", bit, def, genxml, matched, out);
                    }
                    continue;
                }
                if (found.isEmpty()) {
                    out.add(where + ": genxml field '" + name + "' has no table field '" + snake + "'");
                    continue;
                }
                DescriptorField f = found.get();
                matched.add(f);
                compareBits(where, name, word, lsb, size, f, out);
                String modifier = g.getAttribute("modifier");
                boolean sameModifier = switch (modifier) {
                    case "minus(1)" -> f.bias() == 1 && f.scale() == 1 && !f.log2();
                    case "log2" -> f.log2();
                    case "" -> f.bias() == 0 && f.scale() == 1 && !f.log2();
                    // align(n) checks the value's alignment and stores it as given
                    default -> modifier.startsWith("align(") ? f.bias() == 0 && f.scale() == 1 && !f.log2()
                            : modifier.startsWith("shr(") && f.scale() == 1L << Integer.parseInt(
                            modifier.substring(4, modifier.length() - 1)) && f.bias() == 0;
                };
                if (!sameModifier) {
                    out.add(where + ": '" + name + "' has modifier '" + modifier + "', the table bias " + f.bias()
                            + " scale " + f.scale() + (f.log2() ? " log2" : ""));
                }
                if (type.equals("float") != f.isFloat()) {
                    out.add(where + ": '" + name + "' is " + type + " in genxml");
                }
                DescriptorField.Lod lod = switch (type) {
                    case "ulod" -> DescriptorField.Lod.ULOD;
                    case "slod" -> DescriptorField.Lod.SLOD;
                    default -> DescriptorField.Lod.NONE;
                };
                if (lod != f.lod()) {
                    out.add(where + ": '" + name + "' is " + type + " in genxml, " + f.lod() + " in the table");
                }
                Map<String, Long> values = genxml.enums().get(type);
                if (values != null) {
                    compareEnum(where, name, values, f, out);
                }
                compareDefault(where, name, g, genxml, f, out);
            }
        }

        private static void compareBits(String where, String name, int word, int lsb, int size, DescriptorField f,
                                        List<String> out) {
            if (f.word() != word || f.lsb() != lsb || f.width() != size) {
                out.add(where + ": '" + name + "' is word " + word + " bits [" + (lsb + size - 1) + ":" + lsb
                        + "] in genxml, [" + f.msb() + ":" + f.lsb() + "] in the table");
            }
        }

        private static void compareEnum(String where, String name, Map<String, Long> values, DescriptorField f,
                                        List<String> out) {
            if (f.enumType() == null) {
                out.add(where + ": '" + name + "' has genxml enum values, the table field " + f.name() + " none");
                return;
            }
            for (Map.Entry<String, Long> v : values.entrySet()) {
                OptionalLong ours = f.enumType().valueOf(snake(v.getKey()));
                if (ours.isEmpty() || ours.getAsLong() != v.getValue()) {
                    out.add(where + ": '" + name + "' value " + v.getKey() + "=" + v.getValue() + " is not in enum "
                            + f.enumType().name());
                }
            }
            for (Map.Entry<String, Long> v : f.enumType().values().entrySet()) {
                if (!values.containsValue(v.getValue())) {
                    out.add(where + ": table enum " + f.enumType().name() + " value " + v.getKey() + "=" + v.getValue()
                            + " is not in genxml");
                }
            }
        }

        private static void compareDefault(String where, String name, Element g, Genxml genxml, DescriptorField f,
                                           List<String> out) {
            if (f.required() || f.projectDefault()) {
                if (g.hasAttribute("default")) {
                    out.add(where + ": '" + name + "' has genxml default " + g.getAttribute("default")
                            + ", the table a default of its own");
                }
                return;
            }
            long expected = genxml.defaultOf(g);
            String t = f.defaultValue();
            long ours = f.enumType() != null && f.enumType().valueOf(t).isPresent() ? f.enumType().valueOf(t).getAsLong()
                    : Long.decode(t);
            if (ours != expected) {
                out.add(where + ": '" + name + "' defaults to " + expected + " in genxml, " + ours + " in the table");
            }
        }

        /** genxml's name in snake case; a leading digit gets a leading '_'. */
        static String snake(String name) {
            String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
            return !s.isEmpty() && Character.isDigit(s.charAt(0)) ? "_" + s : s;
        }
    }

    /**
     * The differences between the CS structs of a genxml file and an instruction table.
     *
     * @param matched the table definitions some struct was compared with
     */
    record GenxmlComparison(int comparedStructs, List<String> mismatches, Set<String> matched) {

        static GenxmlComparison of(Genxml genxml, InstructionSet isa) {
            Map<String, Long> opcodes = genxml.enums().getOrDefault("CS Opcode", Map.of());
            List<String> mismatches = new ArrayList<>();
            Set<String> matched = new TreeSet<>();
            int compared = 0;
            for (Element struct : genxml.structs().values()) {
                String name = struct.getAttribute("name");
                if (!name.startsWith("CS ")) {
                    continue;
                }
                List<Element> fields = Genxml.children(struct, "field");
                Optional<Element> opcodeField = fields.stream()
                        .filter(f -> f.getAttribute("name").equals("Opcode") && f.hasAttribute("default")).findFirst();
                if (opcodeField.isEmpty()) {
                    continue; // e.g. "CS Base": a view of every instruction, not one instruction
                }
                String opcodeName = opcodeField.get().getAttribute("default");
                Long opcode = opcodes.get(opcodeName);
                if (opcode == null) {
                    mismatches.add(name + ": opcode " + opcodeName + " is not in the CS Opcode enum");
                    continue;
                }
                Optional<BitField> selector = isa.subOpcodeField(opcode.intValue());
                Optional<Element> subOpcode = fields.stream()
                        .filter(f -> f.getAttribute("name").equals("Sub Opcode")).findFirst();
                if (selector.isPresent() && subOpcode.isPresent() && !subOpcode.get().hasAttribute("default")) {
                    int start = lsb(subOpcode.get());
                    int msb = msb(subOpcode.get());
                    if (selector.get().lsb() != start || selector.get().msb() != msb) {
                        mismatches.add(name + ": genxml's Sub Opcode is [" + msb + ":" + start + "], the table's "
                                + selector.get().bits());
                    }
                    continue; // a view of every operation of the opcode, as "CS Base" is of every instruction
                }
                Optional<InstructionDef> def = isa.byMnemonic(name.substring(3)).filter(d -> d.opcode() == opcode)
                        .or(() -> isa.byOpcode(opcode.intValue()));
                if (def.isEmpty()) {
                    mismatches.add(name + ": opcode " + opcode + " (" + opcodeName + ") is not in the table");
                    continue;
                }
                compared++;
                matched.add(def.get().mnemonic());
                fields.remove(opcodeField.get());
                compareFields(def.get(), fields, genxml, mismatches);
            }
            return new GenxmlComparison(compared, mismatches, matched);
        }

        /** Table instructions and forms no CS struct describes (removed from, or never in, this genxml). */
        List<String> definitionsWithoutStruct(InstructionSet isa) {
            return isa.allDefinitions().stream().filter(d -> !matched.contains(d.mnemonic()))
                    .map(d -> d.mnemonic() + (d.isForm() ? " (a form of opcode " : " (opcode ") + d.opcode()
                            + ") has no CS struct in genxml")
                    .toList();
        }

        /** A CS field's lowest bit (its {@code start}). */
        private static int lsb(Element field) {
            return Integer.parseInt(field.getAttribute("start"));
        }

        /** A CS field's highest bit. */
        private static int msb(Element field) {
            return lsb(field) + Integer.parseInt(field.getAttribute("size")) - 1;
        }

        private static void compareFields(InstructionDef def, List<Element> genxmlFields, Genxml genxml,
                                          List<String> mismatches) {
            List<BitField> unmatched = new ArrayList<>(def.fields());
            for (Element field : genxmlFields) {
                int start = lsb(field);
                int msb = msb(field);
                String range = msb == start ? "[" + msb + "]" : "[" + msb + ":" + start + "]";
                Optional<BitField> ours = unmatched.stream()
                        .filter(f -> f.lsb() == start && f.msb() == msb).findFirst();
                if (ours.isEmpty()) {
                    mismatches.add(String.format(Locale.ROOT, "%s: genxml field '%s' %s has no table field with"
                            + " that range", def.mnemonic(), field.getAttribute("name"), range));
                    continue;
                }
                unmatched.remove(ours.get());
                compareDefaultAndEnum(def, field, ours.get(), genxml, mismatches);
                // genxml's shr(3) is the table's bytes8 operand (bytes written, bytes / 8 stored)
                boolean bytes8 = def.operands().stream()
                        .anyMatch(o -> o.kind() == OperandKind.BYTES8 && o.field().equals(ours.get()));
                if (field.getAttribute("modifier").equals("shr(3)") != bytes8) {
                    mismatches.add(def.mnemonic() + ": genxml field '" + field.getAttribute("name") + "' has modifier '"
                            + field.getAttribute("modifier") + "', table field " + ours.get().name()
                            + (bytes8 ? " is a bytes8 operand" : " is not a bytes8 operand"));
                }
                boolean signed = field.getAttribute("type").equals("int");
                if (signed != ours.get().signed()) {
                    mismatches.add(String.format(Locale.ROOT, "%s: genxml field '%s' %s is %s, table field %s is %s",
                            def.mnemonic(), field.getAttribute("name"), range, signed ? "signed" : "unsigned",
                            ours.get().name(), ours.get().signed() ? "signed" : "unsigned"));
                }
            }
            for (BitField f : unmatched) {
                mismatches.add(def.mnemonic() + ": table field " + f.name() + " " + f.bits()
                        + " has no genxml field with that range");
            }
        }

        private static void compareDefaultAndEnum(InstructionDef def, Element field, BitField ours, Genxml genxml,
                                                  List<String> out) {
            long expected = genxml.defaultOf(field);
            if (expected != ours.defaultValue()) {
                out.add(def.mnemonic() + ": genxml field '" + field.getAttribute("name") + "' defaults to " + expected
                        + ", table field " + ours.name() + " to " + ours.defaultValue());
            }
            Map<String, Long> values = genxml.enums().get(field.getAttribute("type"));
            if (values == null || field.getAttribute("type").equals("CS Opcode")
                    || ours.name().equals(InstructionSet.SUB_OPCODE)) {
                return; // the opcode and sub-opcode are the definition's identity, compared as defaults
            }
            // A preset form's fixed fields have no modifier of their own: the names are the instruction's.
            InstructionDef named = def.isForm() ? def.formOf() : def;
            Optional<EnumType> type = named.modifiers().stream().filter(m -> m.field().name().equals(ours.name()))
                    .filter(m -> m instanceof Modifier.Choice).map(m -> ((Modifier.Choice) m).type()).findFirst()
                    .or(() -> named.operands().stream().filter(o -> o.field().equals(ours) && o.enumType() != null)
                            .map(OperandSpec::enumType).findFirst());
            boolean flag = named.modifiers().stream()
                    .anyMatch(m -> m instanceof Modifier.Flag && m.field().name().equals(ours.name()));
            if (type.isEmpty() && flag && Set.of(0L, 1L).containsAll(values.values())) {
                return; // a one-bit enumeration (No Increment / Increment): the flag and its absence name both
            }
            if (type.isEmpty()) {
                out.add(def.mnemonic() + ": genxml field '" + field.getAttribute("name") + "' has enum "
                        + field.getAttribute("type") + ", table field " + ours.name() + " has no names");
                return;
            }
            Set<Long> genxmlValues = new TreeSet<>(values.values());
            Set<Long> table = new TreeSet<>(type.get().values().values());
            if (!genxmlValues.equals(table)) {
                out.add(def.mnemonic() + ": enum " + field.getAttribute("type") + " has values " + genxmlValues
                        + ", table enum " + type.get().name() + " " + table);
            }
        }
    }
}
