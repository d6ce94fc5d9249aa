package dev.csfstudio.isa;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Render-target clear colours as the tile buffer holds them (RT words 12..15). Packing follows mesa's
 * {@code pan_pack_color}: a blendable tile-buffer format gets the colour saturated to 0..1 (alpha 1 when
 * the writeback format has none, sRGB-encoded when the target is sRGB) as one 32-bit value of m.n fixed
 * point channels, replicated over the four words; a raw format gets the pixel's bytes, replicated by size.
 * The inverse turns the clear words back into a colour and into the pixel the writeback stores.
 */
public final class ClearColor {

    /** The clear of one render target: its tile-buffer format, the four words and, when blendable, the colour. */
    public record Decoded(TileBufferFormat internal, int[] words, Optional<double[]> rgba) {

        /** e.g. {@code RGBA (0.7188, 0.1797, 1, 1) as R5G6B5A0 r5.5,g6.4,b5.5,a0.2}. */
        public String describe() {
            String layout = internal.name() + " " + internal.layout();
            if (rgba.isEmpty()) {
                StringBuilder hex = new StringBuilder();
                for (int w : words) {
                    hex.append(hex.isEmpty() ? "" : " ").append(word(w));
                }
                return "raw words " + hex + " as " + layout;
            }
            double[] c = rgba.get();
            return "RGBA (" + number(c[0]) + ", " + number(c[1]) + ", " + number(c[2]) + ", " + number(c[3]) + ") as "
                    + layout;
        }

        /** e.g. {@code 0x3f800000}: every clear word's spelling. */
        public static String word(int w) {
            return "0x" + HexFormat.of().toHexDigits(w);
        }

        /**
         * {@code v} to four decimals, rounded half up, without trailing zeros ({@code 0.7188}, {@code 1}); made
         * without java.util.Formatter, whose locale data was a tenth of a small run's start-up.
         */
        static String number(double v) {
            if (!Double.isFinite(v)) {
                return Double.toString(v);
            }
            String digits = BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
            return v < 0 || v == 0 && 1 / v < 0 ? (digits.startsWith("-") ? digits : "-" + digits) : digits;
        }
    }

    private ClearColor() {
    }

    /**
     * The four clear words of a colour for a blendable tile-buffer format, exactly as mesa packs them.
     *
     * @param hasAlpha whether the writeback format has alpha (otherwise alpha is 1)
     * @param srgb     encode red, green and blue to sRGB first
     * @param dithered keep the fraction bits (rounding once to m.n) instead of rounding to m bits
     */
    public static int[] pack(TileBufferFormat internal, boolean hasAlpha, boolean srgb, boolean dithered,
                             double r, double g, double b, double a) {
        if (!internal.blendable()) {
            throw new IllegalArgumentException(internal.name() + " is a raw tile-buffer format");
        }
        // mesa computes in single precision; so does this, to give the same roundings.
        float[] c = {saturate((float) r), saturate((float) g), saturate((float) b), saturate((float) a)};
        if (!hasAlpha) {
            c[3] = 1.0f;
        }
        if (srgb) {
            for (int i = 0; i < 3; i++) {
                c[i] = linearToSrgb(c[i]);
            }
        }
        int value = 0;
        for (TileBufferFormat.Channel ch : internal.channels()) {
            float v = c["rgba".indexOf(ch.component())];
            value |= (int) fixed(v, ch.integerBits(), ch.fractionBits(), dithered) << ch.shift();
        }
        int[] words = new int[4];
        Arrays.fill(words, value);
        return words;
    }

    /** mesa's {@code float_to_fixed}: round to even on m.n bits (dithered) or on m bits, fraction zero. */
    static long fixed(float f, int integerBits, int fractionBits, boolean dithered) {
        long m = (1L << integerBits) - 1;
        if (dithered) {
            float factor = (float) (m << fractionBits);
            return (long) Math.rint(f * factor);
        }
        return (long) Math.rint(f * (float) m) << fractionBits;
    }

    private static float saturate(float v) {
        return v > 0.0f ? Math.min(v, 1.0f) : 0.0f;
    }

    /** mesa's {@code util_format_linear_to_srgb_float}. */
    static float linearToSrgb(float cl) {
        if (cl <= 0.0f) {
            return 0.0f;
        } else if (cl < 0.0031308f) {
            return 12.92f * cl;
        } else if (cl < 1.0f) {
            return 1.055f * (float) Math.pow(cl, 0.41666f) - 0.055f;
        }
        return 1.0f;
    }

