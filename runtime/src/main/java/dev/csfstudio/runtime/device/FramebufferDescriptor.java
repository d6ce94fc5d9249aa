package dev.csfstudio.runtime.device;

import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.EnumType;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.isa.PixelFormat;
import dev.csfstudio.isa.PixelFormats;
import dev.csfstudio.isa.TileBufferFormat;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunReport;

/**
 * The framebuffer descriptor a tagged pointer (the fragment job's d40) names, read the way the fragment
 * executor reads it, with field positions, sizes and registers by name from the run's architecture
 * ({@link Layout}: its {@link DescriptorSet} and instruction table): the Framebuffer Parameters, the
 * padding block, the optional ZS/CRC extension and the render targets, whose count and extension flag
 * come from the FBD's own fields as pandecode reads them. The clear executor and the debugger's view of
 * the render targets both decode through here; they differ only in how they read memory.
 */
public final class FramebufferDescriptor {

    /** Reads {@code length} bytes at GPU VA {@code va}, throwing the reader's own unchecked error. */
    @FunctionalInterface
    public interface Reader {
        byte[] read(long va, int length);
    }

    /**
     * One architecture's framebuffer layout: the descriptors, block formats and fragment-job registers its
     * tables give by name (v12's parameters and padding differ in size from v10's, its strides in width).
     */
    public static final class Layout {
        private static final Map<Arch, Layout> BY_ARCH = new EnumMap<>(Arch.class);

        final Arch arch;
        final DescriptorSet descriptors;
        public final DescriptorDef params;
        final DescriptorDef padding;
        final DescriptorDef zsCrc;
        public final DescriptorDef rt;
        final EnumType blockFormat;
        final long linear;
        final long uInterleaved;
        final long noWrite;
        public final int framebufferPointer;
        public final int bboxMin;
        public final int bboxMax;

        private Layout(Arch arch) {
            this.arch = arch;
            this.descriptors = arch.descriptors();
            this.params = descriptors.get(DescriptorSet.FRAMEBUFFER_PARAMETERS);
            this.padding = descriptors.get(DescriptorSet.PADDING);
            this.zsCrc = descriptors.get(DescriptorSet.ZS_CRC_EXTENSION);
            this.rt = descriptors.get(DescriptorSet.RENDER_TARGET);
            this.blockFormat = descriptors.enumType("block_format").orElseThrow();
            this.linear = blockFormat.values().get("linear");
            this.uInterleaved = blockFormat.values().get("tiled_u_interleaved");
            this.noWrite = blockFormat.values().get("no_write");
            this.framebufferPointer = register(arch, "framebuffer_pointer");
            this.bboxMin = register(arch, "bbox_min");
            this.bboxMax = register(arch, "bbox_max");
        }

        /** The layout of {@code arch}'s tables, read once. */
        public static synchronized Layout of(Arch arch) {
            return BY_ARCH.computeIfAbsent(arch, Layout::new);
        }

        /** Why {@code pointer} names no framebuffer descriptor, or null when it does. */
        public String pointerProblem(long pointer) {
            return (pointer & 1) == 0 ? "d" + framebufferPointer + " = " + GpuFault.hex(pointer)
                    + " is not a framebuffer pointer (bit 0 must be set)" : null;
        }

        /** Reads the Framebuffer Parameters the (valid, see {@link #pointerProblem}) {@code pointer} names. */
        public FramebufferDescriptor read(long pointer, Reader reader) {
            long address = pointer & ~(DescriptorSet.FBD_ALIGNMENT - 1);
            return new FramebufferDescriptor(this, pointer, reader.read(address, params.size()));
        }
    }

    /** The render target swizzle that writes R, G, B, A in order. */
    private static final long IDENTITY_SWIZZLE = 0x688;

    /** One render-target descriptor: one the executor writes, one switched off, or one it cannot write. */
    public sealed interface Target permits Writable, Disabled, Unsupported {
        int index();

        long address();
    }

    /**
     * A render target the clear executor writes.
     *
     * @param ignoredFeatures YUV, writeback MSAA or a swizzle other than RGBA are set (and ignored)
     */
    public record Writable(int index, long address, PixelFormat format, TileBufferFormat internal, RenderTarget.Layout layout,
                    long base, long rowStride, ClearColor.Decoded clear, boolean ignoredFeatures) implements Target {
    }

    /** A render target the job does not write (write_enable 0 or the no_write block format). */
    public record Disabled(int index, long address, String reason) implements Target {
    }

    /** A render target the model cannot write, and why. */
    public record Unsupported(int index, long address, String reason) implements Target {
    }

    final Layout layout;
    final long pointer;
    public final long address;
    public final byte[] params;
    public final int width;
    public final int height;
    public final int rtCount;
    final boolean zsCrc;

