package dev.csfstudio.eclipse.operations.diagnostics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import dev.csfstudio.eclipse.HoverText;
import dev.csfstudio.eclipse.LineOffsets;

/** LSP diagnostics to the attributes of problem markers; no resource is touched here. */
public final class MarkerData {

    /** The marker type (a problem and text marker, not persisted: the server recomputes them). */
    public static final String MARKER_TYPE = "dev.csfstudio.eclipse.problem";
    /** The server's diagnostic code (e.g. {@code unknown-mnemonic}), a String. */
    public static final String CODE = "csfCode";
    /** Related information (call chain of a fault, the include's error), one per line, if any. */
    public static final String RELATED = "csfRelated";
    /** The LSP diagnostic itself as JSON, what a quick fix sends back to the server's code actions. */
    public static final String DIAGNOSTIC = "csfDiagnostic";

    private static final com.google.gson.Gson JSON = new org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler(Map.of()).getGson();

    private MarkerData() {
    }

    public static int severity(DiagnosticSeverity s) {
        if (s == null || s == DiagnosticSeverity.Error) {
            return IMarker.SEVERITY_ERROR;
        }
        return s == DiagnosticSeverity.Warning ? IMarker.SEVERITY_WARNING : IMarker.SEVERITY_INFO;
    }

    /** The diagnostic's message (LSP 3.18 allows markup: shown as plain text). */
    public static String message(Diagnostic d) {
        if (d.getMessage() == null) {
            return "";
        }
        return d.getMessage().isLeft() ? d.getMessage().getLeft() : HoverText.markdownToPlain(d.getMessage().getRight().getValue());
    }

    /** The diagnostic a marker was made from (its {@link #DIAGNOSTIC} attribute), or null. */
    public static Diagnostic diagnostic(Object json) {
        if (!(json instanceof String s)) {
            return null;
        }
        try {
            return JSON.fromJson(s, Diagnostic.class);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Marker attributes of one diagnostic against the text it was computed for. */
    public static Map<String, Object> attributes(Diagnostic d, LineOffsets text) {
        Map<String, Object> a = new LinkedHashMap<>();
        Range r = d.getRange();
        Position start = r == null ? new Position(0, 0) : r.getStart();
        Position end = r == null ? start : r.getEnd();
        int line = Math.max(0, Math.min(start.getLine(), text.lineCount() - 1));
        int from = text.offset(start.getLine(), start.getCharacter());
        int to = Math.max(from, text.offset(end.getLine(), end.getCharacter()));
        if (to == from && from < text.lineEnd(line)) {
            to = from + 1; // an empty range still underlines the character it points at
        }
        a.put(IMarker.SEVERITY, severity(d.getSeverity()));
        a.put(IMarker.MESSAGE, message(d));
        a.put(IMarker.LINE_NUMBER, line + 1);
        a.put(IMarker.CHAR_START, from);
        a.put(IMarker.CHAR_END, to);
        a.put(IMarker.LOCATION, "line " + (line + 1));
        a.put(IMarker.SOURCE_ID, d.getSource() == null ? "csf" : d.getSource());
        if (d.getCode() != null) {
            Object code = d.getCode().isLeft() ? d.getCode().getLeft() : d.getCode().getRight();
            if (code != null) {
                a.put(CODE, String.valueOf(code));
            }
        }
        a.put(DIAGNOSTIC, JSON.toJson(d));
        List<DiagnosticRelatedInformation> related = d.getRelatedInformation();
        if (related != null && !related.isEmpty()) {
            StringBuilder b = new StringBuilder();
            for (DiagnosticRelatedInformation info : related) {
                if (b.length() > 0) {
                    b.append('\n');
                }
                b.append(info.getMessage());
                if (info.getLocation() != null && info.getLocation().getRange() != null) {
                    b.append(" (line ").append(info.getLocation().getRange().getStart().getLine() + 1).append(')');
                }
            }
            a.put(RELATED, b.toString());
        }
        return a;
    }
}
