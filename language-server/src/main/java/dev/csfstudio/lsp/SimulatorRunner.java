package dev.csfstudio.lsp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.csfstudio.json.RunFiles;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.testing.ExpectationCheck;
import dev.csfstudio.testing.Verdict;
import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.RunStatus;
import dev.csfstudio.runtime.Simulator;

/**
 * Runs a document on the runtime's {@link Simulator} and turns the report into editor feedback: faults,
 * timeouts and deadlocks become diagnostics on the line that caused them (the call chain as related
 * information); on-demand runs also get report.json and the PNGs exactly as {@code csf run} writes them.
 */
public final class SimulatorRunner implements BackgroundRunner {

    @Override
    public Optional<RunFeedback> run(DocumentAnalysis analysis, RunOptions limits, BooleanSupplier cancelled,
                                     boolean images) {
        Program program = analysis.result().program();
        if (program == null) {
            return Optional.empty();
        }
        RunReport report = new Simulator(limits).run(program, cancelled);
        if (report.status() == RunStatus.CANCELLED || cancelled.getAsBoolean()) {
            return Optional.empty();
        }
        // a background run cut short by its own limits says nothing about what the stream expects
        List<Verdict> verdicts = report.status() == RunStatus.TIMEOUT && !images ? List.of()
                : ExpectationCheck.check(program, report);
        boolean expected = expectedEnding(report, verdicts);
        List<Diagnostic> diagnostics = new ArrayList<>(diagnostics(report, program, images, expected));
        for (Verdict v : verdicts) {
            if (!v.passed()) {
                diagnostics.add(Diagnostic.error(v.expectation().range(), v.expectation() instanceof Expectation.Image
                        && ((Verdict.Failed) v).image() != null ? DiagnosticCode.EXPECTATION_IMAGE : DiagnosticCode.EXPECTATION_FAILED, v.message()));
            }
        }
        JsonObject json = null;
        List<RunFeedback.RenderTargetImage> targets = new ArrayList<>();
        if (images) {
            json = rendered(report, program, targets);
        } else {
            for (RenderTarget rt : report.renderTargets()) {
                targets.add(new RunFeedback.RenderTargetImage(rt.buffer(), rt.width(), rt.height(), null));
            }
            json = new JsonObject();
            json.addProperty("status", report.status().jsonName());
            json.addProperty("instructions", report.instructions());
        }
        long[] registers = report.registers() == null ? new long[0] : report.registers().clone();
        List<JobInputs.Job> jobs = report.jobs().stream()
                .filter(j -> j.line() != null && analysis.isMainFile(j.line().file())).toList();
        return Optional.of(new RunFeedback(analysis.document().version(), report.status().jsonName(), expected,
                registers, diagnostics, json, targets, verdicts, jobs, report.waits().stream()
                .filter(w -> w.line() != null && analysis.isMainFile(w.line().file())).toList()));
    }

    /** Whether the run ended other than ok, as a {@code .expect status}/{@code fault} that holds says it must. */
    static boolean expectedEnding(RunReport report, List<Verdict> verdicts) {
        if (report.ok()) {
            return false;
        }
        for (Verdict v : verdicts) {
            if (v.passed() && v.expectation() instanceof Expectation.Status status
                    && status.ending() != Expectation.Ending.OK) {
                return true;
            }
        }
        return false;
    }

    /** report.json and the PNGs exactly as {@code csf run --out} writes them, kept in memory. */
    private static JsonObject rendered(RunReport report, Program program, List<RunFeedback.RenderTargetImage> targets) {
        RunFiles.Rendered out;
        try {
            out = RunFiles.render(report, program);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render the run's report: " + e.getMessage(), e);
        }
        for (JsonElement e : out.report().getAsJsonArray("render_targets")) {
            JsonObject rt = e.getAsJsonObject();
            JsonElement png = rt.get("png");
            String base64 = png == null || png.isJsonNull() ? null
                    : Base64.getEncoder().encodeToString(out.files().get(png.getAsString()));
            targets.add(new RunFeedback.RenderTargetImage(rt.get("buffer").getAsString(),
                    rt.get("width").getAsInt(), rt.get("height").getAsInt(), base64));
        }
        return out.report();
    }

