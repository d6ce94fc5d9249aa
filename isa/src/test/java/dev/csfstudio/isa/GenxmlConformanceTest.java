package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Compares the instruction table with mesa's genxml description of v10 ({@code src/panfrost/genxml/v10.xml}),
 * given as {@code -Dcsf.genxml=PATH}: every {@code <struct name="CS ...">} whose Opcode field has a default
 * must match the table's instruction for that opcode field by field (bit range, signedness, default and the
 * values of its enumeration), and the "Framebuffer Parameters", "ZS CRC Extension" and "Render Target" structs
 * (with its RGB buffer and clear words) must match the descriptor table both ways: every field by its snake_case
 * name or alias, with its word and bits, modifier (minus(1), shr(n), log2), enumeration values and default.
 */
class GenxmlConformanceTest {

    private static final String PROPERTY = "csf.genxml";

    @Test
    void tableMatchesMesaGenxml() throws Exception {
        String path = System.getProperty(PROPERTY);
        assumeTrue(path != null && !path.isBlank(), "pass -D" + PROPERTY + "=<mesa v10.xml> to compare");
        Path xml = Path.of(path);
        assertTrue(Files.isRegularFile(xml), PROPERTY + " does not name a file: " + xml);
        GenxmlComparison comparison;
        try (InputStream in = Files.newInputStream(xml)) {
            comparison = GenxmlComparison.of(in, InstructionSet.v10());
        }
        assertTrue(comparison.comparedStructs() >= 39, "only " + comparison.comparedStructs() + " CS structs found");
        assertEquals(List.of(), comparison.mismatches());
        List<String> descriptors;
        try (InputStream in = Files.newInputStream(xml)) {
            descriptors = DescriptorComparison.of(in, DescriptorSet.v10());
        }
        assertEquals(List.of(), descriptors);
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
        String xml = """
                <panxml arch="10">
                  <enum name="CS Opcode"><value name="FUTURE_OP" value="200"/></enum>
                  <struct name="CS FUTURE_OP" size="2">
                    <field name="Opcode" size="8" start="56" type="CS Opcode" default="FUTURE_OP"/>
                  </struct>
                </panxml>
                """;
        GenxmlComparison comparison = GenxmlComparison.of(
                new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                InstructionSet.v10());
        assertEquals(List.of("CS FUTURE_OP: opcode 200 (FUTURE_OP) is not in the table"), comparison.mismatches());
    }

