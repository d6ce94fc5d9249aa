package dev.csfstudio.isa;

import java.util.List;
import java.util.Optional;

/**
 * One operand of an instruction's canonical syntax; its kind is its codec.
 *
 * @param wrap     the immediate also accepts negatives that fit the field's width (two's complement)
 * @param optional the operand may be left out (its field then keeps its default; the assembler warns, since
 *                 pandecode's text leaves it out whatever the value); the disassembler always prints it
 * @param enumType names the operand may also be written as, or null
 * @param writes   the registers the operand names are the instruction's destination (the table's {@code write}
 *                 flag); a register operand without it is a source
 */
public record OperandSpec(OperandKind kind, List<BitField> fields, boolean wrap, boolean optional, EnumType enumType,
                          String doc, boolean writes) {

    public OperandSpec {
        fields = List.copyOf(fields);
    }

    public BitField field() {
        return fields.get(0);
    }

    /** The first field's value in {@code word}. */
    public long first(long word) {
        return fields.get(0).extract(word);
    }

    /** The second field's value in {@code word}, 0 for a one-field operand. */
    public long second(long word) {
        return fields.size() > 1 ? fields.get(1).extract(word) : 0;
    }

    /** Smallest value a user may write for the operand's first field. */
    public long minValue() {
        return kind.minValue(this);
    }

    /** Largest value a user may write for the operand's first field. */
    public long maxValue() {
        return kind.maxValue(this);
    }

    /**
     * The range check of a written value, the one every reader of source makes: empty when {@code value} may be
     * written for {@code field} (the first field, or an operand's second field such as an offset), else the message.
     */
    public Optional<String> rangeError(String mnemonic, BitField field, long value) {
        boolean first = field.equals(field());
        long min = first ? minValue() : field.min();
        long max = first ? maxValue() : field.max();
        return value >= min && value <= max ? Optional.empty() : Optional.of("immediate " + value
                + " out of range for " + mnemonic + " " + field.name() + ": allowed " + min + ".." + max);
    }

    /** Why the registers this operand names in {@code word} do not exist, or null when they do. */
    public String missingRegisters(long word, int registers) {
        return kind.missingRegisters(first(word), second(word), registers);
    }

    /** The operand's canonical text in {@code word}, a branch target as its offset. */
    public String text(long word) {
        StringBuilder out = new StringBuilder();
        print(out, word, Disassembler.TargetNamer.NONE);
        return out.toString();
    }

    /** Appends the operand's canonical text for {@code word}. */
    void print(StringBuilder out, long word, Disassembler.TargetNamer namer) {
        kind.print(out, first(word), second(word), namer);
    }
}
