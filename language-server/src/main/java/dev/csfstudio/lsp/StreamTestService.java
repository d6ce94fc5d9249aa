package dev.csfstudio.lsp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.testing.GoldenTarget;
import dev.csfstudio.testing.Verdict;

/**
 * A document's expectations in the editor: the "Run test" lens, a ✓ after each {@code .expect} the last run
 * met, {@code csf/test}'s answer, and the "Update golden image" quick fix that writes a golden from the run.
 */
final class StreamTestService {

    static final String RUN_TEST = "csf.test";
    static final String UPDATE_GOLDEN = "csf.updateGolden";
    /** Most expectations (and errors) one {@code csf/test} answer lists. */
    static final int MAX_LISTED = 1_000;

    private StreamTestService() {
    }

    /** "▶ Run test" above the first {@code .expect} of a document whose program has expectations. */
    static List<CodeLens> lenses(DocumentAnalysis a) {
        Program p = a.result().program();
        if (p == null) {
            return List.of();
        }
        return p.expectations().stream().filter(e -> a.isMainFile(e.range().file())).findFirst().map(e -> {
            Range r = new Range(new Position(e.range().line() - 1, 0), new Position(e.range().line() - 1, 0));
            return List.of(new CodeLens(r, new Command("▶ Run test", RUN_TEST, List.of(a.document().uri())), null));
        }).orElse(List.of());
    }

    /** A ✓ at the end of each {@code .expect} line in {@code range} the run met. */
    static List<InlayHint> hints(DocumentAnalysis a, Range range, RunFeedback run) {
        List<InlayHint> out = new ArrayList<>();
        for (Verdict v : run.verdicts()) {
            int line = v.expectation().range().line() - 1;
            if (!v.passed() || !a.isMainFile(v.expectation().range().file()) || line < range.getStart().getLine()
                    || line > range.getEnd().getLine() || line >= a.document().lineCount()) {
                continue;
            }
            String text = a.document().line(line);
            int end = SourceLine.scan(text).comment().map(SourceLine.Token::start).orElse(text.length());
            while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            InlayHint hint = new InlayHint(new Position(line, end), Either.forLeft("✓ " + v.actual()));
            hint.setKind(InlayHintKind.Type);
            hint.setPaddingLeft(true);
            out.add(hint);
        }
        return out;
    }

    /** "Update golden image" on an image expectation whose target differs from its golden. */
    static List<Either<Command, CodeAction>> quickFixes(String uri, List<Diagnostic> diagnostics) {
        List<Either<Command, CodeAction>> out = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            if (DiagnosticMapper.codeOf(d).orElse(null) == DiagnosticCode.EXPECTATION_IMAGE) {
                CodeAction action = new CodeAction("Update golden image from this run");
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(d));
                action.setCommand(new Command("Update golden image", UPDATE_GOLDEN,
                        List.of(uri, d.getRange().getStart().getLine())));
                out.add(Either.forRight(action));
            }
        }
        return out;
    }

    /**
     * {@code csf/test}'s answer: {@code {uri, passed, status, expectations: [{line, text, passed, actual, message,
     * image?}], omitted?, errors: [{line, character, message}]}}, lines 0-based; at most {@value #MAX_LISTED}
     * expectations (failed ones first; {@code omitted} counts the rest) and errors.
     */
    static JsonObject answer(String uri, DocumentAnalysis a, RunFeedback run) {
        JsonObject out = new JsonObject();
        out.addProperty("uri", uri);
        JsonArray errors = new JsonArray();
        a.result().errors().stream().filter(d -> a.isMainFile(d.range().file())).limit(MAX_LISTED).forEach(d -> {
            JsonObject e = new JsonObject();
            e.addProperty("line", d.range().line() - 1);
            e.addProperty("character", d.range().column() - 1);
            e.addProperty("message", d.message());
            errors.add(e);
        });
        if (a.result().hasErrors() && errors.isEmpty()) {
            JsonObject e = new JsonObject();
            e.addProperty("line", 0);
            e.addProperty("character", 0);
            e.addProperty("message", a.result().errors().get(0).headline());
            errors.add(e);
        }
        JsonArray expectations = new JsonArray();
        boolean passed = errors.isEmpty() && run != null;
        if (run != null) {
            out.addProperty("status", run.status());
            // at most MAX_LISTED, the failed ones first; "omitted" counts the others
            long failed = run.verdicts().stream().filter(v -> !v.passed()).count();
            long failedRoom = MAX_LISTED;
            long passedRoom = Math.max(0, MAX_LISTED - failed);
            int omitted = 0;
            for (Verdict v : run.verdicts()) {
                passed &= v.passed();
                if (v.passed() ? passedRoom-- <= 0 : failedRoom-- <= 0) {
                    omitted++;
                    continue;
                }
                JsonObject e = new JsonObject();
                e.addProperty("line", v.expectation().range().line() - 1);
                e.addProperty("file", String.valueOf(v.expectation().range().file()));
                e.addProperty("text", v.expectation().text());
                e.addProperty("passed", v.passed());
                e.addProperty("actual", v.actual());
                e.addProperty("message", v.message());
                if (v.expectation() instanceof Expectation.Image i) {
                    e.addProperty("image", i.buffer());
                    e.addProperty("golden", i.golden().toString());
                }
                expectations.add(e);
            }
            if (omitted > 0) {
                out.addProperty("omitted", omitted);
            }
        }
        out.addProperty("passed", passed);
        out.add("expectations", expectations);
        out.add("errors", errors);
        return out;
    }

    /**
     * Writes the golden PNG of the image expectation on {@code line} (0-based) from a run's render target, where
     * {@link GoldenTarget} allows it: below {@code trees} (the workspace), never over an input.
     */
    static JsonObject updateGolden(DocumentAnalysis a, int line, dev.csfstudio.runtime.RunReport report,
                                   List<Path> trees) {
        Program p = a.result().program();
        Expectation.Image image = p.expectations().stream()
                .filter(e -> e instanceof Expectation.Image && e.range().line() - 1 == line && a.isMainFile(e.range().file()))
                .map(e -> (Expectation.Image) e).findFirst()
                .orElseThrow(() -> CsfLanguageServer.invalid("no .expect image on line " + (line + 1)));
        dev.csfstudio.runtime.RenderTarget target = report.renderTargets().stream()
                .filter(rt -> rt.buffer().equals(image.buffer())).reduce((x, y) -> y)
                .orElseThrow(() -> CsfLanguageServer.invalid("the run wrote no render target in buffer " + image.buffer()));
        Path golden = image.golden();
        GoldenTarget.refusal(golden, trees, a.result().files()).ifPresent(why -> {
            throw CsfLanguageServer.invalid(why);
        });
        try {
            OutputFile.write(golden, target.png());
        } catch (IOException e) {
            throw CsfLanguageServer.invalid("cannot write " + golden + ": " + e.getMessage());
        }
        JsonObject out = new JsonObject();
        out.addProperty("written", golden.toString());
        out.addProperty("size", String.format(Locale.ROOT, "%dx%d", target.width(), target.height()));
        return out;
    }
}