    @Test
    void descriptorDefaultEnumAndRangeDifferencesAreReported() throws Exception {
        String xml = """
                <panxml arch="10">
                  <enum name="MSAA"><value name="Single" value="0"/><value name="Huge" value="7"/></enum>
                  <struct name="Render Target" align="64">
                    <field name="Writeback MSAA" size="2" start="1:12" type="MSAA"/>
                    <field name="sRGB" size="1" start="1:14" type="bool" default="true"/>
                    <field name="Write Enable" size="1" start="1:1" type="bool"/>
                    <field name="Mystery" size="3" start="2:0" type="uint"/>
                  </struct>
                </panxml>
                """;
        List<String> found = DescriptorComparison.of(
                new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)), DescriptorSet.v10());
        assertTrue(found.contains("Render Target: 'Writeback MSAA' value Huge=7 is not in enum msaa"), found::toString);
        assertTrue(found.contains("Render Target: 'sRGB' defaults to 1 in genxml, 0 in the table"), found::toString);
        assertTrue(found.contains("Render Target: 'Write Enable' is word 1 bits [1:1] in genxml, [0:0] in the table"),
                found::toString);
        assertTrue(found.contains("Render Target: genxml field 'Mystery' has no table field 'mystery'"), found::toString);
    }

    private static GenxmlComparison compare(String resource) throws Exception {
        try (InputStream in = GenxmlConformanceTest.class.getResourceAsStream(resource)) {
            return GenxmlComparison.of(in, InstructionSet.v10());
        }
    }

    /** The differences between genxml's framebuffer descriptors and the descriptor table. */
    static final class DescriptorComparison {
        private static final Map<String, String> STRUCTS = Map.of("Framebuffer Parameters", "framebuffer_parameters",
                "ZS CRC Extension", "zs_crc_extension", "Render Target", "render_target");
        /** Nested structs of the render target that are part of the RGB one; the others are overlays. */
        private static final List<String> NESTED = List.of("RT Buffer", "RT Clear");

        static List<String> of(InputStream xml, DescriptorSet table) throws Exception {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document doc = factory.newDocumentBuilder().parse(xml);
            Map<String, Map<String, Long>> enums = new HashMap<>();
            Map<String, Element> structs = new HashMap<>();
            NodeList e = doc.getElementsByTagName("enum");
            for (int i = 0; i < e.getLength(); i++) {
                Element en = (Element) e.item(i);
                Map<String, Long> values = new java.util.LinkedHashMap<>();
                for (Element v : GenxmlComparison.children(en, "value")) {
                    values.put(v.getAttribute("name"), Long.decode(v.getAttribute("value")));
                }
                enums.put(en.getAttribute("name"), values);
            }
            NodeList st = doc.getElementsByTagName("struct");
            for (int i = 0; i < st.getLength(); i++) {
                structs.put(((Element) st.item(i)).getAttribute("name"), (Element) st.item(i));
            }
            List<String> out = new ArrayList<>();
            for (Map.Entry<String, String> s : STRUCTS.entrySet()) {
                Element struct = structs.get(s.getKey());
                if (struct == null) {
                    continue;
                }
                DescriptorDef def = table.get(s.getValue());
                List<DescriptorField> matched = new ArrayList<>();
                compare(s.getKey(), struct, "", 0, def, enums, structs, matched, out);
                if (!List.of("Render Target").contains(s.getKey()) || structs.containsKey("RT Clear")) {
                    for (DescriptorField f : def.fields()) {
                        if (!matched.contains(f)) {
                            out.add(s.getKey() + ": table field " + f.name() + " has no genxml field");
                        }
                    }
                }
            }
            return out;
        }

        private static void compare(String where, Element struct, String prefix, int wordOffset, DescriptorDef def,
                                    Map<String, Map<String, Long>> enums, Map<String, Element> structs,
                                    List<DescriptorField> matched, List<String> out) {
            for (Element g : GenxmlComparison.children(struct, "field")) {
                String name = g.getAttribute("name");
                String type = g.getAttribute("type");
                String[] start = g.getAttribute("start").split(":");
                int word = wordOffset + (start.length == 2 ? Integer.parseInt(start[0]) : Integer.parseInt(start[0]) / 32);
                int lsb = start.length == 2 ? Integer.parseInt(start[1]) : Integer.parseInt(start[0]) % 32;
                int size = Integer.parseInt(g.getAttribute("size"));
                if (structs.containsKey(type)) {
                    if (NESTED.contains(type)) {
                        compare(where, structs.get(type), prefix + snake(name) + "_", word, def, enums, structs, matched, out);
                    }
                    continue; // an overlay (AFBC, YUV, AFRC) of another render-target kind
                }
                String snake = prefix + snake(name);
                Optional<DescriptorField> found = def.fields().stream().filter(f -> f.answersTo(snake)).findFirst();
                if (found.isEmpty()) {
                    out.add(where + ": genxml field '" + name + "' has no table field '" + snake + "'");
                    continue;
                }
                DescriptorField f = found.get();
                matched.add(f);
                if (f.word() != word || f.lsb() != lsb || f.width() != size) {
                    out.add(where + ": '" + name + "' is word " + word + " bits [" + (lsb + size - 1) + ":" + lsb
                            + "] in genxml, [" + f.msb() + ":" + f.lsb() + "] in the table");
                }
                String modifier = g.getAttribute("modifier");
                boolean sameModifier = switch (modifier) {
                    case "minus(1)" -> f.bias() == 1 && f.scale() == 1 && !f.log2();
                    case "log2" -> f.log2();
                    case "" -> f.bias() == 0 && f.scale() == 1 && !f.log2();
                    default -> modifier.startsWith("shr(") && f.scale() == 1L << Integer.parseInt(
                            modifier.substring(4, modifier.length() - 1)) && f.bias() == 0;
                };
                if (!sameModifier) {
                    out.add(where + ": '" + name + "' has modifier '" + modifier + "', the table bias " + f.bias()
                            + " scale " + f.scale() + (f.log2() ? " log2" : ""));
                }
                if (type.equals("float") != f.isFloat()) {
                    out.add(where + ": '" + name + "' is " + type + " in genxml");
                }
                Map<String, Long> values = enums.get(type);
                if (values != null) {
                    compareEnum(where, name, values, f, out);
                }
                compareDefault(where, name, g, values, f, out);
            }
        }

        private static void compareEnum(String where, String name, Map<String, Long> values, DescriptorField f,
                                        List<String> out) {
            if (f.enumType() == null) {
                out.add(where + ": '" + name + "' has genxml enum values, the table field " + f.name() + " none");
                return;
            }
            for (Map.Entry<String, Long> v : values.entrySet()) {
                java.util.OptionalLong ours = f.enumType().valueOf(snake(v.getKey()));
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

        private static void compareDefault(String where, String name, Element g, Map<String, Long> values,
                                           DescriptorField f, List<String> out) {
            if (f.required() || f.projectDefault()) {
                if (g.hasAttribute("default")) {
                    out.add(where + ": '" + name + "' has genxml default " + g.getAttribute("default")
                            + ", the table a default of its own");
                }
                return;
            }
            String d = g.getAttribute("default");
            long expected = d.isEmpty() || d.equals("false") ? 0 : d.equals("true") ? 1
                    : values != null && values.containsKey(d) ? values.get(d) : Long.decode(d);
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

    /** The differences between the CS structs of a genxml file and an instruction table. */
    record GenxmlComparison(int comparedStructs, List<String> mismatches) {

        static GenxmlComparison of(InputStream xml, InstructionSet isa) throws Exception {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document doc = factory.newDocumentBuilder().parse(xml);
            Map<String, Integer> opcodes = opcodeEnum(doc);
            Map<String, Map<String, Long>> all = new HashMap<>();
            NodeList enumNodes = doc.getElementsByTagName("enum");
            for (int i = 0; i < enumNodes.getLength(); i++) {
                Element en = (Element) enumNodes.item(i);
                Map<String, Long> values = new java.util.LinkedHashMap<>();
                for (Element v : children(en, "value")) {
                    values.put(v.getAttribute("name"), Long.decode(v.getAttribute("value")));
                }
                all.put(en.getAttribute("name"), values);
            }
            enums = all;
            List<String> mismatches = new ArrayList<>();
            int compared = 0;
            NodeList structs = doc.getElementsByTagName("struct");
            for (int i = 0; i < structs.getLength(); i++) {
                Element struct = (Element) structs.item(i);
                String name = struct.getAttribute("name");
                if (!name.startsWith("CS ")) {
                    continue;
                }
                List<Element> fields = children(struct, "field");
                Optional<Element> opcodeField = fields.stream()
                        .filter(f -> f.getAttribute("name").equals("Opcode") && f.hasAttribute("default")).findFirst();
                if (opcodeField.isEmpty()) {
                    continue; // e.g. "CS Base": a view of every instruction, not one instruction
                }
                String opcodeName = opcodeField.get().getAttribute("default");
                Integer opcode = opcodes.get(opcodeName);
                if (opcode == null) {
                    mismatches.add(name + ": opcode " + opcodeName + " is not in the CS Opcode enum");
                    continue;
                }
                Optional<InstructionDef> def = isa.byOpcode(opcode);
                if (def.isEmpty()) {
                    mismatches.add(name + ": opcode " + opcode + " (" + opcodeName + ") is not in the table");
                    continue;
                }
                compared++;
                fields.remove(opcodeField.get());
                compareFields(def.get(), fields, mismatches);
            }
            return new GenxmlComparison(compared, mismatches);
        }

        private static void compareFields(InstructionDef def, List<Element> genxmlFields, List<String> mismatches) {
            List<BitField> unmatched = new ArrayList<>(def.fields());
            for (Element field : genxmlFields) {
                int start = Integer.parseInt(field.getAttribute("start"));
                int size = Integer.parseInt(field.getAttribute("size"));
                int msb = start + size - 1;
                String range = msb == start ? "[" + msb + "]" : "[" + msb + ":" + start + "]";
                Optional<BitField> ours = unmatched.stream()
                        .filter(f -> f.lsb() == start && f.msb() == msb).findFirst();
                if (ours.isEmpty()) {
                    mismatches.add(String.format(Locale.ROOT, "%s: genxml field '%s' %s has no table field with"
                            + " that range", def.mnemonic(), field.getAttribute("name"), range));
                    continue;
                }
                unmatched.remove(ours.get());
                compareDefaultAndEnum(def, field, ours.get(), mismatches);
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

        /** genxml enums by name, for defaults and enumeration values; set by {@link #of}. */
        private static Map<String, Map<String, Long>> enums = Map.of();

        private static void compareDefaultAndEnum(InstructionDef def, Element field, BitField ours, List<String> out) {
            Map<String, Long> values = enums.get(field.getAttribute("type"));
            String d = field.getAttribute("default");
            long expected = d.isEmpty() || d.equals("false") ? 0 : d.equals("true") ? 1
                    : values != null && values.containsKey(d) ? values.get(d) : Long.decode(d);
            if (expected != ours.defaultValue()) {
                out.add(def.mnemonic() + ": genxml field '" + field.getAttribute("name") + "' defaults to " + expected
                        + ", table field " + ours.name() + " to " + ours.defaultValue());
            }
            if (values == null || field.getAttribute("type").equals("CS Opcode")) {
                return;
            }
            Optional<EnumType> named = def.modifiers().stream().filter(m -> m.field().equals(ours))
                    .filter(m -> m instanceof Modifier.Choice).map(m -> ((Modifier.Choice) m).type()).findFirst()
                    .or(() -> def.operands().stream().filter(o -> o.field().equals(ours) && o.enumType() != null)
                            .map(OperandSpec::enumType).findFirst());
            if (named.isEmpty()) {
                out.add(def.mnemonic() + ": genxml field '" + field.getAttribute("name") + "' has enum "
                        + field.getAttribute("type") + ", table field " + ours.name() + " has no names");
                return;
            }
            java.util.Set<Long> genxml = new java.util.TreeSet<>(values.values());
            java.util.Set<Long> table = new java.util.TreeSet<>(named.get().values().values());
            if (!genxml.equals(table)) {
                out.add(def.mnemonic() + ": enum " + field.getAttribute("type") + " has values " + genxml
                        + ", table enum " + named.get().name() + " " + table);
            }
        }

        private static Map<String, Integer> opcodeEnum(Document doc) {
            Map<String, Integer> values = new HashMap<>();
            NodeList enums = doc.getElementsByTagName("enum");
            for (int i = 0; i < enums.getLength(); i++) {
                Element e = (Element) enums.item(i);
                if (e.getAttribute("name").equals("CS Opcode")) {
                    for (Element v : children(e, "value")) {
                        values.put(v.getAttribute("name"), Integer.decode(v.getAttribute("value")));
                    }
                }
            }
            return values;
        }

        static List<Element> children(Element parent, String tag) {
            List<Element> out = new ArrayList<>();
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element e && e.getTagName().equals(tag)) {
                    out.add(e);
                }
            }
            return out;
        }
    }
}
