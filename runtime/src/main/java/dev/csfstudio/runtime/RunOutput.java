package dev.csfstudio.runtime;


import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.isa.ClearColor;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what {@code csf run} leaves on disk: {@code report.json}, one PNG per render target (named
 * after its buffer), {@code NAME.bin} for each dumped buffer and, when the run did not end ok,
 * {@code core.json}.
 */
public final class RunOutput {

    /**
     * Render targets larger than this many pixels (8192 x 8192) get no PNG: the summary and a note in
     * report.json say so and why ({@code --dump-buffer} still writes the bytes).
     */
    public static final long PNG_PIXEL_LIMIT = 1L << 26;

    private RunOutput() {
    }

    /**
     * Everything {@link #write} puts in a directory, in memory: the report.json object and every other
     * file (PNGs, dumped buffers, core.json) by file name. Editors show these without touching the disk.
     */
    public record Rendered(JsonObject report, Map<String, byte[]> files) {

        /** The names of the files {@link #write} puts in a directory: these and report.json. */
        public List<String> fileNames() {
            List<String> names = new ArrayList<>(files.keySet());
            names.add(REPORT);
            return names;
        }
    }

    public static void write(RunReport report, Program program, Path dir) throws IOException {
        write(render(report, program), dir);
    }

    /**
     * Writes the run's files into {@code dir}, each replaced whole ({@link OutputFile}), report.json last; a
     * core.json an earlier run left is removed when this run has none, so it never describes another run.
     */
    public static void write(Rendered rendered, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> file : rendered.files().entrySet()) {
            OutputFile.write(dir.resolve(file.getKey()), file.getValue());
        }
        if (!rendered.files().containsKey(CORE_DUMP)) {
            Files.deleteIfExists(dir.resolve(CORE_DUMP));
        }
        OutputFile.write(dir.resolve(REPORT), toJson(rendered.report()).getBytes(StandardCharsets.UTF_8));
    }

    static final String REPORT = "report.json";
    static final String CORE_DUMP = "core.json";

    /** Whether a render target gets a PNG: it is at most {@link #PNG_PIXEL_LIMIT} pixels. */
    public static boolean hasPng(RenderTarget rt) {
        return (long) rt.width() * rt.height() <= PNG_PIXEL_LIMIT;
    }

    /** That a render target got no PNG, why, and what to do instead. */
    public static String noPng(RenderTarget rt) {
        return "no PNG: " + (long) rt.width() * rt.height() + " pixels is more than the " + PNG_PIXEL_LIMIT
                + " (8192x8192) a PNG is written for (--dump-buffer " + rt.buffer() + " writes its bytes)";
    }

    public static Rendered render(RunReport report, Program program) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        JsonArray targets = new JsonArray();
        JsonArray extraNotes = new JsonArray();
        for (RenderTarget rt : report.renderTargets()) {
            JsonObject o = renderTarget(rt);
            if (hasPng(rt)) {
                files.put(rt.pngName(), rt.png());
                o.addProperty("png", rt.pngName());
            } else {
                o.add("png", JsonNull.INSTANCE);
                extraNotes.add("render target " + rt.buffer() + ": " + noPng(rt));
            }
            targets.add(o);
        }
        for (Map.Entry<String, byte[]> dump : report.dumpedBuffers().entrySet()) {
            files.put(dump.getKey() + ".bin", dump.getValue());
        }
        JsonObject json = reportJson(report, targets);
        json.addProperty("source", program.files().isEmpty() ? null : program.files().get(0).toString());
        for (JsonElement note : extraNotes) {
            json.getAsJsonArray("notes").add(note);
        }
        if (report.coreDump() != null) {
            files.put(CORE_DUMP, toJson(coreJson(report, program)).getBytes(StandardCharsets.UTF_8));
        }
        return new Rendered(json, files);
    }

    /** A few lines for stdout: status, instruction count, fault and render targets. */
    public static String summary(RunReport report) {
        StringBuilder sb = new StringBuilder();
        sb.append(report.status().jsonName()).append(": ").append(report.instructions()).append(" instructions");
        RunReport.Fault f = report.fault();
        if (f != null) {
            sb.append('\n').append(f.line() == null ? "<no source line>" : f.line().position()).append(": ")
                    .append(f.kind().jsonName()).append(": ").append(f.message());
            for (SourceRange call : f.callChain()) {
                sb.append("\n  called from ").append(call.position());
            }
            if (f.hardware() instanceof HardwareReport.Raised) {
                sb.append("\nqueue ").append(f.queue()).append(", as panthor reports it:");
                for (String line : f.hardware().lines()) {
                    sb.append("\n  ").append(line);
                }
            }
        }
        for (RunReport.Hazard h : report.hazards().size() > 1 ? report.hazards() : List.<RunReport.Hazard>of()) {
            sb.append("\nhazard ").append(h.line() == null ? "<no source line>" : h.line().position()).append(": ")
                    .append(h.message());
        }
        if (report.queues().size() > 1) {
            for (RunReport.QueueState q : report.queues()) {
                sb.append("\nqueue ").append(q.name()).append(": ").append(q.status().jsonName())
                        .append(q.fault() == null ? "" : " (" + q.fault().kind().jsonName()
                                + (q.fault().line() == null ? "" : " at " + q.fault().line().position()) + ")")
                        .append(", ").append(q.instructions()).append(" instructions");
            }
        }
        for (RunReport.QueueState q : report.queues()) {
            for (RunReport.InFlight op : q.scoreboard().inFlight()) {
                sb.append("\nqueue ").append(q.name()).append(", scoreboard entry ").append(op.entry()).append(": ")
                        .append(op.mnemonic()).append(op.line() == null ? "" : " at " + op.line().position())
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
                    .append(hasPng(rt) ? " -> " + rt.pngName() : "; " + noPng(rt));
        }
        if (!report.recorded().isEmpty()) {
            sb.append('\n').append(report.recorded().size()).append(" instruction(s) recorded but not executed (see report.json)");
        }
        jobs(report.jobs(), sb);
        return sb.toString();
    }

    /** Jobs whose inputs the summary prints; report.json has them all. */
    static final int SUMMARY_JOBS = 16;

    /** Each job's inputs, field by field, as pandecode names them. */
    private static void jobs(List<JobInputs.Job> jobs, StringBuilder sb) {
        for (JobInputs.Job job : jobs.subList(0, Math.min(jobs.size(), SUMMARY_JOBS))) {
            sb.append("\njob ").append(job.number()).append(' ').append(job.mnemonic()).append(" (queue ")
                    .append(job.queue()).append(job.line() == null ? "" : ", " + job.line().position()).append(')');
            sb.append(job.describe());
        }
        if (jobs.size() > SUMMARY_JOBS) {
            sb.append("\n").append(jobs.size() - SUMMARY_JOBS).append(" more job(s) in report.json");
        }
    }

    static JsonObject reportJson(RunReport report, JsonArray renderTargets) {
        JsonObject o = new JsonObject();
        o.addProperty("status", report.status().jsonName());
        o.addProperty("instructions", report.instructions());
        o.add("registers", unsigned(report.registers()));
        o.add("fault", report.fault() == null ? JsonNull.INSTANCE : fault(report.fault()));
        o.add("render_targets", renderTargets);
        JsonArray recorded = new JsonArray();
        for (RunReport.RecordedInstruction r : report.recorded()) {
            JsonObject ro = new JsonObject();
            ro.addProperty("queue", r.queue());
            ro.addProperty("va", hex(r.va()));
            location(ro, r.line());
            ro.addProperty("instruction", r.text());
            ro.add("fields", numbers(r.fields()));
            ro.add("inputs", numbers(r.inputRegisters()));
            ro.addProperty("reason", r.reason());
            recorded.add(ro);
        }
        o.add("recorded", recorded);
        o.add("jobs", jobsJson(report.jobs()));
        JsonArray queues = new JsonArray();
        for (RunReport.QueueState q : report.queues()) {
            JsonObject qo = new JsonObject();
            qo.addProperty("name", q.name());
            qo.addProperty("vm", q.vm());
            qo.addProperty("address_space", q.slot());
            qo.addProperty("jobs_submitted", q.jobsSubmitted());
            qo.addProperty("jobs_completed", q.jobsCompleted());
            qo.addProperty("instructions", q.instructions());
            qo.add("registers", unsigned(q.registers()));
            qo.add("scoreboard", scoreboard(q.scoreboard()));
            qo.addProperty("status", q.status().jsonName());
            if (q.fault() != null) {
                qo.add("fault", fault(q.fault()));
            }
            queues.add(qo);
        }
        o.add("queues", queues);
        JsonArray groups = new JsonArray();
        for (RunReport.GroupState g : report.groups()) {
            JsonObject go = new JsonObject();
            go.addProperty("name", g.name());
            JsonArray members = new JsonArray();
            g.queues().forEach(members::add);
            go.add("queues", members);
            go.addProperty("state", g.state());
            go.addProperty("fatal_queues", g.fatalQueues());
            groups.add(go);
        }
        o.add("groups", groups);
        JsonArray hazards = new JsonArray();
        for (RunReport.Hazard h : report.hazards()) {
            JsonObject ho = new JsonObject();
            ho.addProperty("queue", h.queue());
            ho.addProperty("kind", h.kind());
            ho.addProperty("va", hex(h.va()));
            location(ho, h.line());
            ho.addProperty("message", h.message());
            ho.add("operation", inFlight(h.operation()));
            hazards.add(ho);
        }
        o.add("hazards", hazards);
        JsonArray notes = new JsonArray();
        for (String note : report.notes()) {
            notes.add(note);
        }
        o.add("notes", notes);
        return o;
    }

    /** A queue's scoreboard at the end: its size, the selected entries and what is still in flight. */
    private static JsonObject scoreboard(RunReport.ScoreboardState sb) {
        JsonObject o = new JsonObject();
        o.addProperty("entries", sb.entries());
        o.addProperty("endpoint_entry", sb.endpointEntry());
        o.addProperty("other_entry", sb.otherEntry());
        JsonArray ops = new JsonArray();
        sb.inFlight().forEach(op -> ops.add(inFlight(op)));
        o.add("in_flight", ops);
        return o;
    }

    private static JsonObject inFlight(RunReport.InFlight op) {
        JsonObject o = new JsonObject();
        o.addProperty("instruction", op.mnemonic());
        o.addProperty("va", hex(op.va()));
        location(o, op.line());
        o.addProperty("entry", op.entry());
        o.addProperty("wait_mask", hex(op.waitMask()));
        return o;
    }

    private static JsonArray jobsJson(List<JobInputs.Job> jobs) {
        JsonArray out = new JsonArray();
        for (JobInputs.Job job : jobs) {
            JsonObject jo = new JsonObject();
            jo.addProperty("job", job.number());
            jo.addProperty("queue", job.queue());
            jo.addProperty("va", hex(job.va()));
            location(jo, job.line());
            jo.addProperty("instruction", job.mnemonic());
            JsonArray inputs = new JsonArray();
            for (JobInputs.Input in : job.inputs()) {
                JsonObject io = new JsonObject();
                io.addProperty("name", in.name());
                io.addProperty("registers", in.registers());
                io.addProperty("value", hex(in.value()));
                io.addProperty("text", in.text());
                JsonArray descriptors = new JsonArray();
                for (JobInputs.Descriptor d : in.descriptors()) {
                    JsonObject dobj = new JsonObject();
                    dobj.addProperty("descriptor", d.name());
                    dobj.addProperty("label", d.label());
                    dobj.add("address", d.address() < 0 ? JsonNull.INSTANCE : new JsonPrimitive(hex(d.address())));
                    JsonObject fields = new JsonObject();
                    for (JobInputs.Field f : d.fields()) {
                        fields.addProperty(f.name(), f.text());
                    }
                    dobj.add("fields", fields);
                    descriptors.add(dobj);
                }
                io.add("descriptors", descriptors);
                io.add("note", in.note() == null ? JsonNull.INSTANCE : new JsonPrimitive(in.note()));
                inputs.add(io);
            }
            jo.add("inputs", inputs);
            out.add(jo);
        }
        return out;
    }

    private static JsonObject renderTarget(RenderTarget rt) {
        JsonObject o = new JsonObject();
        o.addProperty("buffer", rt.buffer());
        o.addProperty("vm", rt.vm());
        o.addProperty("address", hex(rt.address()));
        o.addProperty("width", rt.width());
        o.addProperty("height", rt.height());
        o.addProperty("format", rt.format().name());
        o.addProperty("layout", rt.layout().jsonName());
        o.addProperty("row_stride", rt.rowStride());
        RunReport.Region r = rt.region();
        JsonObject region = new JsonObject();
        region.addProperty("min_x", r.minX());
        region.addProperty("min_y", r.minY());
        region.addProperty("max_x", r.maxX());
        region.addProperty("max_y", r.maxY());
        region.addProperty("empty", r.empty());
        o.add("region", region);
        if (rt.clear().isPresent()) {
            o.add("clear", clearJson(rt.clear().get()));
        }
        return o;
    }

    /** The clear words, their tile-buffer format and (blendable formats) the colour as RGBA floats. */
    private static JsonObject clearJson(ClearColor.Decoded c) {
        JsonObject o = new JsonObject();
        o.addProperty("internal_format", c.internal().name());
        JsonArray words = new JsonArray();
        for (int w : c.words()) {
            words.add(ClearColor.Decoded.word(w));
        }
        o.add("words", words);
        if (c.rgba().isPresent()) {
            JsonArray a = new JsonArray();
            for (double v : c.rgba().get()) {
                a.add(Math.round(v * 1e6) / 1e6);
            }
            o.add("rgba", a);
        }
        o.addProperty("text", c.describe());
        return o;
    }

    private static JsonObject fault(RunReport.Fault f) {
        JsonObject o = new JsonObject();
        o.addProperty("kind", f.kind().jsonName());
        o.addProperty("va", hex(f.va()));
        location(o, f.line());
        o.addProperty("message", f.message());
        o.addProperty("queue", f.queue());
        o.addProperty("address_space", f.addressSpace());
        o.addProperty("slot", f.slot());
        o.addProperty("instruction", hex(f.instruction()));
        JsonArray chain = new JsonArray();
        f.callChain().forEach(c -> chain.add(c.position()));
        o.add("call_chain", chain);
        o.add("exception", exception(f.hardware()));
        return o;
    }

    /** The hardware's exception: class, code, name, data, info, access and CS; or {@code none} and why. */
    private static JsonObject exception(HardwareReport hardware) {
        JsonObject o = new JsonObject();
        if (hardware instanceof HardwareReport.Raised r) {
            o.addProperty("class", r.exceptionClass().spelling());
            o.addProperty("code", hex(r.code()));
            o.addProperty("name", r.name());
            o.addProperty("data", hex(r.data()));
            o.addProperty("info", hex(r.info()));
            if (r.access() == null) {
                o.add("access", JsonNull.INSTANCE);
            } else {
                o.addProperty("access", r.access().name());
            }
            o.addProperty("access_type", r.accessCode());
            o.addProperty("address_space", r.addressSpace());
            o.addProperty("csg_slot", r.csgSlot());
            o.addProperty("cs_slot", r.csSlot());
        } else if (hardware instanceof HardwareReport.NotRaised n) {
            o.addProperty("none", n.reason());
        }
        JsonArray lines = new JsonArray();
        for (String line : hardware.lines()) {
            lines.add(line);
        }
        o.add("lines", lines);
        return o;
    }

    static JsonObject coreJson(RunReport report, Program program) {
        RunReport.CoreDump core = report.coreDump();
        JsonObject o = new JsonObject();
        o.addProperty("status", report.status().jsonName());
        o.addProperty("source", program.files().isEmpty() ? null : program.files().get(0).toAbsolutePath().toString());
        o.add("fault", report.fault() == null ? JsonNull.INSTANCE : fault(report.fault()));
        o.addProperty("queue", core.queue());
        o.add("registers", unsigned(core.registers()));
        JsonArray stack = new JsonArray();
        for (CallFrame f : core.callStack()) {
            JsonObject fo = new JsonObject();
            fo.addProperty("depth", f.depth());
            fo.addProperty("start", hex(f.start()));
            fo.addProperty("end", hex(f.end()));
            fo.addProperty("at", hex(f.pc()));
            if (f.returnAddress().isPresent()) {
                fo.addProperty("return", hex(f.returnAddress().getAsLong()));
            } else {
                fo.add("return", JsonNull.INSTANCE);
            }
            fo.addProperty("kernel", f.kernel());
            location(fo, f.line());
            stack.add(fo);
        }
        o.add("call_stack", stack);
        JsonArray last = new JsonArray();
        for (RunReport.ExecutedInstruction e : core.lastInstructions()) {
            JsonObject eo = new JsonObject();
            eo.addProperty("va", hex(e.va()));
            eo.addProperty("instruction", e.text());
            location(eo, e.line());
            last.add(eo);
        }
        o.add("last_instructions", last);
        JsonObject buffers = new JsonObject();
        core.dumpableBuffers().forEach((name, bytes) -> buffers.addProperty(name, HexFormat.of().formatHex(bytes)));
        o.add("dumpable_buffers", buffers);
        JsonObject replay = new JsonObject();
        replay.addProperty("program_sha256", core.replay().program());
        replay.addProperty("position", core.replay().position());
        replay.addProperty("step_budget", core.replay().stepBudget());
        replay.addProperty("timeout_ms", core.replay().timeoutMillis());
        replay.addProperty("ending", core.replay().ending().jsonName());
        Completion completion = core.replay().completion();
        replay.addProperty("completion", completion.spelling());
        if (completion instanceof Completion.Random random) {
            replay.addProperty("seed", random.seed());
        }
        replay.addProperty("hazards", core.replay().hazards().spelling());
        o.add("replay", replay);
        return o;
    }

    private static void location(JsonObject o, SourceRange r) {
        if (r == null) {
            o.add("file", JsonNull.INSTANCE);
            o.add("line", JsonNull.INSTANCE);
            o.add("column", JsonNull.INSTANCE);
            o.add("position", JsonNull.INSTANCE);
            return;
        }
        o.addProperty("file", r.file() == null ? "<input>" : r.file().toString());
        o.addProperty("line", r.line());
        o.addProperty("column", r.column());
        o.addProperty("position", r.position());
    }

    private static JsonArray unsigned(long[] values) {
        JsonArray a = new JsonArray();
        for (long v : values) {
            a.add(v);
        }
        return a;
    }

    private static JsonObject numbers(Map<String, Long> values) {
        JsonObject o = new JsonObject();
        for (Map.Entry<String, Long> e : values.entrySet()) {
            o.addProperty(e.getKey(), e.getValue());
        }
        return o;
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /**
     * The tree as Gson's pretty printing writes it (two-space indent, nulls kept, no HTML escapes), through a
     * bare JsonWriter: building a Gson instance loads and initialises a hundred type-adapter classes, a tenth
     * of a small run's start-up, for a tree that needs none of them.
     */
    private static String toJson(JsonObject o) {
        StringWriter text = new StringWriter();
        try (JsonWriter w = new JsonWriter(text)) {
            w.setIndent("  ");
            w.setSerializeNulls(true);
            write(w, o);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.append('\n').toString();
    }

    private static void write(JsonWriter w, JsonElement e) throws IOException {
        if (e.isJsonObject()) {
            w.beginObject();
            for (Map.Entry<String, JsonElement> member : e.getAsJsonObject().entrySet()) {
                write(w.name(member.getKey()), member.getValue());
            }
            w.endObject();
        } else if (e.isJsonArray()) {
            w.beginArray();
            for (JsonElement item : e.getAsJsonArray()) {
                write(w, item);
            }
            w.endArray();
        } else if (e.isJsonNull()) {
            w.nullValue();
        } else {
            JsonPrimitive p = e.getAsJsonPrimitive();
            if (p.isNumber()) {
                w.value(p.getAsNumber());
            } else if (p.isBoolean()) {
                w.value(p.getAsBoolean());
            } else {
                w.value(p.getAsString());
            }
        }
    }
}
