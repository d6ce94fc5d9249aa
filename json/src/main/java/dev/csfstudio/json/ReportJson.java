package dev.csfstudio.json;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.Completion;
import dev.csfstudio.runtime.ExceptionHandler;
import dev.csfstudio.runtime.RaisedException;
import dev.csfstudio.runtime.HardwareReport;
import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunReport;

import java.util.List;
import java.util.Map;

/**
 * The {@code report.json} of a run as a tree: what {@code csf run} writes and the language server's
 * {@code csf/run} answers carry. Members in the order the file has always had them; addresses as
 * {@code 0x} hex strings, registers as unsigned numbers, a source location as file, line, column and position.
 */
public final class ReportJson {

    private ReportJson() {
    }

    /** The report's tree with {@code renderTargets} (each from {@link #renderTarget}, its PNG added) in place. */
    public static JsonObject of(RunReport report, JsonArray renderTargets) {
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
            if (q.completion() != null) {
                JsonObject co = new JsonObject();
                co.addProperty("address", hex(q.completion().address()));
                co.addProperty("seqno", q.completion().seqno());
                co.addProperty("status", hex(q.completion().status()));
                qo.add("completion_sync", co);
            }
            if (!q.handlers().isEmpty()) {
                JsonArray handlers = new JsonArray();
                for (ExceptionHandler h : q.handlers()) {
                    JsonObject ho = new JsonObject();
                    ho.addProperty("type", h.typeName());
                    ho.addProperty("code", h.type());
                    ho.addProperty("address", hex(h.address()));
                    ho.addProperty("length", h.length());
                    ho.addProperty("installed_at", hex(h.installedAt()));
                    handlers.add(ho);
                }
                qo.add("exception_handlers", handlers);
            }
            if (!q.raised().isEmpty()) {
                JsonArray raised = new JsonArray();
                for (RaisedException e : q.raised()) {
                    JsonObject eo = new JsonObject();
                    eo.addProperty("type", e.type());
                    eo.addProperty("injected", true);
                    eo.addProperty("tiler_job", e.tilerJob());
                    eo.addProperty("va", hex(e.va()));
                    location(eo, e.line());
                    if (e.injectedBy() != null) {
                        eo.addProperty("injected_at", e.injectedBy().line());
                    }
                    eo.addProperty("outcome", e.handled() ? "handler_ran" : "pending");
                    if (e.handled()) {
                        eo.addProperty("handler", hex(e.handler()));
                        if (e.handledOn() != null) {
                            eo.addProperty("handled_on", e.handledOn());
                        }
                    }
                    raised.add(eo);
                }
                qo.add("exceptions_raised", raised);
            }
            if (q.fault() != null) {
                qo.add("fault", fault(q.fault()));
            }
            queues.add(qo);
        }
        o.add("queues", queues);
        o.add("groups", groups(report));
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

    static JsonObject renderTarget(RenderTarget rt) {
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

    /** report.json's and core.json's {@code groups}: each group's GROUP_GET_STATE-like state. */
    static JsonArray groups(RunReport report) {
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
        return groups;
    }

    /** core.json's {@code queue_status}: each queue's own status and the fault that terminated its group. */
    static JsonArray queueStatus(RunReport report) {
        JsonArray out = new JsonArray();
        for (RunReport.QueueState q : report.queues()) {
            JsonObject qo = new JsonObject();
            qo.addProperty("name", q.name());
            qo.addProperty("status", q.status().jsonName());
            if (q.fault() != null) {
                qo.add("fault", fault(q.fault()));
            }
            out.add(qo);
        }
        return out;
    }

    static JsonObject fault(RunReport.Fault f) {
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

    static void location(JsonObject o, SourceRange r) {
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

    static JsonArray unsigned(long[] values) {
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

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
