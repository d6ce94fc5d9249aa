package dev.csfstudio.eclipse.build;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.lsp.DiagnosticMapper;

/**
 * The assembler's diagnostics of one source as the language server publishes them (its own mapping, from the
 * bundled csf.jar), so build markers carry the same attributes and quick fixes as the server's. A diagnostic in
 * an included file is shown at the source's {@code .include} of that file.
 */
final class AssemblerDiagnostics {

    private AssemblerDiagnostics() {
    }

    static org.eclipse.lsp4j.Diagnostic toLsp(Diagnostic d, Path source, String sourceText) {
        org.eclipse.lsp4j.Diagnostic out = DiagnosticMapper.toLsp(d, file -> file == null ? "" : file.toUri().toString());
        Path file = d.range() == null ? null : d.range().file();
        if (file == null || file.toAbsolutePath().normalize().equals(source)) {
            return out;
        }
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        related.add(new DiagnosticRelatedInformation(new Location(file.toUri().toString(), out.getRange()), d.message()));
        if (out.getRelatedInformation() != null) {
            related.addAll(out.getRelatedInformation());
        }
        out.setRelatedInformation(related);
        out.setRange(includeSite(sourceText, source, file));
        out.setMessage("error in included file " + file.getFileName() + ": " + d.message());
        out.setCode(Either.forLeft("include-error"));
        out.setData(null);
        return out;
    }

    /** The quoted name of the {@code .include} of file in the source (resolved against its folder), else line 1. */
    static Range includeSite(String text, Path source, Path file) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        Path target = file.toAbsolutePath().normalize();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int at = line.toLowerCase(Locale.ROOT).indexOf(".include");
            int open = at < 0 ? -1 : line.indexOf('"', at);
            int close = open < 0 ? -1 : line.indexOf('"', open + 1);
            if (close < 0) {
                continue;
            }
            try {
                if (source.resolveSibling(line.substring(open + 1, close)).toAbsolutePath().normalize().equals(target)) {
                    return new Range(new Position(i, open), new Position(i, close + 1));
                }
            } catch (java.nio.file.InvalidPathException e) {
                // not a file name: not this include
            }
        }
        return new Range(new Position(0, 0), new Position(0, 0));
    }
}
