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
 * must match the table's instruction for that opcode field by field (bit range and signedness).
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

    private static GenxmlComparison compare(String resource) throws Exception {
        try (InputStream in = GenxmlConformanceTest.class.getResourceAsStream(resource)) {
            return GenxmlComparison.of(in, InstructionSet.v10());
        }
    }

    /** The differences between the CS structs of a genxml file and an instruction table. */
    record GenxmlComparison(int comparedStructs, List<String> mismatches) {

        static GenxmlComparison of(InputStream xml, InstructionSet isa) throws Exception {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document doc = factory.newDocumentBuilder().parse(xml);
            Map<String, Integer> opcodes = opcodeEnum(doc);
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

        private static List<Element> children(Element parent, String tag) {
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