    private FramebufferDescriptor(Layout layout, long pointer, byte[] params) {
        this.layout = layout;
        this.pointer = pointer;
        this.address = pointer & ~(DescriptorSet.FBD_ALIGNMENT - 1);
        this.params = params;
        this.width = (int) field(layout.params, "width", params);
        this.height = (int) field(layout.params, "height", params);
        this.rtCount = (int) field(layout.params, "rt_count", params);
        this.zsCrc = field(layout.params, "has_zs_crc_extension", params) != 0;
    }

    /** Whether the pointer's tag says a ZS/CRC extension follows (the FBD's own flag rules). */
    boolean tagZsCrc() {
        return (pointer & 2) != 0;
    }

    /** Render targets the pointer's tag counts (the FBD's own count rules). */
    int tagRenderTargets() {
        return (int) ((pointer >>> 2) & 0xf) + 1;
    }

    long parameter(String name) {
        return field(layout.params, name, params);
    }

    /** The pixels a fragment job with these bounding-box registers writes: bbox ∩ FBD bounds ∩ frame. */
    public RunReport.Region region(int bboxMin, int bboxMax) {
        return new RunReport.Region(
                max(bboxMin & 0xffff, (int) parameter("bound_min_x"), 0),
                max(bboxMin >>> 16, (int) parameter("bound_min_y"), 0),
                min(bboxMax & 0xffff, (int) parameter("bound_max_x"), width - 1),
                min(bboxMax >>> 16, (int) parameter("bound_max_y"), height - 1));
    }

    /** The GPU VA of render-target descriptor {@code k}. */
    public long renderTargetAddress(int k) {
        return address + layout.params.size() + layout.padding.size() + (zsCrc ? layout.zsCrc.size() : 0)
                + (long) k * layout.rt.size();
    }

    /** Decodes render-target descriptor {@code k} from its bytes {@code rt}. */
    public Target target(int k, byte[] rt) {
        long at = renderTargetAddress(k);
        if (field(layout.rt, "write_enable", rt) == 0) {
            return new Disabled(k, at, "write_enable is 0");
        }
        long block = field(layout.rt, "layout", rt);
        if (block == layout.noWrite) {
            return new Disabled(k, at, "block format no_write");
        }
        long formatValue = field(layout.rt, "format", rt);
        PixelFormat format = PixelFormats.byValue(formatValue).orElse(null);
        if (format == null || !format.modelled() || format.bytes() > 16) {
            return new Unsupported(k, at, "writeback format " + (format == null ? formatValue : format.name())
                    + " is not supported");
        }
        long internalValue = field(layout.rt, "internal_format", rt);
        TileBufferFormat internal = PixelFormats.internalByValue(internalValue).orElse(null);
        if (internal == null) {
            return new Unsupported(k, at, "internal format " + internalValue + " is no tile-buffer format");
        }
        if (block != layout.linear && block != layout.uInterleaved) {
            return new Unsupported(k, at, "block format " + layout.blockFormat.nameOf(block).orElse(String.valueOf(block))
                    + " is not supported (AFBC and other compressed layouts are not modelled)");
        }
        boolean ignored = field(layout.rt, "yuv_enable", rt) != 0 || field(layout.rt, "writeback_msaa", rt) != 0
                || field(layout.rt, "swizzle", rt) != IDENTITY_SWIZZLE;
        return new Writable(k, at, format, internal,
                block == layout.linear ? RenderTarget.Layout.LINEAR : RenderTarget.Layout.TILED_U_INTERLEAVED,
                field(layout.rt, "base", rt), field(layout.rt, "row_stride", rt),
                ClearColor.ofRenderTarget(layout.descriptors, rt, 0).orElseThrow(),
                ignored);
    }

    /** Every field of {@code def} by name, as stored in {@code data}. */
    public static Map<String, Long> fields(DescriptorDef def, byte[] data) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (DescriptorField f : def.fields()) {
            if (f.overlays() == null) {
                out.put(f.name(), f.read(data, 0));
            }
        }
        return out;
    }

    private static long field(DescriptorDef def, String name, byte[] data) {
        java.util.Optional<DescriptorField> f = def.field(name);
        if (f.isEmpty()) {
            throw new IllegalStateException(def.name() + " lacks " + name);
        }
        return f.get().read(data, 0);
    }

    private static int max(int a, int b, int c) {
        return Math.max(a, Math.max(b, c));
    }

    private static int min(int a, int b, int c) {
        return Math.min(a, Math.min(b, c));
    }

    private static int register(Arch arch, String name) {
        for (NamedRegister r : arch.instructionSet().namedRegisters()) {
            if (r.name().equals(name)) {
                return Integer.parseInt(r.register().substring(1));
            }
        }
        throw new IllegalStateException("instruction table names no register " + name);
    }
}
