package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagnosticsTest {

    @TempDir
    Path root;

    @Test
    void misspeltMnemonicIsAnErrorOnExactlyTheMnemonic() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "    NOP\n    BRANH r1\n");
            List<Diagnostic> ds = s.currentDiagnostics(uri).getDiagnostics();
            Diagnostic d = ds.stream().filter(x -> x.getSeverity() == DiagnosticSeverity.Error).findFirst().orElseThrow();
            assertEquals(new Range(new Position(1, 4), new Position(1, 9)), d.getRange());
            assertTrue(d.getMessage().getLeft().contains("did you mean 'BRANCH'"), d.getMessage().getLeft());
            assertEquals("unknown-mnemonic", d.getCode().getLeft());
        }
    }

    @Test
    void outOfRangeValueMessageGivesTheAllowedRange() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "MOVE48 d40, 0x1000000000000\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().get(0);
            assertTrue(d.getMessage().getLeft().contains("allowed"), d.getMessage().getLeft());
            assertEquals(12, d.getRange().getStart().getCharacter());
        }
    }

    @Test
    void fixingTheErrorClearsTheDiagnostic() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "NOPE\n");
            assertEquals(1, s.currentDiagnostics(uri).getDiagnostics().size());
            s.edit(uri, 0, 3, 0, 4, "");
            assertEquals(List.of(), s.currentDiagnostics(uri).getDiagnostics());
        }
    }

    @Test
    void warningsArriveAsWarnings() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "BRANCH.always r0, end\nNOP\nend:\nNOP\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Warning, d.getSeverity());
            assertEquals(1, d.getRange().getStart().getLine());
        }
    }

    @Test
    void duplicateLabelPointsAtTheFirstDefinition() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "here:\nNOP\nhere:\nNOP\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().stream()
                    .filter(x -> x.getSeverity() == DiagnosticSeverity.Error).findFirst().orElseThrow();
            assertEquals(2, d.getRange().getStart().getLine());
            assertEquals(0, d.getRelatedInformation().get(0).getLocation().getRange().getStart().getLine());
        }
    }

    @Test
    void includeOutsideTheWorkspaceRootsIsNotRead(@TempDir Path elsewhere) throws Exception {
        java.nio.file.Files.writeString(elsewhere.resolve("secret.csf"), "NOP\n");
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", ".include \"" + elsewhere.resolve("secret.csf").toString().replace("\\", "/")
                    + "\"\nNOP\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().get(0);
            assertEquals(DiagnosticSeverity.Error, d.getSeverity());
            assertEquals(0, d.getRange().getStart().getLine());
        }
    }

    @Test
    void includeCycleIsReportedNotFollowed() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            java.nio.file.Files.writeString(root.resolve("b.csf"), ".include \"a.csf\"\nNOP\n");
            String uri = s.open("a.csf", ".include \"b.csf\"\nNOP\n");
            Diagnostic d = s.currentDiagnostics(uri).getDiagnostics().get(0);
            assertTrue(d.getMessage().getLeft().contains("include cycle"), d.getMessage().getLeft());
            assertEquals(new Range(new Position(0, 9), new Position(0, 16)), d.getRange());
        }
    }

    @Test
    void closingADocumentClearsItsDiagnostics() throws Exception {
        try (LspSession s = LspSession.start(root)) {
            String uri = s.open("a.csf", "NOPE\n");
            assertEquals(1, s.currentDiagnostics(uri).getDiagnostics().size());
            s.server.getTextDocumentService().didClose(new org.eclipse.lsp4j.DidCloseTextDocumentParams(LspSession.id(uri)));
            s.client.awaitDiagnostics(uri, p -> p.getDiagnostics().isEmpty());
        }
    }
}
