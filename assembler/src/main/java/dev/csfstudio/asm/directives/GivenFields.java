package dev.csfstudio.asm.directives;

import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments one {@code .fbd} or {@code .rt} gives for one descriptor, by the position of the field each sets, and
 * those that set no field ({@code zs_crc}, {@code clear_rgba}, {@code clear_raw}) by name: no map per directive for
 * the common arguments, which are all fields.
 */
final class GivenFields {

    private final DescriptorDef def;
    private final FieldArgument[] at;
    private Map<String, FieldArgument> conveniences;

    GivenFields(DescriptorDef def) {
        this.def = def;
        this.at = new FieldArgument[def.fields().size()];
    }

    /** The argument that sets the field at {@code position}, or null. */
    FieldArgument at(int position) {
        return at[position];
    }

    void put(int position, FieldArgument argument) {
        at[position] = argument;
    }

    /** A convenience that sets no field of the descriptor, by its name. */
    void putConvenience(String name, FieldArgument argument) {
        if (conveniences == null) {
            conveniences = new HashMap<>(4);
        }
        conveniences.put(name, argument);
    }

    /** The argument given for field or convenience {@code name} (a field's own name), or null. */
    FieldArgument get(String name) {
        if (conveniences != null && conveniences.containsKey(name)) {
            return conveniences.get(name);
        }
        Optional<DescriptorField> f = def.field(name);
        if (f.isPresent()) {
            for (int i = 0; i < at.length; i++) {
                if (def.fields().get(i) == f.get()) {
                    return at[i];
                }
            }
        }
        return null;
    }

    boolean contains(String name) {
        return get(name) != null;
    }
}
