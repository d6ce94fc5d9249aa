package dev.csfstudio.runtime;

import dev.csfstudio.program.Section;
import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.PixelFormat;

import java.util.Optional;
import dev.csfstudio.runtime.device.FramebufferDescriptor;
import dev.csfstudio.runtime.device.UInterleave;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * A render target a fragment job wrote. Pixels are read back on demand through {@link HostAccess}
 * (never kept in the report), detiled, and converted to 8-bit RGBA.
 */
public final class RenderTarget {

    /** Writeback block layouts the clear executor writes. */
    public enum Layout {
        LINEAR, TILED_U_INTERLEAVED;

        public String jsonName() {
            return this == LINEAR ? "linear" : "tiled_u_interleaved";
        }
    }

    private final String buffer;
    private final String vm;
    private final long address;
    private final int width;
    private final int height;
    private final PixelFormat format;
    private final Layout layout;
    private final long rowStride;
    private final RunReport.Region region;
    private final ClearColor.Decoded clear;
    private final HostAccess memory;

    RenderTarget(String buffer, String vm, long address, int width, int height, PixelFormat format, Layout layout,
                 long rowStride, RunReport.Region region, ClearColor.Decoded clear, HostAccess memory) {
        this.buffer = buffer;
        this.vm = vm;
        this.address = address;
        this.width = width;
        this.height = height;
        this.format = format;
        this.layout = layout;
        this.rowStride = rowStride;
        this.region = region;
        this.clear = clear;
        this.memory = memory;
    }

    /** The target {@code rt} of {@code fbd} in VM {@code vm}, named after the buffer its base is in. */
    public static RenderTarget of(FramebufferDescriptor.Writable rt, String vm, FramebufferDescriptor fbd,
                           RunReport.Region region, RunRecorder recorder, HostAccess memory) {
        Section section = recorder.sectionAt(vm, rt.base());
        String name = section == null ? "rt_0x" + Long.toHexString(rt.base()) : section.name();
        return new RenderTarget(name, vm, rt.base(), fbd.width, fbd.height, rt.format(), rt.layout(), rt.rowStride(),
                region, rt.clear(), memory);
    }

    /** The buffer holding the pixels (or {@code rt_0x<address>} when no buffer contains the address). */
    public String buffer() {
        return buffer;
    }

    public String vm() {
        return vm;
    }

    public long address() {
        return address;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public PixelFormat format() {
        return format;
    }

    public Layout layout() {
        return layout;
    }

    public long rowStride() {
        return rowStride;
    }

    /** The pixels cleared (union over every fragment job that wrote this target). */
    public RunReport.Region region() {
        return region;
    }

    /** The clear colour of the last job that cleared this target, decoded from its tile-buffer words. */
    public Optional<ClearColor.Decoded> clear() {
        return Optional.ofNullable(clear);
    }

    public String pngName() {
        return buffer + ".png";
    }

    public RenderTarget withRegion(RunReport.Region more) {
        return new RenderTarget(buffer, vm, address, width, height, format, layout, rowStride, region.union(more),
                clear, memory);
    }

    /**
     * The whole frame, row by row, as {@code R | G << 8 | B << 16 | A << 24}. Pixels whose memory cannot be
     * read (outside any mapping) are 0.
     */
    public int[] pixels() {
        if ((long) width * height > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException(width + "x" + height + " pixels do not fit one array");
        }
        int bpp = format.bytes();
        int[] out = new int[width * height];
        if (layout == Layout.LINEAR) {
            for (int y = 0; y < height; y++) {
                try {
                    byte[] row = memory.read(vm, address + y * rowStride, width * bpp);
                    for (int x = 0; x < width; x++) {
                        out[y * width + x] = format.toRgba8(row, x * bpp);
                    }
                } catch (HostAccessException unreadable) {
                    // leave the row transparent black
                }
            }
            return out;
        }
        int tileBytes = UInterleave.TILE_PIXELS * bpp;
        for (int ty = 0; ty * UInterleave.TILE < height; ty++) {
            for (int tx = 0; tx * UInterleave.TILE < width; tx++) {
                byte[] tile;
                try {
                    tile = memory.read(vm, address + ty * rowStride + (long) tx * tileBytes, tileBytes);
                } catch (HostAccessException unreadable) {
                    continue;
                }
                for (int iy = 0; iy < UInterleave.TILE; iy++) {
                    int y = ty * UInterleave.TILE + iy;
                    for (int ix = 0; ix < UInterleave.TILE; ix++) {
                        int x = tx * UInterleave.TILE + ix;
                        if (x < width && y < height) {
                            out[y * width + x] = format.toRgba8(tile, UInterleave.index(ix, iy) * bpp);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The frame as an 8-bit RGBA PNG, detiled, as its memory is now. */
    public byte[] png() {
        return PngEncoder.encode(width, height, pixels());
    }
}
