package dev.csfstudio.debug;

import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a DAP {@code launch} request asks for, checked: the arguments the README lists for client authors.
 *
 * @param program       the {@code .csf} source (absent for a post-mortem session of {@code coreDump})
 * @param entry         the stream to run instead of the program's {@code .entry}
 * @param arch          the architecture unless the source's {@code .arch} says otherwise
 * @param coreDump      a {@code core.json} to open post-mortem
 * @param historyBytes  at most what history's snapshots hold; beyond it the oldest are dropped
 * @param noDebug       DAP's "run without debugging": no stop is made for the user's orientation
 */
public record LaunchArguments(Optional<Path> program, boolean stopOnEntry, Optional<String> entry, long steps,
                              Duration timeout, Optional<Arch> arch, boolean recordHistory, Optional<Path> coreDump,
                              long historyBytes, boolean noDebug) {

    /** The longest wall-clock limit a launch may ask for: a year, far inside what a deadline in nanoseconds holds. */
    static final long MAX_TIMEOUT_SECONDS = 365L * 24 * 3600;
    /** The largest {@code historyBytes}: 1 TiB, far more than any heap. */
    static final long MAX_HISTORY_BYTES = 1L << 40;

    /**
     * History's bound when the launch names none: the runtime's own (256 MiB), or an eighth of this JVM's heap
     * when that is less, so that history, the device's live memory and the frames copied since the last snapshot
     * (counted at the next) fit a small heap: in -Xmx256m, 40 changing clears of 64 MiB ran out at a quarter.
     */
    static long defaultHistoryBytes() {
        return Math.min(Machine.DEFAULT_HISTORY_BYTES, Runtime.getRuntime().maxMemory() / 8);
    }

    /** The arguments of {@code launch}, or a sentence saying which one is wrong and what it may be. */
    public static Result<LaunchArguments> parse(Map<String, Object> args) {
        try {
            Optional<Path> program = text(args, "program").map(Path::of);
            Optional<Path> core = text(args, "coreDump").map(Path::of);
            if (program.isEmpty() && core.isEmpty()) {
                return Result.refused("launch needs 'program': the path of the .csf source to debug"
                        + " (or 'coreDump': the path of a core.json to open post-mortem)");
            }
            long steps = number(args, "steps").orElse(RunOptions.DEFAULT_STEP_BUDGET);
            if (steps < 1) {
                return Result.refused("'steps' is " + steps + ": the step budget must be at least 1");
            }
            long timeout = number(args, "timeout").orElse(RunOptions.DEFAULT_TIMEOUT.toSeconds());
            if (timeout < 1 || timeout > MAX_TIMEOUT_SECONDS) {
                return Result.refused("'timeout' is " + timeout + ": the wall-clock limit must be 1.."
                        + MAX_TIMEOUT_SECONDS + " seconds (a year)");
            }
            long historyBytes = number(args, "historyBytes").orElse(defaultHistoryBytes());
            if (historyBytes < 1 || historyBytes > MAX_HISTORY_BYTES) {
                return Result.refused("'historyBytes' is " + historyBytes + ": history's bound must be 1.."
                        + MAX_HISTORY_BYTES + " bytes (1 TiB)");
            }
            Optional<String> archText = text(args, "arch");
            Optional<Arch> arch = archText.flatMap(Arch::bySpelling);
            if (archText.isPresent() && arch.isEmpty()) {
                return Result.refused("'arch' is '" + archText.get() + "': expected one of " + Arch.spellings());
            }
            return Result.ok(new LaunchArguments(program, flag(args, "stopOnEntry", false), text(args, "entry"),
                    steps, Duration.ofSeconds(timeout), arch, flag(args, "recordHistory", true), core,
                    historyBytes, flag(args, "noDebug", false)));
        } catch (IllegalArgumentException e) {
            return Result.refused(e.getMessage());
        }
    }

    public RunOptions runOptions() {
        return RunOptions.defaults().withStepBudget(steps).withTimeout(timeout);
    }

    // LSP4J hands launch arguments over as Gson values or as plain Java ones, depending on its version.
    private static Object plain(Object value) {
        if (value instanceof JsonPrimitive p) {
            return p.isBoolean() ? (Object) p.getAsBoolean() : p.isNumber() ? p.getAsNumber() : p.getAsString();
        }
        if (value instanceof JsonElement e && e.isJsonNull()) {
            return null;
        }
        return value;
    }

    private static Optional<String> text(Map<String, Object> args, String name) {
        Object v = plain(args.get(name));
        if (v == null) {
            return Optional.empty();
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("'" + name + "' must be a string, not " + v);
        }
        return s.isBlank() ? Optional.empty() : Optional.of(s);
    }

    private static boolean flag(Map<String, Object> args, String name, boolean otherwise) {
        Object v = plain(args.get(name));
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof Boolean b)) {
            throw new IllegalArgumentException("'" + name + "' must be true or false, not " + v);
        }
        return b;
    }

    private static Optional<Long> number(Map<String, Object> args, String name) {
        Object v = plain(args.get(name));
        if (v == null) {
            return Optional.empty();
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new IllegalArgumentException("'" + name + "' must be a whole number, not " + v);
        }
        return Optional.of(n.longValue());
    }
}
