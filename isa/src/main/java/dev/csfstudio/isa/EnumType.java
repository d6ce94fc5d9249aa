package dev.csfstudio.isa;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** A named set of values for a field, e.g. the branch condition. */
public record EnumType(String name, Map<String, Long> values) {

    public EnumType {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Optional<String> nameOf(long value) {
        return values.entrySet().stream().filter(e -> e.getValue() == value).map(Map.Entry::getKey).findFirst();
    }

    public OptionalLong valueOf(String text) {
        Long v = values.get(text.toLowerCase(Locale.ROOT));
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }
}
