package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.SpellingSuggestions;

import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the keys of a {@code .fbd}, {@code .rt} or {@code .desc} line set: each argument's field (of the descriptor
 * or, for a {@code .fbd}, of its ZS/CRC extension) or convenience, and the errors of keys that set nothing or set something
 * twice. A descriptor-heavy source writes the same keys in the same order on most lines: the last few key lists that
 * had no error are remembered with what they set, so such a line looks up no field by name.
 */
final class FieldKeys {

    /** What an argument sets ({@link Resolved#slot}): a convenience of this name, or nothing (it has an error). */
    static final int ZS_CRC = -2;
    static final int CLEAR_RGBA = -3;
    static final int CLEAR_RAW = -4;
    static final int NOTHING = -1;
    /** An extension field's slot is {@code EXTENSION + position}; a descriptor field's its position. */
    static final int EXTENSION = 1 << 16;

    private static final List<String> FBD_CONVENIENCES = List.of("zs_crc");
    private static final List<String> RT_CONVENIENCES = List.of("clear", "clear_rgba", "clear_raw");
    private static final int REMEMBERED = 8;

    /** Each argument's slot, in argument order. */
    record Resolved(int[] slots) {
        static boolean isExtension(int slot) {
            return slot >= EXTENSION;
        }
    }

    /** A key list that had no error, with its slots, for the descriptor it was resolved against. */
    private record Known(DescriptorDef def, boolean zsCrc, String[] keys, Resolved resolved) {
    }

    private final DescriptorDef fbd;
    private final DescriptorDef rt;
    private final DescriptorDef extension;
    private final Known[] known = new Known[REMEMBERED];
    private int nextKnown;

    FieldKeys(DescriptorDef fbd, DescriptorDef rt, DescriptorDef extension) {
        this.fbd = fbd;
        this.rt = rt;
        this.extension = extension;
    }

    /**
     * The slots of {@code arguments} of a {@code .fbd} ({@code isFbd}, with the extension when {@code zsCrc}) or
     * {@code .rt}; the errors of their keys, in argument order, are added to {@code errors}.
     */
    Resolved resolve(boolean isFbd, boolean zsCrc, List<FieldArgument> arguments, String directive,
                     List<Diagnostic> errors) {
        return resolve(isFbd ? fbd : rt, zsCrc, arguments, directive, errors);
    }

    /** The slots of the arguments of a {@code .desc} of {@code def} (no conveniences, no extension). */
    Resolved resolve(DescriptorDef def, List<FieldArgument> arguments, String directive, List<Diagnostic> errors) {
        return resolve(def, false, arguments, directive, errors);
    }

    private Resolved resolve(DescriptorDef def, boolean zsCrc, List<FieldArgument> arguments, String directive,
                             List<Diagnostic> errors) {
        Resolved r = remembered(def, zsCrc, arguments);
        if (r != null) {
            return r;
        }
        int before = errors.size();
        r = resolveEach(def, zsCrc, arguments, directive, errors);
        if (errors.size() == before) {
            String[] keys = new String[arguments.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = arguments.get(i).key();
            }
            known[nextKnown] = new Known(def, zsCrc, keys, r);
            nextKnown = (nextKnown + 1) % REMEMBERED;
        }
        return r;
    }

    private Resolved remembered(DescriptorDef def, boolean zsCrc, List<FieldArgument> arguments) {
        for (Known k : known) {
            if (k != null && k.def == def && k.zsCrc == zsCrc && k.keys.length == arguments.size() && sameKeys(k.keys, arguments)) {
                return k.resolved;
            }
        }
        return null;
    }

    /**
     * Whether the arguments' keys are {@code keys}; when they are equal but other strings (another chunk of lines has
     * strings of its own), {@code keys} takes them, so that the lines after this one compare them by identity.
     */
    private static boolean sameKeys(String[] keys, List<FieldArgument> arguments) {
        boolean identical = true;
        for (int i = 0; i < keys.length; i++) {
            String key = arguments.get(i).key();
            if (key != keys[i]) {
                if (key == null || !key.equals(keys[i])) {
                    return false;
                }
                identical = false;
            }
        }
        if (!identical) {
            for (int i = 0; i < keys.length; i++) {
                keys[i] = arguments.get(i).key();
            }
        }
        return true;
    }

    private Resolved resolveEach(DescriptorDef def, boolean zsCrc, List<FieldArgument> arguments, String directive,
                                 List<Diagnostic> errors) {
        boolean isFbd = def == fbd;
        List<String> conveniences = isFbd ? FBD_CONVENIENCES : def == rt ? RT_CONVENIENCES : List.of();
        int[] slots = new int[arguments.size()];
        Arrays.fill(slots, NOTHING);
        for (int i = 0; i < slots.length; i++) {
            FieldArgument a = arguments.get(i);
            if (a.key() == null) {
                errors.add(Diagnostic.error(a.range(), DiagnosticCode.SYNTAX, "expected field=value, got '" + a.plainText() + "'"));
                continue;
            }
            String key = a.key().toLowerCase(Locale.ROOT);
            DescriptorDef into = def;
            Optional<DescriptorField> field = def.field(key);
            if (field.isEmpty() && isFbd && extension.field(key).isPresent()) {
                field = extension.field(key);
                into = extension;
                if (!zsCrc) {
                    errors.add(Diagnostic.error(a.keyRange(), DiagnosticCode.MISSING_FIELD, "field '" + key
                            + "' belongs to the ZS/CRC extension: add zs_crc=1 to emit it")
                            .withSuggestions(List.of("zs_crc=1")));
                    continue;
                }
            }
            if (field.isEmpty() && !conveniences.contains(key)) {
                List<String> names = new ArrayList<>();
                def.fields().forEach(f -> names.add(f.name()));
                if (isFbd) {
                    extension.fields().forEach(f -> names.add(f.name()));
                }
                names.addAll(conveniences);
                List<String> near = SpellingSuggestions.closest(key, names);
                errors.add(Diagnostic.error(a.keyRange(), DiagnosticCode.UNKNOWN_FIELD,
                        "unknown field '" + a.key() + "' for " + directive
                                + SpellingSuggestions.didYouMean(near) + " (fields: " + String.join(", ", names) + ")")
                        .withSuggestions(near));
                continue;
            }
            if (field.isEmpty() && key.equals("clear")) {
                field = def.field("clear0");
            }
            int slot = field.isPresent() ? position(into, field.get()) + (into == extension ? EXTENSION : 0)
                    : key.equals("zs_crc") ? ZS_CRC : key.equals("clear_rgba") ? CLEAR_RGBA : CLEAR_RAW;
            if (contains(slots, i, slot)) {
                String name = field.isPresent() ? field.get().name() : key;
                errors.add(Diagnostic.error(a.range(), DiagnosticCode.DUPLICATE_FIELD, "field '" + name + "' is given twice"));
                continue;
            }
            slots[i] = slot;
        }
        return new Resolved(slots);
    }

    private static int position(DescriptorDef def, DescriptorField f) {
        List<DescriptorField> fields = def.fields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i) == f) {
                return i;
            }
        }
        throw new IllegalStateException("field " + f.name() + " is not one of " + def.name() + "'s");
    }

    private static boolean contains(int[] slots, int before, int slot) {
        for (int i = 0; i < before; i++) {
            if (slots[i] == slot) {
                return true;
            }
        }
        return false;
    }
}
