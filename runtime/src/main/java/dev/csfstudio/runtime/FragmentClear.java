package dev.csfstudio.runtime;

import dev.csfstudio.program.Section;
import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.EnumType;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.isa.PixelFormat;
import dev.csfstudio.isa.PixelFormats;
import dev.csfstudio.isa.TileBufferFormat;

/**
 * RUN_FRAGMENT without shaders: decodes the tagged framebuffer pointer in d40, the Framebuffer
 * Parameters (whose render-target count and ZS/CRC flag it follows, as pandecode does), the padding block,
 * the optional ZS/CRC extension and each render target (field positions from {@link DescriptorSet}),
 * then fills the job's bounding box (r42/r43) ∩ the FBD bounds ∩ the frame with each write-enabled
 * render target's clear colour, in linear or u-interleaved layout. Every byte written is charged to the
 * run's {@link StepMeter}, which stops a job that would outlast the run's limits.
 *
 * <p>Clear colour: the clear words hold the colour as the tile buffer does, in the render target's
 * internal format (mesa's {@code pan_pack_color}); the writeback rounds it to the writeback format
 * ({@link ClearColor#writeback}).
 */
final class FragmentClear {

    static final String CLEAR_NOTE = "clear colour: each render target's clear words are read as the tile-buffer"
            + " value of its internal format (as mesa's pan_pack_color packs them) and rounded to nearest in the"
            + " writeback format";
    static final String DITHER_NOTE = "dithering: the hardware's dither pattern is not known, so a dithered clear"
            + " (fraction bits in the tile-buffer value) is written back rounded to nearest, without dither";

    private static final DescriptorSet DESCRIPTORS = DescriptorSet.v10();
    private static final DescriptorDef PARAMS = DESCRIPTORS.get("framebuffer_parameters");
    private static final DescriptorDef PADDING = DESCRIPTORS.get("padding");
    private static final DescriptorDef ZS_CRC = DESCRIPTORS.get("zs_crc_extension");
    private static final DescriptorDef RT = DESCRIPTORS.get("render_target");
    private static final EnumType BLOCK_FORMAT = DESCRIPTORS.enumType("block_format").orElseThrow();
    private static final long LINEAR = BLOCK_FORMAT.values().get("linear");
    private static final long U_INTERLEAVED = BLOCK_FORMAT.values().get("tiled_u_interleaved");
    private static final long NO_WRITE = BLOCK_FORMAT.values().get("no_write");
    private static final int FRAMEBUFFER_POINTER = register("framebuffer_pointer");
    private static final int BBOX_MIN = register("bbox_min");
    private static final int BBOX_MAX = register("bbox_max");
    /** The render target swizzle that writes R, G, B, A in order. */
    private static final long IDENTITY_SWIZZLE = 0x688;

    private final PhysicalMemory memory;
    private final Mmu mmu;
    private final RunRecorder recorder;
    private final StepMeter meter;
    private HostAccess host;

    FragmentClear(PhysicalMemory memory, Mmu mmu, RunRecorder recorder, StepMeter meter) {
        this.memory = memory;
        this.mmu = mmu;
        this.recorder = recorder;
        this.meter = meter;
    }

    void attach(HostAccess host) {
        this.host = host;
    }

    /** Runs the fragment job of the RUN_FRAGMENT {@code word} at {@code pc}; returns the steps of work it cost. */
    long run(Queue q, long pc, long word) {
        long before = meter.workSteps();
        clear(q, word);
        meter.check(pc);
        return meter.workSteps() - before;
    }

