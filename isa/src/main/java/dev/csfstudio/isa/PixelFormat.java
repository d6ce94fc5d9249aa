package dev.csfstudio.isa;

import java.util.List;

/**
 * A writeback pixel format. Pixels are little-endian; channels are listed from the least significant bit.
 *
 * @param internalFormat the tile-buffer format a render target of this format uses by default
 */
public record PixelFormat(String name, int value, int bytes, List<Channel> channels, String internalFormat) {

    /** One colour channel: which component ('r', 'g', 'b' or 'a'), its bit offset and width. */
    public record Channel(char component, int shift, int bits) {
        long max() {
            return (1L << bits) - 1;
        }
    }

    public PixelFormat {
        channels = List.copyOf(channels);
    }

    public boolean raw() {
        return channels.isEmpty();
    }

    /**
     * Packs an RGBA colour (components 0..1, clamped) as unsigned normalised channels, rounded to nearest.
     * Raw formats take the colour as R8G8B8A8 in their first four bytes.
     */
    public byte[] pack(double r, double g, double b, double a) {
        byte[] out = new byte[bytes];
        if (raw()) {
            PixelFormat rgba8 = PixelFormats.byName("R8G8B8A8");
            byte[] px = rgba8.pack(r, g, b, a);
            System.arraycopy(px, 0, out, 0, Math.min(out.length, px.length));
            return out;
        }
        long bits = 0;
        for (Channel c : channels) {
            double v = switch (c.component()) {
                case 'r' -> r;
                case 'g' -> g;
                case 'b' -> b;
                default -> a;
            };
            long q = Math.round(Math.max(0, Math.min(1, v)) * c.max());
            bits |= q << c.shift();
        }
        for (int i = 0; i < bytes; i++) {
            out[i] = (byte) (bits >>> (8 * i));
        }
        return out;
    }

    /**
     * The pixel at {@code offset} as 8-bit RGBA packed R | G<<8 | B<<16 | A<<24. Missing colour channels
     * read 0 and a missing alpha reads 255; raw formats show their first bytes as R, G, B, A.
     */
    public int toRgba8(byte[] data, int offset) {
        if (raw()) {
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
