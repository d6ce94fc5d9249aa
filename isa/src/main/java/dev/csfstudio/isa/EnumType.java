package dev.csfstudio.isa;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** A named set of values for a field, e.g. the branch condition. */
public record EnumType(String name, Map<String, Long> values) {

    public EnumType {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
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
        for (Map.Entry<String, Long> e : values.entrySet()) {
            if (e.getKey().equalsIgnoreCase(text)) {
                return OptionalLong.of(e.getValue());
            }
        }
        return OptionalLong.empty();
    }
}
