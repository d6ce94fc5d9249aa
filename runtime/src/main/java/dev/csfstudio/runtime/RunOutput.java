package dev.csfstudio.runtime;

import dev.csfstudio.program.SourceRange;

import java.util.List;

/**
 * What {@code csf run} prints of a run ({@link #summary}) and which render targets get a PNG. The files it
 * writes (report.json, the PNGs, core.json) are the edges' (the {@code json} module's {@code RunFiles}).
 */
public final class RunOutput {

    /**
     * Render targets larger than this many pixels (8192 x 8192) get no PNG: the summary and a note in
     * report.json say so and why ({@code --dump-buffer} still writes the bytes).
     */
    public static final long PNG_PIXEL_LIMIT = 1L << 26;

    private RunOutput() {
    }

    /** Whether a render target gets a PNG: it is at most {@link #PNG_PIXEL_LIMIT} pixels. */
    public static boolean hasPng(RenderTarget rt) {
        return (long) rt.width() * rt.height() <= PNG_PIXEL_LIMIT;
    }

    /** That a render target got no PNG, why, and what to do instead. */
    public static String noPng(RenderTarget rt) {
        return "no PNG: " + (long) rt.width() * rt.height() + " pixels is more than the " + PNG_PIXEL_LIMIT
                + " (8192x8192) a PNG is written for (--dump-buffer " + rt.buffer() + " writes its bytes)";
    }

    /** A few lines for stdout: status, instruction count, fault and render targets. */
    public static String summary(RunReport report) {
        return summary(report, true);
    }

    /**
     * The summary; {@code filesWritten} false for a run that wrote no files (a debug session): no PNG names,
     * no pointers to report.json.
     */
    public static String summary(RunReport report, boolean filesWritten) {
        StringBuilder sb = new StringBuilder();
        sb.append(report.status().jsonName()).append(": ").append(report.instructions()).append(" instructions");
        RunReport.Fault f = report.fault();
        if (f != null) {
            sb.append('\n').append(f.line() == null ? "<no source line>" : where(f.line(), filesWritten)).append(": ")
                    .append(f.kind().jsonName()).append(": ").append(f.message());
            for (SourceRange call : f.callChain()) {
                sb.append("\n  called from ").append(where(call, filesWritten));
            }
            if (f.hardware() instanceof HardwareReport.Raised) {
                sb.append("\nqueue ").append(f.queue()).append(", as panthor reports it:");
                for (String line : f.hardware().lines()) {
                    sb.append("\n  ").append(line);
                }
            }
        }
        for (RunReport.Hazard h : report.hazards().size() > 1 ? report.hazards() : List.<RunReport.Hazard>of()) {
            sb.append("\nhazard ").append(h.line() == null ? "<no source line>" : where(h.line(), filesWritten)).append(": ")
                    .append(h.message());
        }
        if (report.queues().size() > 1) {
            for (RunReport.QueueState q : report.queues()) {
                sb.append("\nqueue ").append(q.name()).append(": ").append(q.status().jsonName())
                        .append(q.fault() == null ? "" : " (" + q.fault().kind().jsonName()
                                + (q.fault().line() == null ? "" : " at " + where(q.fault().line(), filesWritten)) + ")")
                        .append(", ").append(q.instructions()).append(" instructions");
            }
        }
        for (RunReport.QueueState q : report.queues()) {
            for (RaisedException e : q.raised()) {
                sb.append("\nqueue ").append(q.name()).append(": TILER_OOM injected at tiler job ").append(e.tilerJob())
                        .append(e.line() == null ? "" : " (" + where(e.line(), filesWritten) + ")").append(": ")
                        .append(!e.handled() ? "no handler installed, the exception stayed pending"
                                : e.handledOn() == null ? "the firmware ran the tiler_oom exception handler at "
                                + dev.csfstudio.runtime.device.GpuFault.hex(e.handler()) + ", the queue resumed"
                                : "the firmware ran the tiler_oom exception handler at "
                                + dev.csfstudio.runtime.device.GpuFault.hex(e.handler()) + " on queue " + e.handledOn()
                                + ", which installed it; the tiler job completed once it returned");
            }
        }
        for (RunReport.QueueState q : report.queues()) {
            for (RunReport.InFlight op : q.scoreboard().inFlight()) {
                sb.append("\nqueue ").append(q.name()).append(", scoreboard entry ").append(op.entry()).append(": ")
                        .append(op.mnemonic()).append(op.line() == null ? "" : " at " + where(op.line(), filesWritten))
                        .append(" in flight");
            }
        }
        for (RenderTarget rt : report.renderTargets()) {
            RunReport.Region r = rt.region();
            sb.append("\nrender target ").append(rt.buffer()).append(": ").append(rt.width()).append('x')
                    .append(rt.height()).append(' ').append(rt.format().name()).append(' ')
                    .append(rt.layout().jsonName()).append(", cleared ")
                    .append(r.empty() ? "nothing" : "(" + r.minX() + "," + r.minY() + ")-(" + r.maxX() + "," + r.maxY() + ")")
                    .append(rt.clear().isPresent() ? " to " + rt.clear().get().describe() : "")
                    .append(!filesWritten ? "" : hasPng(rt) ? " -> " + rt.pngName() : "; " + noPng(rt));
        }
        if (!report.recorded().isEmpty()) {
            sb.append('\n').append(report.recorded().size()).append(" instruction(s) recorded but not executed")
                    .append(filesWritten ? " (see report.json)" : "");
        }
        jobs(report.jobs(), sb, filesWritten);
        return sb.toString();
    }

    /**
     * A line as the command line shows it (relative to the working directory, as the assembler's diagnostics are,
     * so a run's stop and the assembler's warning at the same line read alike), or as it is for a debug session.
     */
    private static String where(SourceRange line, boolean commandLine) {
        return commandLine ? line.shownPosition() : line.position();
    }

    /** Jobs whose inputs the summary prints; report.json has them all. */
    static final int SUMMARY_JOBS = 16;

    /** Each job's inputs, field by field, as pandecode names them. */
    private static void jobs(List<JobInputs.Job> jobs, StringBuilder sb, boolean filesWritten) {
        for (JobInputs.Job job : jobs.subList(0, Math.min(jobs.size(), SUMMARY_JOBS))) {
            sb.append("\njob ").append(job.number()).append(' ').append(job.mnemonic()).append(" (queue ")
                    .append(job.queue()).append(job.line() == null ? "" : ", " + where(job.line(), filesWritten)).append(')');
            sb.append(job.describe());
        }
        if (jobs.size() > SUMMARY_JOBS) {
            sb.append("\n").append(jobs.size() - SUMMARY_JOBS).append(" more job(s)")
                    .append(filesWritten ? " in report.json" : "");
        }
    }
}
