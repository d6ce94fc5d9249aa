package dev.csfstudio.lsp;

import dev.csfstudio.lsp.protocol.CsfProtocol;

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
    static final String UPDATE_GOLDEN = CsfProtocol.UPDATE_GOLDEN;
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
    static CsfProtocol.TestAnswer answer(String uri, DocumentAnalysis a, RunFeedback run) {
        List<CsfProtocol.TestError> errors = new ArrayList<>();
        a.result().errors().stream().filter(d -> a.isMainFile(d.range().file())).limit(MAX_LISTED).forEach(d ->
                errors.add(new CsfProtocol.TestError(d.range().line() - 1, d.range().column() - 1, d.message())));
        if (a.result().hasErrors() && errors.isEmpty()) {
            errors.add(new CsfProtocol.TestError(0, 0, a.result().errors().get(0).headline()));
        }
        List<CsfProtocol.TestExpectation> expectations = new ArrayList<>();
        boolean passed = errors.isEmpty() && run != null;
        String status = null;
        Integer listedOut = null;
        if (run != null) {
            status = run.status();
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
                Expectation.Image i = v.expectation() instanceof Expectation.Image image ? image : null;
                expectations.add(new CsfProtocol.TestExpectation(v.expectation().range().line() - 1,
                        String.valueOf(v.expectation().range().file()), v.expectation().text(), v.passed(), v.actual(),
                        v.message(), i == null ? null : i.buffer(), i == null ? null : i.golden().toString()));
            }
            if (omitted > 0) {
                listedOut = omitted;
            }
        }
        return new CsfProtocol.TestAnswer(uri, status, listedOut, passed, expectations, errors);
    }

    /**
     * Writes the golden PNG of the image expectation on {@code line} (0-based) from a run's render target, where
     * {@link GoldenTarget} allows it: below {@code trees} (the workspace), never over an input.
     */
    static CsfProtocol.GoldenWritten updateGolden(DocumentAnalysis a, int line, dev.csfstudio.runtime.RunReport report,
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
        return new CsfProtocol.GoldenWritten(golden.toString(),
                String.format(Locale.ROOT, "%dx%d", target.width(), target.height()));
    }
}
