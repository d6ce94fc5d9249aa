package dev.csfstudio.isa;

import java.util.List;

/** A word split into the fields of its instruction. */
public record DecodedInstruction(long word, InstructionDef def) {

    public long value(BitField field) {
        return field.extract(word);
    }

    public long value(String fieldName) {
        return def.field(fieldName).map(this::value)
                .orElseThrow(() -> new IllegalArgumentException(def.mnemonic() + " has no field " + fieldName));
    }

    public int opcode() {
        return def.opcode();
    }

    /** The decoded field values in table order, for reports and hover. */
    public List<FieldValue> fieldValues() {
        return def.fields().stream().map(f -> new FieldValue(f, value(f))).toList();
    }

    /** One field and its value. */
    public record FieldValue(BitField field, long value) {
    }
}
