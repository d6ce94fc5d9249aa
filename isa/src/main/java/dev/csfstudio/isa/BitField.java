package dev.csfstudio.isa;

/** A named bit range of a 64-bit instruction or descriptor word. */
public record BitField(String name, int msb, int lsb, boolean signed, long defaultValue) {

    public BitField {
        if (lsb < 0 || msb > 63 || msb < lsb) {
            throw new IllegalArgumentException("bad bit range " + msb + ":" + lsb + " for " + name);
        }
    }

    // equals and hashCode written out: a record's own go through invokedynamic (ObjectMethods), whose first link
    // made method handles and classes at run time on every start; the table reader compares fields.
    @Override
    public boolean equals(Object o) {
        return o instanceof BitField f && msb == f.msb && lsb == f.lsb && signed == f.signed
                && defaultValue == f.defaultValue && name.equals(f.name);
    }

    @Override
    public int hashCode() {
        return (((name.hashCode() * 31 + msb) * 31 + lsb) * 31 + Boolean.hashCode(signed)) * 31
                + Long.hashCode(defaultValue);
    }

    public int width() {
        return msb - lsb + 1;
    }

    /** The field's bits in place, e.g. 0x00ff_0000_0000_0000 for [55:48]. */
    public long mask() {
        return width() == 64 ? -1L : ((1L << width()) - 1) << lsb;
    }

    /** Smallest value the field stores (as written in source). */
    public long min() {
        return signed ? -(1L << (width() - 1)) : 0;
    }

    /** Largest value the field stores. */
    public long max() {
        return signed ? (1L << (width() - 1)) - 1 : (width() == 64 ? Long.MAX_VALUE : (1L << width()) - 1);
    }

    public boolean fits(long value) {
        return value >= min() && value <= max();
    }

    /** The field's value in {@code word}, sign-extended when the field is signed. */
    public long extract(long word) {
        long raw = (word & mask()) >>> lsb;
        if (signed && width() < 64) {
            int shift = 64 - width();
            return (raw << shift) >> shift;
        }
        return raw;
    }

    /** {@code word} with this field replaced by the low bits of {@code value}. */
    public long insert(long word, long value) {
        return (word & ~mask()) | ((value << lsb) & mask());
    }

    public String bits() {
        return msb == lsb ? "[" + msb + "]" : "[" + msb + ":" + lsb + "]";
    }
}
