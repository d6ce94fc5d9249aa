package dev.csfstudio.isa;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A named set of values for a field, e.g. the branch condition.
 *
 * @param byLowerCase the values by their names in lower case (the first of names that differ only in case); empty
 *                    when a name is not ASCII, as letter case beyond ASCII is not lower-casing's
 */
public record EnumType(String name, Map<String, Long> values, Map<String, Long> byLowerCase) {

    public EnumType(String name, Map<String, Long> values) {
        this(name, values, lowerCase(values));
    }

    public EnumType {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        byLowerCase = Map.copyOf(byLowerCase);
    }

    private static Map<String, Long> lowerCase(Map<String, Long> values) {
        Map<String, Long> out = new HashMap<>();
        for (Map.Entry<String, Long> e : values.entrySet()) {
            if (!isAscii(e.getKey())) {
                return Map.of();
            }
            out.putIfAbsent(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        return out;
    }

    public Optional<String> nameOf(long value) {
        for (Map.Entry<String, Long> e : values.entrySet()) {
            if (e.getValue() == value) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    /** The value of a name in any letter case. */
    public OptionalLong valueOf(String text) {
        // the name as the table spells it, found without lower-casing, when no two names differ only in case
        Long exact = byLowerCase.size() == values.size() ? values.get(text) : null;
        if (exact != null) {
            return OptionalLong.of(exact);
        }
        if (!byLowerCase.isEmpty() && isAscii(text)) {
            // letter case of ASCII text: what equalsIgnoreCase compares, found in one lookup (pixel formats are many)
            Long v = byLowerCase.get(text.toLowerCase(Locale.ROOT));
            return v == null ? OptionalLong.empty() : OptionalLong.of(v);
        }
        for (Map.Entry<String, Long> e : values.entrySet()) {
            if (e.getKey().equalsIgnoreCase(text)) {
                return OptionalLong.of(e.getValue());
            }
        }
        return OptionalLong.empty();
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
