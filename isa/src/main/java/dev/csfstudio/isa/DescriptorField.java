package dev.csfstudio.isa;

import java.util.List;

/**
 * One field of a memory descriptor. The stored bits are {@code (value - bias) / scale}, or
 * {@code log2(value)} for a {@link #log2} field.
 *
 * @param word           index of the 32-bit word holding the field's least significant bit
 * @param defaultValue   an expression over the descriptor's other fields, or null when {@link #required}
 * @param projectDefault the default is this project's choice; genxml gives none
 * @param enumType       names for the values, or null
 * @param isFloat        the value is an IEEE single written as a decimal number
 * @param aliases        other names the field answers to (genxml's snake_case name when it differs)
 * @param overlays       the field whose bits this one shares, or null; written only when given
 * @param lod            genxml's level-of-detail fixed point (ulod, slod), or {@link Lod#NONE}
 */
public record DescriptorField(String name, int word, int msb, int lsb, long bias, long scale, boolean log2,
                              EnumType enumType, String defaultValue, boolean projectDefault, boolean required,
                              boolean isFloat, List<String> aliases, String overlays, String doc, Lod lod) {

    /**
     * genxml's level-of-detail types: a fixed-point number of 1/256 steps, unsigned ({@code ulod}) or two's
     * complement over the field's width ({@code slod}); stored and compared as the stored number.
     */
    public enum Lod { NONE, ULOD, SLOD }

    public DescriptorField {
        aliases = List.copyOf(aliases);
        if (lod == null) {
            lod = Lod.NONE;
        }
    }

    public DescriptorField(String name, int word, int msb, int lsb, long bias, long scale, boolean log2,
                           EnumType enumType, String defaultValue, boolean projectDefault, boolean required,
                           boolean isFloat, List<String> aliases, String overlays, String doc) {
        this(name, word, msb, lsb, bias, scale, log2, enumType, defaultValue, projectDefault, required, isFloat, aliases,
                overlays, doc, Lod.NONE);
    }

    /**
     * How a decoded value ({@link #read}) is printed, the one spelling of a field's value the run report, the
     * debugger and hover show: a float field as its IEEE single, a ulod/slod field as pandecode unpacks it (the
     * stored number / 256, sign-extended for slod: {@code 1.5}, {@code -0.25}), an enumerated field by its name, a
     * value wider than 16 bits past 0xffff in hex, any other in decimal.
     */
    public String text(long value) {
        if (isFloat) {
            return Float.toString(Float.intBitsToFloat((int) value));
        }
        if (lod != Lod.NONE) {
            long fixed = lod == Lod.SLOD && width() < 64 ? (value << (64 - width())) >> (64 - width()) : value;
            return Double.toString(fixed / 256.0);
        }
        if (enumType != null) {
            return enumType.nameOf(value).orElse(Long.toString(value));
        }
        return width() > 16 && value > 0xffff ? "0x" + Long.toHexString(value) : Long.toString(value);
    }

    public int width() {
        return msb - lsb + 1;
    }

    /** Whether {@code text} names this field, in any letter case. */
    public boolean answersTo(String text) {
        return name.equalsIgnoreCase(text) || aliases.stream().anyMatch(a -> a.equalsIgnoreCase(text));
    }

    /** Byte offset of the field's first word in the descriptor. */
    public int byteOffset() {
        return word * 4;
    }

    private long storedMax() {
        return width() >= 63 ? Long.MAX_VALUE : (1L << width()) - 1;
    }

    /** Largest value a user may write (before bias and scale are removed). */
    public long maxValue() {
        long stored = storedMax();
        if (log2) {
            return 1L << Math.min(62, stored);
        }
        return stored >= Long.MAX_VALUE / scale - bias ? Long.MAX_VALUE : stored * scale + bias;
    }

    public long minValue() {
        return log2 ? 1 : bias;
    }

    /** Reads the user-level value (bias and scale applied) from descriptor bytes at {@code base}. */
    public long read(byte[] data, int base) {
        long bits = readBits(data, base);
        if (log2) {
            return bits >= 63 ? Long.MIN_VALUE : 1L << bits;
        }
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

    /** The stored bits of a user-level value; the caller has checked {@link #accepts}. */
    public long stored(long value) {
        return log2 ? 63 - Long.numberOfLeadingZeros(value) : (value - bias) / scale;
    }

    /** Stores a user-level value; the caller has checked {@link #accepts}. */
    public void write(byte[] data, int base, long value) {
        long bits = stored(value);
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
        if (log2) {
            return value > 0 && Long.bitCount(value) == 1 && 63 - Long.numberOfLeadingZeros(value) <= storedMax();
        }
        return value >= minValue() && value <= maxValue() && (value - bias) % scale == 0;
    }

    /** The allowed values in words, for messages: {@code 1..65536}, {@code 0..4095 in steps of 16}, ... */
    public String allowed() {
        if (log2) {
            return "a power of two " + minValue() + ".." + maxValue();
        }
        return minValue() + ".." + maxValue() + (scale > 1 ? " in steps of " + scale : "");
    }
}
