package dev.csfstudio.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A duration as a user types it: {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1.5s}; a bare number is seconds. */
final class DurationConverter implements ITypeConverter<Duration> {

    /** Compiled when a duration is first converted, not when a command line that may take one is built. */
    private static final class Syntax {
        static final Pattern DURATION = Pattern.compile("(\\d{1,9}(?:\\.\\d{1,9})?)\\s*(ms|s|m|h)?");
    }

    @Override
    public Duration convert(String text) {
        Matcher m = Syntax.DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + text + "' is not a duration: write it as 30s, 500ms or 2m");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long perUnit = switch (unit) {
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        Duration d = Duration.ofNanos(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(perUnit)).longValue());
        if (d.toMillis() < 1) {
            throw new TypeConversionException("'" + text + "' is too short: the least is 1ms");
        }
        return d;
    }
}
