package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.TileBufferFormat;

import java.util.ArrayList;
import java.util.List;
import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.FaultKind;
import dev.csfstudio.runtime.HostAccess;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * RUN_FRAGMENT without shaders: decodes the tagged framebuffer pointer in d40, the Framebuffer
 * Parameters (whose render-target count and ZS/CRC flag it follows, as pandecode does), the padding block,
 * the optional ZS/CRC extension and each render target ({@link FramebufferDescriptor}, field positions
 * from the run's architecture's {@link DescriptorSet}), then fills the job's bounding box (r42/r43) ∩ the FBD bounds ∩ the frame
 * with each write-enabled render target's clear colour, in linear or u-interleaved layout. Every byte written is charged to the
 * run's {@link StepMeter}, which stops a job that would outlast the run's limits.
 *
 * <p>Clear colour: the clear words hold the colour as the tile buffer does, in the render target's
 * internal format (mesa's {@code pan_pack_color}); the writeback rounds it to the writeback format
 * ({@link ClearColor#writeback}).
 */
public final class FragmentClear {

    static final String CLEAR_NOTE = "clear colour: each render target's clear words are read as the tile-buffer"
            + " value of its internal format (as mesa's pan_pack_color packs them) and rounded to nearest in the"
            + " writeback format";
    static final String DITHER_NOTE = "dithering: the hardware's dither pattern is not known, so a dithered clear"
            + " (fraction bits in the tile-buffer value) is written back rounded to nearest, without dither";

    private final PhysicalMemory memory;
    private final Mmu mmu;
    private final RunRecorder recorder;
    private final StepMeter meter;
    private final HostAccess host;
    private final WriteWatch watch;
    private final FramebufferDescriptor.Layout layout;

    FragmentClear(PhysicalMemory memory, Mmu mmu, RunRecorder recorder, StepMeter meter, HostAccess host,
                  WriteWatch watch, FramebufferDescriptor.Layout layout) {
        this.layout = layout;
        this.memory = memory;
        this.mmu = mmu;
        this.recorder = recorder;
        this.meter = meter;
        this.host = host;
        this.watch = watch;
    }

    /**
     * What a fragment job will write: each write-enabled render target's clear, its pixel in the writeback format
     * and the rows it covers, decided when the job is issued (the registers and descriptors as they are then).
     */
    record Plan(long pc, int slot, String vm, List<Clear> clears) {
        Plan {
            clears = List.copyOf(clears);
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("fragment job at 0x" + Long.toHexString(pc));
            for (Clear c : clears) {
                out.append("; clear ").append(java.util.Arrays.toString(c.pixel())).append(" over ").append(c.region())
                        .append(" at 0x").append(Long.toHexString(c.first())).append(" ").append(c.rows()).append("x")
                        .append(c.span()).append(" stride ").append(c.stride());
            }
            return out.toString();
        }

        /** Whether the job writes any of the {@code length} bytes at {@code va}. */
        boolean writes(long va, long length) {
            for (Clear t : clears) {
                if (t.writes(va, length)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * One render target's clear: {@code rows} spans of {@code span} bytes, {@code stride} apart from {@code first}
     * (rows of pixels when linear, rows of 16x16 tiles when u-interleaved).
     */
    record Clear(FramebufferDescriptor.Writable rt, FramebufferDescriptor fbd, RunReport.Region region, byte[] pixel,
                  long first, long span, long stride, long rows) {
        boolean writes(long va, long length) {
            if (region.empty() || va >= first + (rows - 1) * stride + span || va + length <= first) {
                return false;
            }
            long from = stride <= 0 ? 0 : Math.max(0, (va - first) / stride - 1);
            long to = stride <= 0 ? rows - 1 : Math.min(rows - 1, (va + length - first) / stride + 1);
            for (long r = from; r <= to; r++) {
                long start = first + r * stride;
                if (start < va + length && va < start + span) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Plans the fragment job of the RUN_FRAGMENT {@code word} at {@code pc}: what {@link #run} will write. */
    Plan plan(Queue q, long pc, long word) {
        List<Clear> clears = new ArrayList<>();
        clear(q, word, clears);
        return new Plan(pc, q.slot, q.vm, clears);
    }

    /** Writes a planned fragment job; returns the steps of work it cost. */
    long run(Plan plan) {
        long before = meter.workSteps();
        for (Clear t : plan.clears()) {
            int bpp = t.rt().format().bytes();
            if (!t.region().empty()) {
                if (t.rt().layout() == RenderTarget.Layout.LINEAR) {
                    clearLinear(plan.slot(), t.rt().base(), t.rt().rowStride(), bpp, t.pixel(), t.region());
                } else {
                    clearTiled(plan.slot(), t.rt().base(), t.rt().rowStride(), bpp, t.pixel(), t.region());
                }
            }
            recorder.renderTarget(RenderTarget.of(t.rt(), plan.vm(), t.fbd(), t.region(), recorder, host));
        }
        meter.check(plan.pc());
        return meter.workSteps() - before;
    }

    private void clear(Queue q, long word, List<Clear> clears) {
        long pointer = q.register64(layout.framebufferPointer);
        String problem = layout.pointerProblem(pointer);
        if (problem != null) {
            throw new GpuFault(FaultKind.INVALID_DESCRIPTOR, pointer, "RUN_FRAGMENT: " + problem);
        }
        if ((word & 1) != 0) {
            recorder.note("RUN_FRAGMENT with the tile enable map: the map is ignored, every tile in the bounding box is cleared");
        }
        FramebufferDescriptor.Reader gpu = (va, length) -> read(q.slot, va, length);
        FramebufferDescriptor fbd = layout.read(pointer, gpu);
        int d40 = layout.framebufferPointer;
        if (fbd.rtCount != fbd.tagRenderTargets()) {
            recorder.note("framebuffer pointer in d" + d40 + " says " + fbd.tagRenderTargets() + " render target(s), the"
                    + " FBD's render target count says " + fbd.rtCount + "; the FBD's count is used");
        }
        if (fbd.zsCrc != fbd.tagZsCrc()) {
            recorder.note("framebuffer pointer in d" + d40 + " says the ZS/CRC extension is "
                    + (fbd.tagZsCrc() ? "present" : "absent") + ", the FBD's Has ZS CRC Extension says "
                    + (fbd.zsCrc ? "present" : "absent") + "; the FBD is followed");
        }
        if (fbd.parameter("sample_count") != 1) {
            recorder.note("multisampled framebuffer: only sample 0 is cleared");
        }
        RunReport.Region region = fbd.region(q.regs[layout.bboxMin], q.regs[layout.bboxMax]);
        if (fbd.zsCrc) {
            recorder.note("ZS/CRC extension present: depth/stencil writeback and CRC are not modelled");
        }
        recorder.note(CLEAR_NOTE);
        for (int k = 0; k < fbd.rtCount; k++) {
            byte[] rt = read(q.slot, fbd.renderTargetAddress(k), layout.rt.size());
            FramebufferDescriptor.Target target = fbd.target(k, rt);
            String which = "render target " + k + " at " + GpuFault.hex(target.address());
            if (target instanceof FramebufferDescriptor.Unsupported u) {
                recorder.note(which + ": " + u.reason() + "; not cleared");
            } else if (target instanceof FramebufferDescriptor.Writable w) {
                clears.add(clear(which, w, fbd, region));
            }
        }
    }

    private Clear clear(String which, FramebufferDescriptor.Writable rt, FramebufferDescriptor fbd,
                        RunReport.Region region) {
        if (rt.ignoredFeatures()) {
            recorder.note(which + ": YUV, writeback MSAA and swizzles are ignored; the clear colour is written in "
                    + "R, G, B, A order");
        }
        ClearColor.Decoded clear = rt.clear();
        if (rt.internal().blendable() && !rt.format().raw() && ditherBits(rt.internal(), clear.words()[0])) {
            recorder.note(which + ": " + DITHER_NOTE);
        }
        int bpp = rt.format().bytes();
        byte[] pixel = ClearColor.writeback(rt.internal(), rt.format(), clear.words());
        if (region.empty()) {
            return new Clear(rt, fbd, region, pixel, 0, 0, 0, 0);
        }
        if (rt.layout() == RenderTarget.Layout.LINEAR) {
            return new Clear(rt, fbd, region, pixel, rt.base() + region.minY() * rt.rowStride()
                    + (long) region.minX() * bpp, (long) region.width() * bpp, rt.rowStride(), region.height());
        }
        int tile = UInterleave.TILE;
        long block = (long) UInterleave.TILE_PIXELS * bpp;
        long firstColumn = region.minX() / tile;
        return new Clear(rt, fbd, region, pixel, rt.base() + (region.minY() / tile) * rt.rowStride()
                + firstColumn * block, (region.maxX() / tile - firstColumn + 1) * block, rt.rowStride(),
                region.maxY() / tile - region.minY() / tile + 1);
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

    /** {@code length} bytes of a pixel repeated ({@code pattern}: a page and more of it), charged page by page. */
    private void fillSpan(int slot, long va, long length, byte[] pattern, int bpp) {
        writePages(slot, va, length, pattern, bpp, true);
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

    /** GPU write of {@code src}'s first {@code length} bytes, which the caller charges. */
    private void write(int slot, long va, byte[] src, int length) {
        writePages(slot, va, length, src, length, false);
    }

    /**
     * GPU write through the MMU, split at page boundaries: the piece at offset {@code done} comes from {@code src} at
     * {@code done % period} (a repeated pixel's size, or the whole length for bytes written once), each piece charged
     * to the meter when {@code charge}.
     */
    private void writePages(int slot, long va, long length, byte[] src, int period, boolean charge) {
        long done = 0;
        while (done < length) {
            long at = va + done;
            long pa = mmu.translate(slot, at, Access.WRITE);
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            if (watch.watches(pa)) {
                watch.writing(pa, n);
            }
            memory.write(pa, src, (int) (done % period), n);
            done += n;
            if (charge) {
                meter.chargeBytes(n, at);
            }
        }
    }

    private byte[] read(int slot, long va, int length) {
        byte[] out = new byte[length];
        int done = 0;
        while (done < length) {
            long at = va + done;
            long pa = mmu.translate(slot, at, Access.READ);
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.read(pa, out, done, n);
            done += n;
        }
        return out;
    }
}
