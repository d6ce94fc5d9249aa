package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;

class MarkerDataTest {

    private static final String TEXT = ".stream main\r\n    FROB r1, #2\n    WAIT #1\n";

    private static Diagnostic diagnostic(int line, int from, int to, DiagnosticSeverity severity) {
        return new Diagnostic(new Range(new Position(line, from), new Position(line, to)), "unknown mnemonic 'FROB'", severity, "csf");
    }

    @Test
    void rangeBecomesOneBasedLineAndDocumentOffsets() {
        Map<String, Object> a = MarkerData.attributes(diagnostic(1, 4, 8, DiagnosticSeverity.Error), new LineOffsets(TEXT));
        assertEquals(2, a.get(IMarker.LINE_NUMBER));
        assertEquals(18, a.get(IMarker.CHAR_START)); // 12 + CRLF + 4 blanks
        assertEquals(22, a.get(IMarker.CHAR_END));
        assertEquals("unknown mnemonic 'FROB'", a.get(IMarker.MESSAGE));
    }

    @Test
    void severitiesMapOntoMarkerSeverities() {
        LineOffsets t = new LineOffsets(TEXT);
        assertEquals(IMarker.SEVERITY_ERROR, MarkerData.attributes(diagnostic(1, 4, 8, DiagnosticSeverity.Error), t).get(IMarker.SEVERITY));
        assertEquals(IMarker.SEVERITY_WARNING, MarkerData.attributes(diagnostic(1, 4, 8, DiagnosticSeverity.Warning), t).get(IMarker.SEVERITY));
        assertEquals(IMarker.SEVERITY_INFO, MarkerData.attributes(diagnostic(1, 4, 8, DiagnosticSeverity.Hint), t).get(IMarker.SEVERITY));
        assertEquals(IMarker.SEVERITY_ERROR, MarkerData.attributes(diagnostic(1, 4, 8, null), t).get(IMarker.SEVERITY));
    }

    @Test
    void serverCodeIsKeptAsAttribute() {
        Diagnostic d = diagnostic(1, 4, 8, DiagnosticSeverity.Error);
        d.setCode(Either.forLeft("unknown-mnemonic"));
        assertEquals("unknown-mnemonic", MarkerData.attributes(d, new LineOffsets(TEXT)).get(MarkerData.CODE));
        assertFalse(MarkerData.attributes(diagnostic(1, 4, 8, null), new LineOffsets(TEXT)).containsKey(MarkerData.CODE));
    }

    @Test
    void emptyRangeStillCoversOneCharacter() {
        Map<String, Object> a = MarkerData.attributes(diagnostic(2, 4, 4, DiagnosticSeverity.Error), new LineOffsets(TEXT));
        assertEquals((Integer) a.get(IMarker.CHAR_START) + 1, a.get(IMarker.CHAR_END));
    }

    @Test
    void rangePastTheTextIsClampedToItsEnd() {
        Map<String, Object> a = MarkerData.attributes(diagnostic(9, 0, 3, DiagnosticSeverity.Error), new LineOffsets(TEXT));
        assertEquals(TEXT.length(), a.get(IMarker.CHAR_START));
        assertEquals(TEXT.length(), a.get(IMarker.CHAR_END));
        assertEquals(4, a.get(IMarker.LINE_NUMBER));
    }

    @Test
    void relatedInformationBecomesTextWithLines() {
        Diagnostic d = diagnostic(1, 4, 8, DiagnosticSeverity.Error);
        d.setRelatedInformation(List.of(new DiagnosticRelatedInformation(
                new Location("file:///x.csf", new Range(new Position(6, 0), new Position(6, 3))), "called from here")));
        String related = (String) MarkerData.attributes(d, new LineOffsets(TEXT)).get(MarkerData.RELATED);
        assertTrue(related.contains("called from here (line 7)"), related);
    }
}
