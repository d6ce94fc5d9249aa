package dev.csfstudio.isa;

import java.util.Map;
import java.util.Optional;

/** Builds instruction words from field values; callers check ranges first and report them to users. */
public final class Encoder {

    private Encoder() {
    }

    /**
     * The word for {@code def} with the given field values; fields not named keep their default.
     *
     * @throws IllegalArgumentException for an unknown field or a value wider than its field
     */
    public static long encode(InstructionDef def, Map<String, Long> values) {
        long word = def.baseWord();
        for (Map.Entry<String, Long> e : values.entrySet()) {
            Optional<BitField> field = def.field(e.getKey());
            if (field.isEmpty()) {
                throw new IllegalArgumentException(def.mnemonic() + " has no field " + e.getKey());
            }
            BitField f = field.get();
            long v = e.getValue();
            // Either reading of the bits is accepted: signed down to -2^(w-1), unsigned up to 2^w - 1.
            if (f.width() < 64 && (v < -(1L << (f.width() - 1)) || v > (1L << f.width()) - 1)) {
                throw new IllegalArgumentException(def.mnemonic() + "." + f.name() + " cannot hold " + v);
            }
            word = f.insert(word, v);
        }
        return word;
    }
}
