package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodeActionTest {

    @TempDir
    Path root;

    private static List<CodeAction> actions(LspSession s, String uri, Range range, List<Diagnostic> diagnostics)
            throws Exception {
        return s.server.getTextDocumentService().codeAction(new CodeActionParams(LspSession.id(uri), range,
                new CodeActionContext(diagnostics))).get(10, TimeUnit.SECONDS).stream().map(e -> e.getRight()).toList();
    }

    /** The quick fixes offered for diagnostic {@code d} of the document, at its range. */
    private static List<CodeAction> fixes(LspSession s, String uri, Diagnostic d) throws Exception {
        return actions(s, uri, d.getRange(), List.of(d));
    }

    private static Diagnostic firstDiagnostic(LspSession s, String uri) throws Exception {
        return s.currentDiagnostics(uri).getDiagnostics().get(0);
    }

    @Test
    void misspeltMnemonicGetsAQuickFix() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    BRANH.ne r1, 0\n");
            Diagnostic d = firstDiagnostic(s, uri);
            CodeAction fix = fixes(s, uri, d).get(0);
            assertEquals("Change 'BRANH' to 'BRANCH'", fix.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(0, 4), new Position(0, 9)), "BRANCH")),
                    fix.getEdit().getChanges().get(uri));
        }
    }

    private static Diagnostic withCode(LspSession s, String uri, String code) throws Exception {
        return s.currentDiagnostics(uri).getDiagnostics().stream()
                .filter(d -> d.getCode() != null && code.equals(d.getCode().getLeft())).findFirst().orElseThrow();
    }

    @Test
    void aReadOfALoadInFlightGetsTheWaitInsertedBeforeIt() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    LOAD_MULTIPLE r0, [d10 + 0]\n    ADD_IMMEDIATE32 r1, r0, #1\n");
            Diagnostic d = withCode(s, uri, "scoreboard-load-in-flight");
            assertEquals(DiagnosticSeverity.Warning, d.getSeverity());
            assertEquals(1, d.getRange().getStart().getLine());
            assertEquals(0, d.getRelatedInformation().get(0).getLocation().getRange().getStart().getLine());
            CodeAction fix = fixes(s, uri, d).get(0);
            assertEquals("Insert 'WAIT #0x1' before line 2", fix.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(1, 4), new Position(1, 4)), "WAIT #0x1\n    ")),
                    fix.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void theWaitGoesAfterALabelOnTheReadingLineSoThatBranchesToItWaitToo() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    LOAD_MULTIPLE r0, [d10 + 0]\nagain: ADD_IMMEDIATE32 r0, r0, #-1\n"
                    + "    BRANCH.ne r0, again\n");
            Diagnostic d = withCode(s, uri, "scoreboard-load-in-flight");
            CodeAction fix = fixes(s, uri, d).get(0);
            assertEquals(List.of(new TextEdit(new Range(new Position(1, 7), new Position(1, 7)), "WAIT #0x1\n       ")),
                    fix.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void numericBranchOffsetCanUseTheLabelAtItsTarget() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "top:\n    NOP\n    BRANCH.ne r4, #-2\n");
            Range line = new Range(new Position(2, 0), new Position(2, 0));
            CodeAction action = actions(s, uri, line, List.of()).get(0);
            assertEquals("Use label 'top' as the branch target", action.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(2, 18), new Position(2, 21)), "top")),
                    action.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void numericBranchOffsetWithoutALabelGetsOneAdded() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    NOP\n    BRANCH.ne r4, #-2\n");
            CodeAction action = actions(s, uri, new Range(new Position(1, 0), new Position(1, 0)), List.of()).get(0);
            assertEquals("Add label 'L_1000000000' at the branch target and use it", action.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(0, 0), new Position(0, 0)), "L_1000000000:\n"),
                    new TextEdit(new Range(new Position(1, 18), new Position(1, 21)), "L_1000000000")),
                    action.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void immediateTooWideForMove32BecomesMove48() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    MOVE32 r4, #0x100000000\n");
            Diagnostic d = firstDiagnostic(s, uri);
            CodeAction fix = fixes(s, uri, d).get(0);
            assertEquals("Use MOVE48 (32-bit imm is too narrow)", fix.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(0, 4), new Position(0, 10)), "MOVE48"),
                    new TextEdit(new Range(new Position(0, 11), new Position(0, 12)), "d")),
                    fix.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void byteCountIsRoundedUpToTheMultipleTheFieldStores() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    PROT_REGION #12\n");
            Diagnostic d = firstDiagnostic(s, uri);
            CodeAction fix = fixes(s, uri, d).get(0);
            assertEquals(List.of(new TextEdit(d.getRange(), "#16")), fix.getEdit().getChanges().get(uri));
        }
    }

    @Test
    void branchOffsetBeyondSixteenBitsHasNoValidForm() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    BRANCH.ne r4, #40000\n");
            Diagnostic d = firstDiagnostic(s, uri);
            assertEquals(List.of(), fixes(s, uri, d));
        }
    }

    /** The quick fixes offered for the first diagnostic of a one-line document. */
    private List<CodeAction> fixesForTheFirstDiagnostic(LspSession s, String text) throws Exception {
        String uri = s.open("a.csf", text);
        Diagnostic d = firstDiagnostic(s, uri);
        return fixes(s, uri, d);
    }

    @Test
    void registerOutOfRangeBecomesTheNearestValidRegister() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            CodeAction fix = fixesForTheFirstDiagnostic(s, "    MOVE32 r200, #5\n").get(0);
            assertEquals("Change 'r200' to 'r95'", fix.getTitle());
            assertEquals(List.of(new TextEdit(new Range(new Position(0, 11), new Position(0, 15)), "r95")),
                    fix.getEdit().getChanges().values().iterator().next());
        }
    }

    @Test
    void registerPairOutOfRangeBecomesTheLastValidPair() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            assertEquals("Change 'd96' to 'd94'", fixesForTheFirstDiagnostic(s, "    MOVE48 d96, #0x1234\n").get(0).getTitle());
        }
    }

    @Test
    void singleRegisterWhereAPairBelongsBecomesThePair() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            assertEquals("Change 'r40' to 'd40'", fixesForTheFirstDiagnostic(s, "    MOVE48 r40, #0x1234\n").get(0).getTitle());
        }
    }

    @Test
    void registerJustPastTheLastGetsExactlyOneFix() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            assertEquals(List.of("Change 'r96' to 'r95'"), fixesForTheFirstDiagnostic(s, "    MOVE32 r96, #1\n").stream()
                    .map(CodeAction::getTitle).toList());
        }
    }
}
