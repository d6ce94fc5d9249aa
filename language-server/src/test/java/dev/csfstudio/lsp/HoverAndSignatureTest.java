package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HoverAndSignatureTest {

    @TempDir
    Path root;

    private static String hover(LspSession s, String uri, int line, int col) throws Exception {
        Hover h = s.server.getTextDocumentService().hover(new HoverParams(LspSession.id(uri), new Position(line, col)))
                .get(10, TimeUnit.SECONDS);
        return h == null ? null : h.getContents().getRight().getValue();
    }

    /** The hover at {@code line}:{@code col} of a fresh server's document {@code a.csf} holding {@code text}. */
    private String hoverIn(String text, int line, int col) throws Exception {
        try (LspSession s = LspSession.start(root)) {
            return hover(s, s.open("a.csf", text), line, col);
        }
    }

    @Test
    void renderTargetHoverShowsTheDecodedClearColour() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("rt.csf", ".buffer c, size=64\n.buffer fb, align=64\n.fbd width=4, height=4\n"
                    + ".rt format=R5G6B5, base=c, row_stride=8, dithered_clear=1, clear_rgba=(0.718, 0.18, 1.0, 2.0)\n");
            String onDirective = hover(s, uri, 3, 1);
            assertTrue(onDirective.contains("Clear colour: RGBA (0.7177, 0.1796, 1, 1) as R5G6B5A0 r5.5,g6.4,b5.5,a0.2"),
                    onDirective);
            String onField = hover(s, uri, 3, 68);
            assertTrue(onField.contains("Clear colour: RGBA (0.7177"), onField);
        }
    }

    @Test
    void instructionHoverShowsOperandBitsValuesAndTheWord() throws Exception {
        String text = hoverIn("    MOVE32 r42, #7\n", 0, 6);
        assertTrue(text.contains("Loads a 32-bit immediate"), text);
        assertTrue(text.contains("dst[55:48] | 42"), text);
        assertTrue(text.contains("imm[31:0] | 7"), text);
        assertTrue(text.contains("0x022a000000000007"), text);
    }

    @Test
    void namedRegisterHoverExplainsItsRole() throws Exception {
        String text = hoverIn("    MOVE48 d40, #0\n", 0, 12);
        assertTrue(text.contains("framebuffer_pointer"), text);
    }

    @Test
    void labelHoverGivesItsGpuAddress() throws Exception {
        String text = hoverIn("NOP\nloop:\n    BRANCH.ne r4, loop\n", 2, 20);
        assertTrue(text.contains("GPU address `0x1000000008`"), text);
    }

    @Test
    void constantHoverGivesItsValue() throws Exception {
        String text = hoverIn(".equ WIDTH, 16\nMOVE32 r1, #WIDTH\n", 1, 14);
        assertTrue(text.contains("16 (0x10)"), text);
    }

    @Test
    void descriptorFieldHoverGivesItsWordAndBits() throws Exception {
        String text = hoverIn(".rt row_stride=64\n", 0, 6);
        assertTrue(text.contains("Word 10 bits [31:0]"), text);
    }

    @Test
    void noHoverOnWhitespace() throws Exception {
        assertNull(hoverIn("NOP      \n", 0, 7));
    }

    @Test
    void signatureHelpMarksTheOperandUnderTheCursor() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    LOAD_MULTIPLE r40:r41, [d76 + 8]\n");
            SignatureHelp help = s.server.getTextDocumentService().signatureHelp(new SignatureHelpParams(
                    LspSession.id(uri), new Position(0, 30))).get(10, TimeUnit.SECONDS);
            assertEquals("LOAD_MULTIPLE rA:rB:..., [dN + offset]", help.getSignatures().get(0).getLabel());
            assertEquals(1, help.getActiveParameter());
            var label = help.getSignatures().get(0).getParameters().get(1).getLabel().getRight();
            assertEquals("[dN + offset]", help.getSignatures().get(0).getLabel().substring(label.getFirst(), label.getSecond()));
        }
    }

    /** The hover a client that asks for plain text ({@code textDocument.hover.contentFormat: ["plaintext"]}) gets. */
    private static com.google.gson.JsonObject plainHover(RawServer s, String uri, int line, int col) throws Exception {
        com.google.gson.JsonObject params = com.google.gson.JsonParser.parseString("{\"textDocument\":{\"uri\":\""
                + uri + "\"},\"position\":{\"line\":" + line + ",\"character\":" + col + "}}").getAsJsonObject();
        return s.rpc.response(s.rpc.request("textDocument/hover", params)).getAsJsonObject("result")
                .getAsJsonObject("contents");
    }

    @Test
    void hoverIsPlainTextWithoutFencesTablesOrBackticksWhenTheClientAsksForIt() throws Exception {
        com.google.gson.JsonObject init = RawServer.initializeParams();
        init.add("capabilities", com.google.gson.JsonParser.parseString(
                "{\"textDocument\":{\"hover\":{\"contentFormat\":[\"plaintext\"]}}}"));
        try (RawServer s = RawServer.initialized(init)) {
            String uri = s.open("file:///plain.csf", "loop:   MOVE48 d40, #0\n        BRANCH.ne r4, loop\n");
            for (int[] at : new int[][] {{0, 10}, {0, 17}, {1, 24}, {1, 12}}) { // mnemonic, register, label, modifier
                com.google.gson.JsonObject contents = plainHover(s, uri, at[0], at[1]);
                assertEquals("plaintext", contents.get("kind").getAsString());
                String text = contents.get("value").getAsString();
                assertTrue(!text.contains("`") && !text.contains("|") && !text.contains("**"), text);
            }
            assertTrue(plainHover(s, uri, 0, 10).get("value").getAsString().contains("dN       dst[55:48]  40"),
                    plainHover(s, uri, 0, 10).toString());
        }
    }

    /** Hover text at {@code column} of {@code text} (one line) on v10, without an analysis or a run. */
    private static String hoverAt(String text, int column) {
        var arch = dev.csfstudio.isa.Arch.V10;
        return new HoverService(arch.instructionSet(), arch.descriptors()).hover(
                new TextDocument("file:///a.csf", 1, text), new Position(0, column), java.util.Optional.empty(),
                java.util.Optional.empty(), Markup.MARKDOWN).map(h -> h.getContents().getRight().getValue()).orElse(null);
    }

    @Test
    void descFieldHoverGivesTheFieldOfTheDescriptorItNames() {
        String text = "    .desc shader_program, stage=compute";
        String got = hoverAt(text, text.indexOf("stage") + 1);
        assertTrue(got != null && got.contains("Word 0 bits [7:4]") && got.contains("compute"), got);
    }

    @Test
    void descNameHoverSummarisesTheDescriptor() {
        String text = "    .desc resource, address=0x1000, size=64";
        String got = hoverAt(text, text.indexOf("resource") + 2);
        assertTrue(got != null && got.contains("16 bytes, 3 fields") && got.contains("contains_descriptors"), got);
    }
}
