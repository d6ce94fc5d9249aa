package dev.csfstudio.isa;

import java.util.List;
import java.util.Optional;

/**
 * A writeback pixel format: how a render target's pixels are stored in memory. Pixels are little-endian;
 * channels are listed from the least significant bit.
 *
 * @param bytes          bytes per pixel, 0 when the layout is not modelled
 * @param internalFormat the tile-buffer format a render target of this format uses by default, null when
 *                       mesa emits no render target of this format
 */
public record PixelFormat(String name, int value, int bytes, List<Channel> channels, boolean raw,
                          String internalFormat) {

    /** One colour channel: which component ('r', 'g', 'b' or 'a'), its bit offset and width. */
    public record Channel(char component, int shift, int bits) {
        public long max() {
            return (1L << bits) - 1;
        }
    }

    public PixelFormat {
        channels = List.copyOf(channels);
    }

    /** Whether pixels of this format can be written and read back (its byte layout is known). */
    public boolean modelled() {
        return bytes > 0;
    }

    public boolean hasAlpha() {
        return channel('a').isPresent();
    }

    public Optional<Channel> channel(char component) {
        return channels.stream().filter(c -> c.component() == component).findFirst();
    }

    /**
     * The pixel at {@code offset} as 8-bit RGBA packed R | G<<8 | B<<16 | A<<24. Missing colour channels
     * read 0 and a missing alpha reads 255; raw formats show their first bytes as R, G, B, A.
     */
    public int toRgba8(byte[] data, int offset) {
        if (raw) {
            int rgba = 0xff00_0000;
            for (int i = 0; i < Math.min(bytes, 4); i++) {
                rgba = i == 3 ? (rgba & 0x00ff_ffff) | ((data[offset + i] & 0xff) << 24)
                        : rgba | ((data[offset + i] & 0xff) << (8 * i));
            }
            return rgba;
        }
        long bits = 0;
        for (int i = 0; i < bytes; i++) {
            bits |= (data[offset + i] & 0xffL) << (8 * i);
        }
        int rgba = 0xff00_0000;
        for (Channel c : channels) {
            long v = (bits >>> c.shift()) & c.max();
            int v8 = (int) Math.round(v * 255.0 / c.max());
            int shift = switch (c.component()) {
                case 'r' -> 0;
                case 'g' -> 8;
                case 'b' -> 16;
                default -> 24;
            };
            rgba = (rgba & ~(0xff << shift)) | (v8 << shift);
        }
        return rgba;
    }
}
