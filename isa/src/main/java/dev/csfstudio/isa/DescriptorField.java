package dev.csfstudio.isa;

/**
 * One field of a memory descriptor. The stored bits are {@code (value - bias) / scale}.
 *
 * @param word         index of the 32-bit word holding the field's least significant bit
 * @param defaultValue an expression over the descriptor's other fields, or null when {@link #required}
 * @param enumType     names for the values, or null
 * @param isFloat      the value is an IEEE single written as a decimal number
 */
public record DescriptorField(String name, int word, int msb, int lsb, long bias, long scale, EnumType enumType,
                              String defaultValue, boolean required, boolean isFloat, String doc) {

    public int width() {
        return msb - lsb + 1;
    }

    /** Byte offset of the field's first word in the descriptor. */
    public int byteOffset() {
        return word * 4;
    }

    /** Largest value a user may write (before bias and scale are removed). */
    public long maxValue() {
        long stored = width() >= 63 ? Long.MAX_VALUE : (1L << width()) - 1;
        return stored >= Long.MAX_VALUE / scale - bias ? Long.MAX_VALUE : stored * scale + bias;
    }

    public long minValue() {
        return bias;
    }

    /** Reads the user-level value (bias and scale applied) from descriptor bytes at {@code base}. */
    public long read(byte[] data, int base) {
        long bits = readBits(data, base);
        return bits * scale + bias;
    }

    /** The raw stored bits. */
    public long readBits(byte[] data, int base) {
        long container = 0;
        int bytes = (msb / 8) + 1;
        for (int i = 0; i < bytes; i++) {
            container |= (data[base + byteOffset() + i] & 0xffL) << (8 * i);
        }
        long mask = width() == 64 ? -1L : (1L << width()) - 1;
        return (container >>> lsb) & mask;
    }

    /** Stores a user-level value; the caller has checked {@link #accepts}. */
    public void write(byte[] data, int base, long value) {
        long bits = (value - bias) / scale;
        long mask = width() == 64 ? -1L : (1L << width()) - 1;
        int bytes = (msb / 8) + 1;
        long container = 0;
        for (int i = 0; i < bytes; i++) {
            container |= (data[base + byteOffset() + i] & 0xffL) << (8 * i);
        }
        container = (container & ~(mask << lsb)) | ((bits & mask) << lsb);
        for (int i = 0; i < bytes; i++) {
            data[base + byteOffset() + i] = (byte) (container >>> (8 * i));
        }
    }

    /** Whether {@code value} can be stored exactly. */
    public boolean accepts(long value) {
        if (isFloat) {
            return true;
        }
        return value >= minValue() && value <= maxValue() && (value - bias) % scale == 0;
    }
}
