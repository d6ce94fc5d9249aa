package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A word split into the fields of its instruction. */
public record DecodedInstruction(long word, InstructionDef def) {

    public long value(BitField field) {
        return field.extract(word);
    }

    public long value(String fieldName) {
        Optional<BitField> field = def.field(fieldName);
        if (field.isEmpty()) {
            throw new IllegalArgumentException(def.mnemonic() + " has no field " + fieldName);
        }
        return value(field.get());
    }

    public int opcode() {
        return def.opcode();
    }

    /** The decoded field values in table order, for reports and hover. */
    public List<FieldValue> fieldValues() {
        List<FieldValue> values = new ArrayList<>();
        for (BitField f : def.fields()) {
            values.add(new FieldValue(f, value(f)));
        }
        return List.copyOf(values);
    }

    /** One field and its value. */
    public record FieldValue(BitField field, long value) {
    }
}
