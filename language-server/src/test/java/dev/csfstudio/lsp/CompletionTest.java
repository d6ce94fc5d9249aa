package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionTest {

    @TempDir
    Path root;

    private static List<CompletionItem> complete(LspSession s, String uri, int line, int col) throws Exception {
        return s.server.getTextDocumentService().completion(new CompletionParams(LspSession.id(uri),
                new Position(line, col))).get(10, TimeUnit.SECONDS).getRight().getItems();
    }

    private static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void mnemonicsComeWithOperandSnippets() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    MOV\n");
            CompletionItem move48 = complete(s, uri, 0, 7).stream()
                    .filter(i -> i.getLabel().equals("MOVE48")).findFirst().orElseThrow();
            assertEquals(InsertTextFormat.Snippet, move48.getInsertTextFormat());
            assertEquals("MOVE48 ${1:dN}, ${2:#imm}", move48.getTextEdit().getLeft().getNewText());
        }
    }

    @Test
    void requiredModifierBecomesASnippetChoice() {
        var branch = dev.csfstudio.isa.InstructionSet.v10().byMnemonic("BRANCH").orElseThrow();
        assertTrue(CompletionService.snippet(branch).startsWith("BRANCH.${1|le,gt,eq,ne,lt,ge,always|} "),
                CompletionService.snippet(branch));
    }

    @Test
    void modifiersAfterADotAreOnlyThoseOfTheInstruction() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    SYNC_WAIT32.\n");
            List<String> got = labels(complete(s, uri, 0, 16));
            assertTrue(got.containsAll(List.of("gt", "le", "inherit", "reject")), got.toString());
            assertFalse(got.contains("progress_inc"), got.toString());
        }
    }

    @Test
    void modifiersAlreadyWrittenAreNotOfferedAgain() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    SYNC_WAIT32.gt.\n");
            List<String> got = labels(complete(s, uri, 0, 19));
            assertFalse(got.contains("le"), got.toString());
            assertTrue(got.contains("reject"), got.toString());
        }
    }

    @Test
    void registerOperandOffersNamedFragmentInputsFirst() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    MOVE48 \n");
            CompletionItem first = complete(s, uri, 0, 11).stream()
                    .min((a, b) -> a.getSortText().compareTo(b.getSortText())).orElseThrow();
            assertEquals("d40", first.getLabel());
            assertEquals("framebuffer_pointer", first.getDetail());
        }
    }

    @Test
    void pairOperandOffersOnlyEvenPairs() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    MOVE48 d\n");
            List<String> got = labels(complete(s, uri, 0, 12));
            assertTrue(got.contains("d94"));
            assertFalse(got.contains("d3"));
            assertFalse(got.contains("r3"));
        }
    }

    @Test
    void branchTargetOffersLabelsInScope() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".equ LIMIT, 4\nloop:\n    NOP\n    BRANCH.ne r4, \n");
            s.currentDiagnostics(uri);
            List<CompletionItem> items = complete(s, uri, 3, 18);
            CompletionItem loop = items.stream().filter(i -> i.getLabel().equals("loop")).findFirst().orElseThrow();
            CompletionItem limit = items.stream().filter(i -> i.getLabel().equals("LIMIT")).findFirst().orElseThrow();
            assertTrue(loop.getSortText().compareTo(limit.getSortText()) < 0);
        }
    }

    @Test
    void directivesAfterALeadingDot() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".str\n");
            List<CompletionItem> items = complete(s, uri, 0, 4);
            CompletionItem stream = items.stream().filter(i -> i.getLabel().equals(".stream")).findFirst().orElseThrow();
            assertEquals(0, stream.getTextEdit().getLeft().getRange().getStart().getCharacter());
        }
    }

    @Test
    void descriptorDirectiveOffersItsFieldNames() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    .rt \n");
            List<String> got = labels(complete(s, uri, 0, 8));
            assertTrue(got.containsAll(List.of("format", "layout", "base", "row_stride", "clear", "clear_rgba")),
                    got.toString());
            assertFalse(got.contains("width"));
        }
    }

    @Test
    void descriptorEnumFieldOffersItsValues() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    .rt layout=\n");
            List<String> got = labels(complete(s, uri, 0, 15));
            assertEquals(List.of("no_write", "tiled_u_interleaved", "linear", "afbc", "afbc_tiled"), got);
        }
    }

    @Test
    void nothingInsideAComment() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "NOP ; MOV\n");
            assertEquals(List.of(), complete(s, uri, 0, 9));
        }
    }

    @Test
    void thousandsOfLabelsAreCutToThoseNearestTheCursor() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append("l").append(i).append(":\n    NOP\n");
        }
        text.append("    BRANCH.ne r4, \n");
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", text.toString());
            s.currentDiagnostics(uri);
            var list = s.server.getTextDocumentService().completion(new CompletionParams(LspSession.id(uri),
                    new Position(2000, 18))).get(10, TimeUnit.SECONDS).getRight();
            assertTrue(list.isIncomplete());
            List<String> got = labels(list.getItems());
            assertEquals(CompletionService.MAX_SYMBOLS, got.size());
            assertTrue(got.contains("l999"));
            assertFalse(got.contains("l0"));
        }
    }

    @Test
    void typedPrefixNarrowsTheSymbols() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "alpha:\nbeta:\n    BRANCH.ne r4, al\n");
            s.currentDiagnostics(uri);
            List<String> got = labels(complete(s, uri, 2, 20));
            assertEquals(List.of("alpha"), got);
        }
    }

    /** What completion offers at the end of {@code text} (one line) on v10, without an analysis. */
    private static List<String> offeredAtEnd(String text) {
        var arch = dev.csfstudio.isa.Arch.V10;
        return labels(new CompletionService(arch.instructionSet(), arch.descriptors()).complete(
                new TextDocument("file:///a.csf", 1, text), new Position(0, text.length()), java.util.Optional.empty())
                .getItems());
    }

    @Test
    void modifierKeyOffersTheValuesOfItsTableEnumeration() {
        assertEquals(List.of("zorder", "horizontal", "vertical", "rev_horizontal", "rev_vertical"),
                offeredAtEnd("    RUN_FRAGMENT.tile_order="));
    }

    @Test
    void modifierValueBeingTypedIsReplacedByTheWholeValue() {
        var arch = dev.csfstudio.isa.Arch.V10;
        String text = "    RUN_FRAGMENT.progress_inc.tile_order=ho";
        var items = new CompletionService(arch.instructionSet(), arch.descriptors()).complete(
                new TextDocument("file:///a.csf", 1, text), new Position(0, text.length()), java.util.Optional.empty())
                .getItems();
        CompletionItem horizontal = items.stream().filter(i -> i.getLabel().equals("horizontal")).findFirst()
                .orElseThrow();
        assertEquals(text.indexOf('=') + 1, horizontal.getTextEdit().getLeft().getRange().getStart().getCharacter());
    }

    @Test
    void oneBitDescriptorFieldOffersZeroAndOne() {
        assertEquals(List.of("0", "1"), offeredAtEnd("    .fbd width=16, height=16, first_provoking_vertex="));
    }

    /** `cancelled` is a queue's own ending (another queue of its group faulted); a cancelled run ends so too. */
    @Test
    void expectStatusOffersHowARunEnds() {
        assertEquals(List.of("ok", "fault", "timeout", "deadlock", "hazard", "cancelled"), offeredAtEnd(".expect status "));
    }

    @Test
    void expectFaultOffersTheFaultKinds() {
        assertEquals(dev.csfstudio.program.Expectation.FAULT_KINDS, offeredAtEnd(".expect fault "));
        assertEquals(dev.csfstudio.program.Expectation.FAULT_KINDS, offeredAtEnd(".expect status fault "));
    }

    @Test
    void directiveOptionValueOffersNoRegister() {
        assertEquals(List.of(), offeredAtEnd(".stream main, align="));
    }

    @Test
    void expectOptionValueOffersNoRegister() {
        assertEquals(List.of(), offeredAtEnd(".expect fault translation, line="));
    }

    @Test
    void descOffersTheDescriptorsItCanWriteAsItsFirstOperand() {
        List<String> got = offeredAtEnd("    .desc ");
        assertTrue(got.containsAll(List.of("shader_program", "resource", "blend", "draw", "tiler_context")), got::toString);
        assertTrue(got.stream().noneMatch(n -> n.equals("render_target") || n.equals("framebuffer_parameters")),
                got::toString);
    }

    @Test
    void descOffersTheFieldsOfTheDescriptorItNames() {
        List<String> got = offeredAtEnd("    .desc shader_program, ");
        assertTrue(got.containsAll(List.of("stage", "binary", "preload", "register_allocation")), got::toString);
        assertTrue(got.stream().noneMatch(n -> n.equals("tls_size")), got::toString);
    }

    @Test
    void descOffersTheValuesOfAnEnumeratedField() {
        assertEquals(List.of("compute", "fragment", "vertex"), offeredAtEnd("    .desc shader_program, stage="));
    }

    @Test
    void descOfAnUnknownDescriptorOffersNoFields() {
        assertTrue(offeredAtEnd("    .desc no_such_thing, ").stream().noneMatch(n -> n.equals("stage")));
    }
}
