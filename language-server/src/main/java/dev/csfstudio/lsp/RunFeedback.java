package dev.csfstudio.lsp;

import java.util.List;

import com.google.gson.JsonObject;

/**
 * What a run of one document version produced, for diagnostics, hover, inlay hints and {@code csf/run}.
 *
 * @param expected    the run ended other than ok and a {@code .expect status}/{@code fault} that holds says so
 * @param registers   the entry queue's final registers as unsigned 32-bit values
 * @param diagnostics faults, timeouts and deadlocks on the line that caused them
 * @param report      the run report in the JSON form {@code csf run} writes to report.json
 * @param verdicts    what each {@code .expect} found (empty when the run was cut short by background limits)
 * @param jobs        the RUN_* jobs the run started on lines of this document, with what each read (hover)
 * @param waits       the WAITs the run reached on lines of this document, with what each waited for (hover)
 */
public record RunFeedback(int version, String status, boolean expected, long[] registers,
                          List<dev.csfstudio.program.Diagnostic> diagnostics, JsonObject report,
                          List<RenderTargetImage> renderTargets, List<dev.csfstudio.testing.Verdict> verdicts,
                          List<dev.csfstudio.runtime.JobInputs.Job> jobs,
                          List<dev.csfstudio.runtime.RunReport.Wait> waits) {

    /** Feedback of a run without expectations. */
    public RunFeedback(int version, String status, long[] registers, List<dev.csfstudio.program.Diagnostic> diagnostics,
                       JsonObject report, List<RenderTargetImage> renderTargets) {
        this(version, status, false, registers, diagnostics, report, renderTargets, List.of(), List.of(), List.of());
    }

    /** One render target the run wrote, as a PNG the client can show. */
    public record RenderTargetImage(String buffer, int width, int height, String pngBase64) {
    }

    public RunFeedback {
        diagnostics = List.copyOf(diagnostics);
        renderTargets = List.copyOf(renderTargets);
        verdicts = List.copyOf(verdicts);
        jobs = List.copyOf(jobs);
        waits = List.copyOf(waits);
    }

    /** The jobs started on line {@code line} (0-based) of this document. */
    public List<dev.csfstudio.runtime.JobInputs.Job> jobsAt(int line) {
        return jobs.stream().filter(j -> j.line() != null && j.line().line() == line + 1).toList();
    }

    /** The WAITs reached on line {@code line} (0-based) of this document, in the order the run reached them. */
    public List<dev.csfstudio.runtime.RunReport.Wait> waitsAt(int line) {
        return waits.stream().filter(w -> w.line() != null && w.line().line() == line + 1).toList();
    }
}