    private void clear(Queue q, long word) {
        long pointer = q.register64(FRAMEBUFFER_POINTER);
        if ((pointer & 1) == 0) {
            throw new GpuFault(FaultKind.INVALID_DESCRIPTOR, pointer, "RUN_FRAGMENT: d" + FRAMEBUFFER_POINTER + " = "
                    + GpuFault.hex(pointer) + " is not a framebuffer pointer (bit 0 must be set)");
        }
        if ((word & 1) != 0) {
            recorder.note("RUN_FRAGMENT with the tile enable map: the map is ignored, every tile in the bounding box is cleared");
        }
        long fbd = pointer & ~(DescriptorSet.FBD_ALIGNMENT - 1);
        boolean tagZsCrc = (pointer & 2) != 0;
        int tagRts = (int) ((pointer >>> 2) & 0xf) + 1;
        byte[] params = read(q.slot, fbd, PARAMS.size());
        int width = (int) field(PARAMS, "width", params);
        int height = (int) field(PARAMS, "height", params);
        int boundMinX = (int) field(PARAMS, "bound_min_x", params);
        int boundMinY = (int) field(PARAMS, "bound_min_y", params);
        int boundMaxX = (int) field(PARAMS, "bound_max_x", params);
        int boundMaxY = (int) field(PARAMS, "bound_max_y", params);
        // As pandecode does: the FBD's own fields say how many render targets and whether an extension follows.
        int rtCount = (int) field(PARAMS, "rt_count", params);
        boolean zsCrc = field(PARAMS, "has_zs_crc_extension", params) != 0;
        if (rtCount != tagRts) {
            recorder.note("framebuffer pointer in d" + FRAMEBUFFER_POINTER + " says " + tagRts + " render target(s), the"
                    + " FBD's render target count says " + rtCount + "; the FBD's count is used");
        }
        if (zsCrc != tagZsCrc) {
            recorder.note("framebuffer pointer in d" + FRAMEBUFFER_POINTER + " says the ZS/CRC extension is "
                    + (tagZsCrc ? "present" : "absent") + ", the FBD's Has ZS CRC Extension says "
                    + (zsCrc ? "present" : "absent") + "; the FBD is followed");
        }
        if (field(PARAMS, "sample_count", params) != 1) {
            recorder.note("multisampled framebuffer: only sample 0 is cleared");
        }
        int bboxMin = q.regs[BBOX_MIN];
        int bboxMax = q.regs[BBOX_MAX];
        RunReport.Region region = new RunReport.Region(
                max(bboxMin & 0xffff, boundMinX, 0), max(bboxMin >>> 16, boundMinY, 0),
                min(bboxMax & 0xffff, boundMaxX, width - 1), min(bboxMax >>> 16, boundMaxY, height - 1));

        long rtBase = fbd + PARAMS.size() + PADDING.size();
        if (zsCrc) {
            rtBase += ZS_CRC.size();
            recorder.note("ZS/CRC extension present: depth/stencil writeback and CRC are not modelled");
        }
        recorder.note(CLEAR_NOTE);
        for (int k = 0; k < rtCount; k++) {
            long at = rtBase + (long) k * RT.size();
            clearRenderTarget(q, at, k, read(q.slot, at, RT.size()), width, height, region);
        }
    }

    private void clearRenderTarget(Queue q, long at, int index, byte[] rt, int width, int height,
                                   RunReport.Region region) {
        String which = "render target " + index + " at " + GpuFault.hex(at);
        if (field(RT, "write_enable", rt) == 0) {
            return;
        }
        long layout = field(RT, "layout", rt);
        if (layout == NO_WRITE) {
            return;
        }
        long formatValue = field(RT, "format", rt);
        PixelFormat format = PixelFormats.byValue(formatValue).orElse(null);
        if (format == null || !format.modelled() || format.bytes() > 16) {
            recorder.note(which + ": writeback format " + (format == null ? formatValue : format.name())
                    + " is not supported; not cleared");
            return;
        }
        long internalValue = field(RT, "internal_format", rt);
        TileBufferFormat internal = PixelFormats.internalByValue(internalValue).orElse(null);
        if (internal == null) {
            recorder.note(which + ": internal format " + internalValue + " is no tile-buffer format; not cleared");
            return;
        }
        if (layout != LINEAR && layout != U_INTERLEAVED) {
            recorder.note(which + ": block format " + BLOCK_FORMAT.nameOf(layout).orElse(String.valueOf(layout))
                    + " is not supported (AFBC and other compressed layouts are not modelled); not cleared");
            return;
        }
        if (field(RT, "yuv_enable", rt) != 0 || field(RT, "writeback_msaa", rt) != 0
                || field(RT, "swizzle", rt) != IDENTITY_SWIZZLE) {
            recorder.note(which + ": YUV, writeback MSAA and swizzles are ignored; the clear colour is written in "
                    + "R, G, B, A order");
        }
        ClearColor.Decoded clear = ClearColor.ofRenderTarget(rt, 0).orElseThrow();
        if (internal.blendable() && !format.raw() && ditherBits(internal, clear.words()[0])) {
            recorder.note(which + ": " + DITHER_NOTE);
        }
        long base = field(RT, "base", rt);
        long rowStride = field(RT, "row_stride", rt);
        int bpp = format.bytes();
        byte[] pixel = ClearColor.writeback(internal, format, clear.words());
        RenderTarget.Layout kind = layout == LINEAR ? RenderTarget.Layout.LINEAR : RenderTarget.Layout.TILED_U_INTERLEAVED;
        if (!region.empty()) {
            if (kind == RenderTarget.Layout.LINEAR) {
                clearLinear(q.slot, base, rowStride, bpp, pixel, region);
            } else {
                clearTiled(q.slot, base, rowStride, bpp, pixel, region);
            }
        }
        Section section = recorder.sectionAt(q.vm, base);
        String name = section == null ? "rt_0x" + Long.toHexString(base) : section.name();
        recorder.renderTarget(new RenderTarget(name, q.vm, base, width, height, format, kind, rowStride, region, clear,
                host));
    }

