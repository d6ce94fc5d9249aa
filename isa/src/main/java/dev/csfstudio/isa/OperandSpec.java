package dev.csfstudio.isa;

import java.util.List;

/**
 * One operand of an instruction's canonical syntax.
 *
 * @param wrap     the immediate also accepts negatives that fit the field's width (two's complement)
 * @param optional the operand may be left out (its field then keeps its default) and prints only when it differs
 *                 from the default
 * @param enumType names the operand may also be written as, or null
 */
public record OperandSpec(OperandKind kind, List<BitField> fields, boolean wrap, boolean optional, EnumType enumType,
                          String doc) {

    public OperandSpec {
        fields = List.copyOf(fields);
    }

    public BitField field() {
        return fields.get(0);
    }

    /** Smallest value a user may write for a single-field immediate operand. */
    public long minValue() {
        BitField f = field();
        return wrap ? -(1L << (f.width() - 1)) : f.min();
    }

    /** Largest value a user may write for a single-field immediate operand. */
    public long maxValue() {
        BitField f = field();
        return kind == OperandKind.BYTES8 ? f.max() * 8 : f.max();
    }
}
