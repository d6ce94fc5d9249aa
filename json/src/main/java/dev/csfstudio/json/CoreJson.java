package dev.csfstudio.json;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.csfstudio.isa.ExceptionTable;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.CallFrame;
import dev.csfstudio.runtime.Completion;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.HardwareReport;
import dev.csfstudio.runtime.PostMortem;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunOptions;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static dev.csfstudio.json.ReportJson.fault;
import static dev.csfstudio.json.ReportJson.hex;
import static dev.csfstudio.json.ReportJson.location;
import static dev.csfstudio.json.ReportJson.unsigned;

/**
 * The {@code core.json} a run that did not end ok leaves: written from its {@link RunReport.CoreDump}, read back
 * into a {@link PostMortem} (the debugger opens it; {@link PostMortem#rebuild} makes a live machine of it).
 */
public final class CoreJson {

    private CoreJson() {
    }

    /** The core dump's tree; the report must carry one ({@link RunReport#coreDump}). */
    public static JsonObject of(RunReport report, Program program) {
        RunReport.CoreDump core = report.coreDump();
        JsonObject o = new JsonObject();
        o.addProperty("status", report.status().jsonName());
        o.addProperty("source", program.files().isEmpty() ? null : program.files().get(0).toAbsolutePath().toString());
        o.add("fault", report.fault() == null ? JsonNull.INSTANCE : fault(report.fault()));
        o.add("queue_status", ReportJson.queueStatus(report));
        o.add("groups", ReportJson.groups(report));
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
            if (f.handler() != null) {
                fo.addProperty("exception_handler", f.handler());
            }
            if (f.raisedBy() != null) {
                fo.addProperty("exception_raised_by", f.raisedBy());
            }
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

    /** Reads {@code coreJson}; refused, with the file named, when it cannot be read or is no core dump. */
    public static Result<PostMortem> read(Path coreJson) {
        String text;
        try {
            text = Files.readString(coreJson, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Result.refused(coreJson + ": cannot read the core dump: " + e.getMessage());
        }
        try {
            JsonObject o = JsonParser.parseString(text).getAsJsonObject();
            RunStatus status = RunStatus.valueOf(string(o, "status").toUpperCase(Locale.ROOT));
            RunReport.Fault fault = faultOf(object(o, "fault"));
            List<CallFrame> stack = new ArrayList<>();
            for (JsonElement e : array(o, "call_stack")) {
                JsonObject f = e.getAsJsonObject();
                JsonElement ret = f.get("return");
                stack.add(new CallFrame(f.get("depth").getAsInt(), hexOf(f, "start"), hexOf(f, "end"), hexOf(f, "at"),
                        ret == null || ret.isJsonNull() ? OptionalLong.empty() : OptionalLong.of(hexOf(f, "return")),
                        line(f), f.has("kernel") ? f.get("kernel").getAsBoolean() : f.get("depth").getAsInt() == 0,
                        f.has("exception_handler") ? f.get("exception_handler").getAsString() : null,
                        f.has("exception_raised_by") ? f.get("exception_raised_by").getAsString() : null));
            }
            List<RunReport.ExecutedInstruction> last = new ArrayList<>();
            for (JsonElement e : array(o, "last_instructions")) {
                JsonObject i = e.getAsJsonObject();
                last.add(new RunReport.ExecutedInstruction(hexOf(i, "va"), string(i, "instruction"), line(i)));
            }
            Map<String, byte[]> buffers = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> b : object(o, "dumpable_buffers").entrySet()) {
                buffers.put(b.getKey(), HexFormat.of().parseHex(b.getValue().getAsString()));
            }
            JsonArray regs = array(o, "registers");
            long[] registers = new long[regs.size()];
            for (int r = 0; r < registers.length; r++) {
                registers[r] = regs.get(r).getAsLong();
            }
            RunReport.CoreDump core = new RunReport.CoreDump(string(o, "queue"), registers, stack, last, buffers,
                    replay(o));
            JsonElement source = o.get("source");
            return Result.ok(new PostMortem(coreJson, status, fault, core, source == null || source.isJsonNull()
                    ? Optional.empty() : Optional.of(Path.of(source.getAsString()))));
        } catch (JsonParseException e) {
            // Gson's text names its classes and options: say where, in the user's terms
            java.util.regex.Matcher at = java.util.regex.Pattern.compile("line (\\d+) column (\\d+)")
                    .matcher(String.valueOf(e.getMessage()));
            return Result.refused(coreJson + ": not a core dump csf wrote: not valid JSON"
                    + (at.find() ? " (line " + at.group(1) + ", column " + at.group(2) + ")" : ""));
        } catch (IllegalStateException | IllegalArgumentException | NullPointerException | ClassCastException
                 | UnsupportedOperationException e) {
            return Result.refused(coreJson + ": not a core dump csf wrote: a member is missing or is not what csf writes");
        }
    }

    private static RunReport.Replay replay(JsonObject o) {
        JsonElement r = o.get("replay");
        if (r == null || r.isJsonNull()) {
            return null;
        }
        JsonObject j = r.getAsJsonObject();
        // A dump written before the completion policy existed ran as eager does.
        JsonElement completion = j.get("completion");
        String policy = completion == null ? "eager" : completion.getAsString();
        Completion c = switch (policy) {
            case "latest" -> new Completion.Latest();
            case "eager" -> new Completion.Eager();
            case "random" -> new Completion.Random(j.get("seed").getAsLong());
            default -> throw new IllegalArgumentException("unknown completion policy '" + policy + "'");
        };
        JsonElement hazards = j.get("hazards");
        return new RunReport.Replay(string(j, "program_sha256"), j.get("position").getAsLong(),
                j.get("step_budget").getAsLong(), j.get("timeout_ms").getAsLong(),
                RunReport.Replay.Ending.valueOf(string(j, "ending").toUpperCase(Locale.ROOT)), c,
                hazards == null ? RunOptions.HazardMode.STOP
                        : RunOptions.HazardMode.valueOf(hazards.getAsString().toUpperCase(Locale.ROOT)));
    }

    private static RunReport.Fault faultOf(JsonObject f) {
        List<SourceRange> chain = new ArrayList<>();
        for (JsonElement c : array(f, "call_chain")) {
            chain.add(position(c.getAsString()));
        }
        return new RunReport.Fault(FaultKind.valueOf(string(f, "kind").toUpperCase(Locale.ROOT)), hexOf(f, "va"),
                string(f, "address_space"), f.get("slot").getAsInt(), line(f), string(f, "message"), chain,
                string(f, "queue"), hexOf(f, "instruction"), hardware(object(f, "exception")));
    }

    /** The hardware's exception RunOutput wrote: a raised one by its fields, or {@code none} and why. */
    private static HardwareReport hardware(JsonObject e) {
        JsonElement none = e.get("none");
        if (none != null && !none.isJsonNull()) {
            return new HardwareReport.NotRaised(none.getAsString());
        }
        JsonElement access = e.get("access");
        String exceptionClass = string(e, "class");
        ExceptionTable.ExceptionClass cls = ExceptionTable.ExceptionClass.bySpelling(exceptionClass).orElseThrow(
                () -> new IllegalStateException("unknown exception class \"" + exceptionClass + "\""));
        return new HardwareReport.Raised(cls, (int) hexOf(e, "code"), string(e, "name"), hexOf(e, "data"), hexOf(e, "info"),
                access == null || access.isJsonNull() ? null : Access.valueOf(access.getAsString()),
                e.get("access_type").getAsInt(), e.get("address_space").getAsInt(), e.get("csg_slot").getAsInt(),
                e.get("cs_slot").getAsInt());
    }

    /** The {@code file}, {@code line}, {@code column} of a location RunOutput wrote, or null. */
    private static SourceRange line(JsonObject o) {
        JsonElement line = o.get("line");
        if (line == null || line.isJsonNull()) {
            return null;
        }
        return SourceRange.at(Path.of(string(o, "file")), line.getAsInt(), o.get("column").getAsInt(), 1);
    }

    /** {@code file:line:col} back into a range. */
    private static SourceRange position(String text) {
        int col = text.lastIndexOf(':');
        int line = text.lastIndexOf(':', col - 1);
        return SourceRange.at(Path.of(text.substring(0, line)), Integer.parseInt(text.substring(line + 1, col)),
                Integer.parseInt(text.substring(col + 1)), 1);
    }

    private static String string(JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) {
            throw new IllegalStateException("missing \"" + name + "\"");
        }
        return e.getAsString();
    }

    private static long hexOf(JsonObject o, String name) {
        return Long.parseUnsignedLong(string(o, name).substring(2), 16);
    }

    private static JsonObject object(JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonObject()) {
            throw new IllegalStateException("missing \"" + name + "\"");
        }
        return e.getAsJsonObject();
    }

    private static JsonArray array(JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonArray()) {
            throw new IllegalStateException("missing \"" + name + "\"");
        }
        return e.getAsJsonArray();
    }
}