    /** @param expected the stream expects this ending: the diagnostic informs, as the test passes */
    private static List<Diagnostic> diagnostics(RunReport report, Program program, boolean onDemand, boolean expected) {
        RunReport.Fault f = report.fault();
        if (report.ok() || f == null) {
            return List.of();
        }
        SourceRange where = f.line() != null ? f.line() : entryDeclaration(program);
        if (where == null) {
            return List.of();
        }
        String message = switch (report.status()) {
            case TIMEOUT -> "run did not finish" + (onDemand ? "" : " within the background run's limits") + ": "
                    + f.message();
            case DEADLOCK -> "run deadlocked: " + f.message();
            case HAZARD -> "run hazard: " + f.message();
            default -> "run fault (" + f.kind().jsonName() + "): " + f.message();
        };
        // A background run stops early by design; only a real fault or deadlock is an error, and not even that
        // when the stream expects it.
        Severity severity = expected ? Severity.NOTE
                : report.status() == RunStatus.TIMEOUT && !onDemand ? Severity.WARNING : Severity.ERROR;
        message += report.groupOf(f.queue()).map(g -> "; " + g.describe()).orElse("");
        if (expected) {
            message += " (as the stream expects)";
        }
        List<Diagnostic.Related> related = new ArrayList<>();
        for (SourceRange call : f.callChain()) {
            if (call != null) {
                related.add(new Diagnostic.Related(call, "called from here"));
            }
        }
        if (report.status() == RunStatus.HAZARD && !report.hazards().isEmpty()
                && report.hazards().get(0).operation().line() != null) {
            RunReport.InFlight op = report.hazards().get(0).operation();
            related.add(new Diagnostic.Related(op.line(), op.mnemonic() + " issued here, still in flight"));
        }
        List<Diagnostic> out = new ArrayList<>();
        out.add(new Diagnostic(severity, where, runCode(report.status()), message, List.of(), related));
        out.addAll(otherTerminatedGroups(report, f, severity));
        return out;
    }

    /**
     * A diagnostic on the faulting line of every other queue whose fault or hazard stop terminated its group while
     * the run went on (the first one terminated is the run's own, above).
     */
    private static List<Diagnostic> otherTerminatedGroups(RunReport report, RunReport.Fault first, Severity severity) {
        List<Diagnostic> out = new ArrayList<>();
        for (RunReport.QueueState q : report.queues()) {
            RunReport.Fault f = q.fault();
            if (f == null || f == first || f.line() == null || q.name().equals(first.queue())
                    || (q.status() != RunStatus.FAULT && q.status() != RunStatus.HAZARD)) {
                continue;
            }
            String message = (q.status() == RunStatus.HAZARD ? "run hazard: " : "run fault (" + f.kind().jsonName()
                    + "): ") + f.message() + report.groupOf(q.name()).map(g -> "; " + g.describe()).orElse("");
            out.add(new Diagnostic(severity, f.line(), runCode(q.status()), message, List.of(), List.of()));
        }
        return out;
    }

    private static DiagnosticCode runCode(RunStatus status) {
        return switch (status) {
            case OK -> DiagnosticCode.RUN_OK;
            case FAULT -> DiagnosticCode.RUN_FAULT;
            case TIMEOUT -> DiagnosticCode.RUN_TIMEOUT;
            case DEADLOCK -> DiagnosticCode.RUN_DEADLOCK;
            case CANCELLED -> DiagnosticCode.RUN_CANCELLED;
            case HAZARD -> DiagnosticCode.RUN_HAZARD;
        };
    }

    private static SourceRange entryDeclaration(Program program) {
        return program.section(program.entry()).map(Section::declaration).orElse(null);
    }

}
