package dev.csfstudio.lsp;

import dev.csfstudio.rpc.ErrorResponses;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

import dev.csfstudio.isa.Arch;

/**
 * The client's {@code initializationOptions}, checked: each limit a whole number in its range, {@code backgroundRun}
 * a boolean, {@code arch} an architecture's name. Anything else is refused with a message naming the option,
 * what it takes and what it got (a limit of zero, a negative one, or one too large to add to a clock, would
 * otherwise break every run).
 */
record ServerOptions(Map<Limit, Long> limits, boolean backgroundRun, Optional<Arch> arch) {

    /** One day: the longest wall-clock limit a run may have. */
    static final long MAX_MILLIS = 86_400_000L;

    /** The numeric options: name, default, smallest and largest value. */
    enum Limit {
        RUN_DELAY_MS("runDelayMs", CsfLanguageServer.RUN_DELAY_MILLIS, 0, MAX_MILLIS),
        BACKGROUND_STEPS("backgroundSteps", CsfLanguageServer.BACKGROUND_STEPS, 1, Long.MAX_VALUE),
        BACKGROUND_TIMEOUT_MS("backgroundTimeoutMs", CsfLanguageServer.BACKGROUND_TIMEOUT_MILLIS, 1, MAX_MILLIS),
        RUN_STEPS("runSteps", CsfLanguageServer.RUN_STEPS, 1, Long.MAX_VALUE),
        RUN_TIMEOUT_MS("runTimeoutMs", CsfLanguageServer.RUN_TIMEOUT_MILLIS, 1, MAX_MILLIS);

        final String key;
        final long dflt;
        final long min;
        final long max;

        Limit(String key, long dflt, long min, long max) {
            this.key = key;
            this.dflt = dflt;
            this.min = min;
            this.max = max;
        }
    }

    long get(Limit limit) {
        return limits.get(limit);
    }

    /** The options as the client sent them (a JSON object, or nothing); throws InvalidParams for a bad one. */
    static ServerOptions of(Object options) {
        JsonObject o = options instanceof JsonObject json ? json : new JsonObject();
        Map<Limit, Long> limits = new EnumMap<>(Limit.class);
        for (Limit l : Limit.values()) {
            limits.put(l, o.has(l.key) ? whole(l, o.get(l.key)) : l.dflt);
        }
        boolean background = true;
        if (o.has("backgroundRun")) {
            JsonElement e = o.get("backgroundRun");
            if (!(e instanceof JsonPrimitive p) || !p.isBoolean()) {
                throw bad("backgroundRun", "true or false", e);
            }
            background = p.getAsBoolean();
        }
        Optional<Arch> arch = Optional.empty();
        if (o.has("arch")) {
            JsonElement e = o.get("arch");
            String spelling = e instanceof JsonPrimitive p && p.isString() ? p.getAsString() : null;
            arch = Optional.ofNullable(spelling).flatMap(Arch::bySpelling);
            if (arch.isEmpty()) {
                throw bad("arch", "one of " + Arch.spellings(), e);
            }
        }
        return new ServerOptions(limits, background, arch);
    }

    private static long whole(Limit l, JsonElement e) {
        String range = String.format(Locale.ROOT, "a whole number from %,d to %,d", l.min, l.max);
        if (!(e instanceof JsonPrimitive p) || !p.isNumber()) {
            throw bad(l.key, range, e);
        }
        BigDecimal value = p.getAsBigDecimal();
        if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0
                || value.compareTo(BigDecimal.valueOf(l.min)) < 0 || value.compareTo(BigDecimal.valueOf(l.max)) > 0) {
            throw bad(l.key, range, e);
        }
        return value.longValueExact();
    }

    private static RuntimeException bad(String key, String expected, JsonElement got) {
        return CsfLanguageServer.invalid("initializationOptions." + key + ": expected " + expected + ", got "
                + ErrorResponses.shorten(String.valueOf(got)));
    }
}