    /** Whether the tile-buffer value has fraction bits set: a dithered clear whose dither is not modelled. */
    private static boolean ditherBits(TileBufferFormat internal, int value) {
        for (TileBufferFormat.Channel c : internal.channels()) {
            long fraction = (value >>> c.shift()) & ((1L << c.fractionBits()) - 1);
            if (fraction != 0 && c.integerBits() > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rows are written a page at a time from one pattern of a page plus a pixel: a chunk that starts
     * {@code r} bytes into its span copies from offset {@code r mod bpp}, so every chunk is one arraycopy.
     * When the rows touch (row stride = cleared row bytes) the whole region is one span of whole pages.
     */
    void clearLinear(int slot, long base, long rowStride, int bpp, byte[] pixel, RunReport.Region region) {
        byte[] pattern = repeat(pixel, PhysicalMemory.PAGE_SIZE / bpp + 2);
        long rowBytes = (long) region.width() * bpp;
        long first = base + region.minY() * rowStride + (long) region.minX() * bpp;
        if (rowStride == rowBytes) {
            fillSpan(slot, first, rowBytes * region.height(), pattern, bpp);
            return;
        }
        for (int y = 0; y < region.height(); y++) {
            fillSpan(slot, first + y * rowStride, rowBytes, pattern, bpp);
        }
    }

    private void fillSpan(int slot, long va, long length, byte[] pattern, int bpp) {
        long done = 0;
        while (done < length) {
            long at = va + done;
            long pa = mmu.translate(slot, at);
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.write(pa, pattern, (int) (done % bpp), n);
            done += n;
            meter.chargeBytes(n, at);
        }
    }

    /** Whole tiles inside the region are one block of the colour; edge tiles go pixel by pixel. */
    void clearTiled(int slot, long base, long rowStride, int bpp, byte[] pixel, RunReport.Region region) {
        int tile = UInterleave.TILE;
        byte[] block = repeat(pixel, UInterleave.TILE_PIXELS);
        for (int ty = region.minY() / tile; ty <= region.maxY() / tile; ty++) {
            for (int tx = region.minX() / tile; tx <= region.maxX() / tile; tx++) {
                long tileVa = base + ty * rowStride + (long) tx * block.length;
                int x0 = tx * tile, y0 = ty * tile;
                if (x0 >= region.minX() && y0 >= region.minY() && x0 + tile - 1 <= region.maxX()
                        && y0 + tile - 1 <= region.maxY()) {
                    write(slot, tileVa, block, block.length);
                    meter.chargeBytes(block.length, tileVa);
                    continue;
                }
                long written = 0;
                for (int y = Math.max(y0, region.minY()); y <= Math.min(y0 + tile - 1, region.maxY()); y++) {
                    for (int x = Math.max(x0, region.minX()); x <= Math.min(x0 + tile - 1, region.maxX()); x++) {
                        write(slot, tileVa + (long) UInterleave.index(x - x0, y - y0) * bpp, pixel, bpp);
                        written += bpp;
                    }
                }
                meter.chargeBytes(written, tileVa);
            }
        }
    }

    private static byte[] repeat(byte[] pixel, int count) {
        byte[] out = new byte[pixel.length * count];
        if (out.length == 0) {
            return out;
        }
        System.arraycopy(pixel, 0, out, 0, pixel.length);
        for (int filled = pixel.length; filled < out.length; filled *= 2) {
            System.arraycopy(out, 0, out, filled, Math.min(filled, out.length - filled));
        }
        return out;
    }

    /** GPU write through the MMU, split at page boundaries. */
    private void write(int slot, long va, byte[] src, int length) {
        int done = 0;
        while (done < length) {
            long at = va + done;
            long pa = mmu.translate(slot, at);
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.write(pa, src, done, n);
            done += n;
        }
    }

    private byte[] read(int slot, long va, int length) {
        byte[] out = new byte[length];
        int done = 0;
        while (done < length) {
            long at = va + done;
            long pa = mmu.translate(slot, at);
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.read(pa, out, done, n);
            done += n;
        }
        return out;
    }

    private static long field(DescriptorDef def, String name, byte[] data) {
        return def.field(name).orElseThrow(() -> new IllegalStateException(def.name() + " lacks " + name)).read(data, 0);
    }

    private static int max(int a, int b, int c) {
        return Math.max(a, Math.max(b, c));
    }

    private static int min(int a, int b, int c) {
        return Math.min(a, Math.min(b, c));
    }

    private static int register(String name) {
        for (NamedRegister r : InstructionSet.v10().namedRegisters()) {
            if (r.name().equals(name)) {
                return Integer.parseInt(r.register().substring(1));
            }
        }
        throw new IllegalStateException("instruction table names no register " + name);
    }
}
