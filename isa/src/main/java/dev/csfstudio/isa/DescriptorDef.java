package dev.csfstudio.isa;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A fixed-size memory descriptor (framebuffer parameters, render target, ...); fields answer to their aliases too.
 * {@code byName}: each field under its lower-case name and aliases (a name before any alias), made from
 * {@code fields}; a descriptor's defaults look fields up by name for every descriptor a source has.
 */
public record DescriptorDef(String name, int size, List<DescriptorField> fields, Map<String, DescriptorField> byName) {

    public DescriptorDef(String name, int size, List<DescriptorField> fields) {
        this(name, size, List.copyOf(fields), index(fields));
    }

    public DescriptorDef {
        fields = List.copyOf(fields);
        byName = Map.copyOf(byName);
    }

    private static Map<String, DescriptorField> index(List<DescriptorField> fields) {
        Map<String, DescriptorField> out = new HashMap<>();
        for (DescriptorField f : fields) {
            out.putIfAbsent(f.name().toLowerCase(Locale.ROOT), f);
        }
        for (DescriptorField f : fields) {
            for (String alias : f.aliases()) {
                out.putIfAbsent(alias.toLowerCase(Locale.ROOT), f);
            }
        }
        return out;
    }

    public Optional<DescriptorField> field(String fieldName) {
        DescriptorField known = byName.get(fieldName); // the names are kept in lower case: most are written so
        if (known == null) {
            known = byName.get(fieldName.toLowerCase(Locale.ROOT));
        }
        if (known != null || isAscii(fieldName)) {
            return Optional.ofNullable(known);
        }
        // equalsIgnoreCase matches some non-ASCII letters to ASCII ones that lower-casing does not
        Optional<DescriptorField> exact = fields.stream().filter(f -> f.name().equalsIgnoreCase(fieldName)).findFirst();
        return exact.isPresent() ? exact : fields.stream().filter(f -> f.answersTo(fieldName)).findFirst();
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 128) {
                return false;
            }
        }
        return true;
    }
}
