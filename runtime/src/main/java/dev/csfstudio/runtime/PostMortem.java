package dev.csfstudio.runtime;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.csfstudio.isa.ExceptionTable;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;

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

/**
 * The state a fault, timeout or deadlock left, read back from the {@code core.json} {@link RunOutput}
 * wrote. Two ways to look at it: as saved (the fault, the failing queue's registers, call stack, last
 * instructions and the dumpable buffers), which needs nothing but the file; and {@link #rebuild rebuilt}, a live
 * {@link Machine} stopped exactly where the run ended, every queue and all memory included, which needs
 * the same program: the dump carries the program's fingerprint, the step budget and how far it ran, and
 * the device is deterministic.
 *
 * @param source the main source file the run assembled, when the dump names it
 */
public record PostMortem(Path file, RunStatus status, RunReport.Fault fault, RunReport.CoreDump core,
                         Optional<Path> source) {

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
            RunReport.Fault fault = fault(object(o, "fault"));
            List<CallFrame> stack = new ArrayList<>();
            for (JsonElement e : array(o, "call_stack")) {
                JsonObject f = e.getAsJsonObject();
                JsonElement ret = f.get("return");
                stack.add(new CallFrame(f.get("depth").getAsInt(), hex(f, "start"), hex(f, "end"), hex(f, "at"),
                        ret == null || ret.isJsonNull() ? OptionalLong.empty() : OptionalLong.of(hex(f, "return")),
                        line(f), f.has("kernel") ? f.get("kernel").getAsBoolean() : f.get("depth").getAsInt() == 0));
            }
            List<RunReport.ExecutedInstruction> last = new ArrayList<>();
            for (JsonElement e : array(o, "last_instructions")) {
                JsonObject i = e.getAsJsonObject();
                last.add(new RunReport.ExecutedInstruction(hex(i, "va"), string(i, "instruction"), line(i)));
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

    /**
     * A machine stopped where the dumped run ended, rebuilt by running {@code program} again: refused when
     * the program is not the one that ran (its fingerprint differs) or running it does not end the same way.
     * With {@code recordHistory} the machine can go back from there, history holding at most {@link
     * Machine#DEFAULT_HISTORY_BYTES}.
     */
    public Result<Machine> rebuild(Program program, boolean recordHistory) {
        return rebuild(program, recordHistory ? Machine.DEFAULT_HISTORY_BYTES : 0);
    }

    /**
     * {@link #rebuild(Program, boolean)} with history holding at most {@code historyBytes} (as a launch's
     * {@code historyBytes} says), or none when it is 0.
     */
    public Result<Machine> rebuild(Program program, long historyBytes) {
        boolean recordHistory = historyBytes > 0;
        RunReport.Replay replay = core.replay();
        if (replay == null) {
            return Result.refused(file + ": the core dump says nothing of how to rebuild the run (no \"replay\")");
        }
        String fingerprint = ProgramFingerprint.of(program);
        if (!fingerprint.equals(replay.program())) {
            return Result.refused(file + ": the program has changed since the core dump was written (its SHA-256 is "
                    + fingerprint + ", the dump's " + replay.program() + "); only the saved state can be shown");
        }
        RunOptions options = RunOptions.defaults().withStepBudget(replay.stepBudget())
                .withTimeout(java.time.Duration.ofMillis(Math.max(1, replay.timeoutMillis())))
                .withCompletion(replay.completion()).withHazards(replay.hazards());
        Machine.LoadResult loaded = Machine.load(program, options);
        if (loaded instanceof Machine.Rejected rejected) {
            return Result.refused(file + ": the program cannot be loaded: " + rejected.report().fault().message());
        }
        Machine machine = ((Machine.Loaded) loaded).machine();
        if (recordHistory) {
            machine.recordHistory(historyBytes);
        }
        StopReason end = machine.rebuild(replay, core.queue());
        if (end.outcome().orElse(null) != status || machine.position() != replay.position()) {
            return Result.refused(file + ": running the program again did not end as the dump says (" + status.jsonName()
                    + " after " + replay.position() + " instructions); it ended "
                    + end.outcome().map(RunStatus::jsonName).orElse("not at all") + " after " + machine.position());
        }
        return Result.ok(machine);
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

    private static RunReport.Fault fault(JsonObject f) {
        List<SourceRange> chain = new ArrayList<>();
        for (JsonElement c : array(f, "call_chain")) {
            chain.add(position(c.getAsString()));
        }
        return new RunReport.Fault(FaultKind.valueOf(string(f, "kind").toUpperCase(Locale.ROOT)), hex(f, "va"),
                string(f, "address_space"), f.get("slot").getAsInt(), line(f), string(f, "message"), chain,
                string(f, "queue"), hex(f, "instruction"), hardware(object(f, "exception")));
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
        return new HardwareReport.Raised(cls, (int) hex(e, "code"), string(e, "name"), hex(e, "data"), hex(e, "info"),
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

    private static long hex(JsonObject o, String name) {
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