    /**
     * The four clear words of a raw pixel (its bytes, little-endian), replicated as mesa's
     * {@code pan_pack_raw} does: a byte to all sixteen, two bytes to each half word, up to four bytes to
     * each word, up to eight bytes to both halves, up to sixteen bytes once.
     */
    public static int[] packRaw(byte[] pixel) {
        int n = pixel.length;
        if (n == 0 || n > 16) {
            throw new IllegalArgumentException("raw clear pixels are 1..16 bytes, not " + n);
        }
        byte[] out = new byte[16];
        int period = n == 1 ? 1 : n == 2 ? 2 : n <= 4 ? 4 : n <= 8 ? 8 : 16;
        for (int i = 0; i < 16; i++) {
            int k = i % period;
            out[i] = k < n ? pixel[k] : 0;
        }
        return words(out);
    }

    /** The colour of clear words read in a blendable tile-buffer format (0..1; a channel with no integer bits reads 1). */
    public static double[] decode(TileBufferFormat internal, int[] words) {
        double[] rgba = {0, 0, 0, 1};
        long value = words[0] & 0xffff_ffffL;
        for (TileBufferFormat.Channel ch : internal.channels()) {
            long stored = (value >>> ch.shift()) & ((1L << ch.width()) - 1);
            int i = "rgba".indexOf(ch.component());
            rgba[i] = ch.one() == 0 ? 1.0 : Math.min(1.0, stored / (double) ch.one());
        }
        return rgba;
    }

    /**
     * The pixel the writeback stores for these clear words. A blendable tile value is rounded per channel to
     * the writeback precision (to nearest; the hardware's dither pattern is not known, so none is applied);
     * a raw tile value, or a raw writeback format, stores the clear words' bytes from word 0 on.
     */
    public static byte[] writeback(TileBufferFormat internal, PixelFormat format, int[] words) {
        byte[] pixel = new byte[format.bytes()];
        if (format.raw() || !internal.blendable()) {
            byte[] all = bytes(words);
            for (int i = 0; i < pixel.length; i++) {
                pixel[i] = all[i % all.length];
            }
            return pixel;
        }
        long value = words[0] & 0xffff_ffffL;
        long bits = 0;
        for (PixelFormat.Channel out : format.channels()) {
            Optional<TileBufferFormat.Channel> in = internal.channel(out.component());
            long q;
            if (in.isEmpty() || in.get().one() == 0) {
                q = out.component() == 'a' ? out.max() : 0;
            } else {
                long stored = (value >>> in.get().shift()) & ((1L << in.get().width()) - 1);
                q = Math.min(out.max(), (long) Math.floor(stored * (double) out.max() / in.get().one() + 0.5));
            }
            bits |= q << out.shift();
        }
        for (int i = 0; i < pixel.length; i++) {
            pixel[i] = (byte) (bits >>> (8 * i));
        }
        return pixel;
    }

    /** The clear of the render-target descriptor (in {@code descriptors}' layout) at {@code base} in {@code data}. */
    public static Optional<Decoded> ofRenderTarget(DescriptorSet descriptors, byte[] data, int base) {
        DescriptorDef rt = descriptors.get(DescriptorSet.RENDER_TARGET);
        long internalValue = rt.field("internal_format").orElseThrow().read(data, base);
        Optional<TileBufferFormat> internal = PixelFormats.internalByValue(internalValue);
        if (internal.isEmpty()) {
            return Optional.empty();
        }
        int[] words = new int[4];
        for (int i = 0; i < 4; i++) {
            words[i] = (int) rt.field("clear" + i).orElseThrow().read(data, base);
        }
        Optional<double[]> rgba = internal.get().blendable() ? Optional.of(decode(internal.get(), words)) : Optional.empty();
        return Optional.of(new Decoded(internal.get(), words, rgba));
    }

    static int[] words(byte[] sixteen) {
        int[] w = new int[4];
        for (int i = 0; i < 16; i++) {
            w[i / 4] |= (sixteen[i] & 0xff) << (8 * (i % 4));
        }
        return w;
    }

    static byte[] bytes(int[] words) {
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            b[i] = (byte) (words[i / 4] >>> (8 * (i % 4)));
        }
        return b;
    }
}
