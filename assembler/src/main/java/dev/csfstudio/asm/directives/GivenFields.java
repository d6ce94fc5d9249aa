package dev.csfstudio.asm.directives;

import dev.csfstudio.isa.DescriptorDef;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The arguments one {@code .fbd} or {@code .rt} gives for one descriptor, by the position of the field each sets, and
 * those that set no field ({@code zs_crc}, {@code clear_rgba}, {@code clear_raw}) by name: no map per directive for
 * the common arguments, which are all fields.
 */
final class GivenFields {

    private final FieldArgument[] at;
    /** The position of the field a name names, or -1 (as {@link DescriptorDef#field} finds it). */
    private final ToIntFunction<String> positionOf;
    private Map<String, FieldArgument> conveniences;

    GivenFields(DescriptorDef def, ToIntFunction<String> positionOf) {
        this.at = new FieldArgument[def.fields().size()];
        this.positionOf = positionOf;
    }

    /** Forgets every argument: the next directive's are given from now on. */
    void clear() {
        Arrays.fill(at, null);
        if (conveniences != null) {
            conveniences.clear();
        }
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
        int position = positionOf.applyAsInt(name);
        return position < 0 ? null : at[position];
    }

    boolean contains(String name) {
        return get(name) != null;
    }
}
