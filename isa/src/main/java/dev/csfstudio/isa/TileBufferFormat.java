package dev.csfstudio.isa;

import java.util.List;
import java.util.Optional;

/**
 * A tile-buffer ("internal") format of a render target: how the tile buffer, and so the clear words,
 * hold a pixel. A blendable format holds 32 bits, each channel {@code m.n} fixed point (m integer bits,
 * n fraction bits for dithering); a raw format holds the pixel's bytes as they are.
 *
 * @param rawBytes bytes per pixel of a raw format (0 for "any size"); ignored when {@link #blendable}
 */
public record TileBufferFormat(String name, int value, List<Channel> channels, int rawBytes) {

    /** One channel of a blendable format: component, bit offset in the 32-bit value, integer and fraction bits. */
    public record Channel(char component, int shift, int integerBits, int fractionBits) {
        public int width() {
            return integerBits + fractionBits;
        }

        /** The stored value that means 1.0: (2^m - 1) * 2^n. */
        public long one() {
            return ((1L << integerBits) - 1) << fractionBits;
        }
    }

    public TileBufferFormat {
        channels = List.copyOf(channels);
    }

    public boolean blendable() {
        return !channels.isEmpty();
    }

    public Optional<Channel> channel(char component) {
        for (Channel c : channels) { // a loop: a run's first clear asks, and a stream pipeline's start-up is not free
            if (c.component() == component) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** The layout as the table writes it, e.g. {@code r5.5,g6.4,b5.5,a0.2} or {@code raw4}. */
    public String layout() {
        if (!blendable()) {
            return rawBytes == 0 ? "raw" : "raw" + rawBytes;
        }
        StringBuilder sb = new StringBuilder();
        for (Channel c : channels) {
            sb.append(sb.isEmpty() ? "" : ",").append(c.component()).append(c.integerBits()).append('.')
                    .append(c.fractionBits());
        }
        return sb.toString();
    }
}
