package dev.csfstudio.runtime;

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

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The framebuffer descriptor a tagged pointer (the fragment job's d40) names, read the way the fragment
 * executor reads it, with field positions from {@link DescriptorSet}: the Framebuffer Parameters, the
 * padding block, the optional ZS/CRC extension and the render targets, whose count and extension flag
 * come from the FBD's own fields as pandecode reads them. The clear executor and the debugger's view of
 * the render targets both decode through here; they differ only in how they read memory.
 */
final class FramebufferDescriptor {

    /** Reads {@code length} bytes at GPU VA {@code va}, throwing the reader's own unchecked error. */
    @FunctionalInterface
    interface Reader {
        byte[] read(long va, int length);
    }

    /** The clear executor reads v10's layout: only v10's table binds RUN_FRAGMENT to {@code exec run_fragment}. */
    private static final Arch ARCH = Arch.V10;
    private static final DescriptorSet DESCRIPTORS = ARCH.descriptors();
    static final DescriptorDef PARAMS = DESCRIPTORS.get("framebuffer_parameters");
    static final DescriptorDef PADDING = DESCRIPTORS.get("padding");
    static final DescriptorDef ZS_CRC = DESCRIPTORS.get("zs_crc_extension");
    static final DescriptorDef RT = DESCRIPTORS.get("render_target");
    private static final EnumType BLOCK_FORMAT = DESCRIPTORS.enumType("block_format").orElseThrow();
    private static final long LINEAR = BLOCK_FORMAT.values().get("linear");
    private static final long U_INTERLEAVED = BLOCK_FORMAT.values().get("tiled_u_interleaved");
    private static final long NO_WRITE = BLOCK_FORMAT.values().get("no_write");
    static final int FRAMEBUFFER_POINTER = register("framebuffer_pointer");
    static final int BBOX_MIN = register("bbox_min");
    static final int BBOX_MAX = register("bbox_max");
    /** The render target swizzle that writes R, G, B, A in order. */
    private static final long IDENTITY_SWIZZLE = 0x688;

    /** One render-target descriptor: one the executor writes, one switched off, or one it cannot write. */
    sealed interface Target permits Writable, Disabled, Unsupported {
        int index();

        long address();
    }

    /**
     * A render target the clear executor writes.
     *
     * @param ignoredFeatures YUV, writeback MSAA or a swizzle other than RGBA are set (and ignored)
     */
    record Writable(int index, long address, PixelFormat format, TileBufferFormat internal, RenderTarget.Layout layout,
                    long base, long rowStride, ClearColor.Decoded clear, boolean ignoredFeatures) implements Target {
    }

    /** A render target the job does not write (write_enable 0 or the no_write block format). */
    record Disabled(int index, long address, String reason) implements Target {
    }

    /** A render target the model cannot write, and why. */
    record Unsupported(int index, long address, String reason) implements Target {
    }

    final long pointer;
    final long address;
    final byte[] params;
    final int width;
    final int height;
    final int rtCount;
    final boolean zsCrc;

    private FramebufferDescriptor(long pointer, byte[] params) {
        this.pointer = pointer;
        this.address = pointer & ~(DescriptorSet.FBD_ALIGNMENT - 1);
        this.params = params;
        this.width = (int) field(PARAMS, "width", params);
        this.height = (int) field(PARAMS, "height", params);
        this.rtCount = (int) field(PARAMS, "rt_count", params);
        this.zsCrc = field(PARAMS, "has_zs_crc_extension", params) != 0;
    }

    /** Why {@code pointer} names no framebuffer descriptor, or null when it does. */
    static String pointerProblem(long pointer) {
        return (pointer & 1) == 0 ? "d" + FRAMEBUFFER_POINTER + " = " + GpuFault.hex(pointer)
                + " is not a framebuffer pointer (bit 0 must be set)" : null;
    }

    /** Reads the Framebuffer Parameters the (valid, see {@link #pointerProblem}) {@code pointer} names. */
    static FramebufferDescriptor read(long pointer, Reader reader) {
        long address = pointer & ~(DescriptorSet.FBD_ALIGNMENT - 1);
        return new FramebufferDescriptor(pointer, reader.read(address, PARAMS.size()));
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
        return field(PARAMS, name, params);
    }

    /** The pixels a fragment job with these bounding-box registers writes: bbox ∩ FBD bounds ∩ frame. */
    RunReport.Region region(int bboxMin, int bboxMax) {
        return new RunReport.Region(
                max(bboxMin & 0xffff, (int) parameter("bound_min_x"), 0),
                max(bboxMin >>> 16, (int) parameter("bound_min_y"), 0),
                min(bboxMax & 0xffff, (int) parameter("bound_max_x"), width - 1),
                min(bboxMax >>> 16, (int) parameter("bound_max_y"), height - 1));
    }

    /** The GPU VA of render-target descriptor {@code k}. */
    long renderTargetAddress(int k) {
        return address + PARAMS.size() + PADDING.size() + (zsCrc ? ZS_CRC.size() : 0) + (long) k * RT.size();
    }

    /** Decodes render-target descriptor {@code k} from its bytes {@code rt}. */
    Target target(int k, byte[] rt) {
        long at = renderTargetAddress(k);
        if (field(RT, "write_enable", rt) == 0) {
            return new Disabled(k, at, "write_enable is 0");
        }
        long layout = field(RT, "layout", rt);
        if (layout == NO_WRITE) {
            return new Disabled(k, at, "block format no_write");
        }
        long formatValue = field(RT, "format", rt);
        PixelFormat format = PixelFormats.byValue(formatValue).orElse(null);
        if (format == null || !format.modelled() || format.bytes() > 16) {
            return new Unsupported(k, at, "writeback format " + (format == null ? formatValue : format.name())
                    + " is not supported");
        }
        long internalValue = field(RT, "internal_format", rt);
        TileBufferFormat internal = PixelFormats.internalByValue(internalValue).orElse(null);
        if (internal == null) {
            return new Unsupported(k, at, "internal format " + internalValue + " is no tile-buffer format");
        }
        if (layout != LINEAR && layout != U_INTERLEAVED) {
            return new Unsupported(k, at, "block format " + BLOCK_FORMAT.nameOf(layout).orElse(String.valueOf(layout))
                    + " is not supported (AFBC and other compressed layouts are not modelled)");
        }
        boolean ignored = field(RT, "yuv_enable", rt) != 0 || field(RT, "writeback_msaa", rt) != 0
                || field(RT, "swizzle", rt) != IDENTITY_SWIZZLE;
        return new Writable(k, at, format, internal,
                layout == LINEAR ? RenderTarget.Layout.LINEAR : RenderTarget.Layout.TILED_U_INTERLEAVED,
                field(RT, "base", rt), field(RT, "row_stride", rt), ClearColor.ofRenderTarget(DESCRIPTORS, rt, 0).orElseThrow(),
                ignored);
    }

    /** Every field of {@code def} by name, as stored in {@code data}. */
    static Map<String, Long> fields(DescriptorDef def, byte[] data) {
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

    private static int register(String name) {
        for (NamedRegister r : ARCH.instructionSet().namedRegisters()) {
            if (r.name().equals(name)) {
                return Integer.parseInt(r.register().substring(1));
            }
        }
        throw new IllegalStateException("instruction table names no register " + name);
    }
}
