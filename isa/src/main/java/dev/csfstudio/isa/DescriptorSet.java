package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The descriptors of one architecture (the fragment job's, and those every RUN_* job reads), loaded from
 * {@code descriptors-v10.txt} or
 * {@code descriptors-v12.txt}; both use the pixel formats of {@code pixel-formats.txt} (genxml's v10 and v12
 * "Color Format" and "Color Buffer Internal Format" enumerations are the same).
 */
public final class DescriptorSet {

    /** Tagged framebuffer pointer: bit 0 set, bit 1 = ZS/CRC extension, bits 5:2 = render targets - 1. */
    public static final long FBD_ALIGNMENT = 64;

    public static final String FRAMEBUFFER_PARAMETERS = "framebuffer_parameters";
    public static final String PADDING = "padding";
    public static final String ZS_CRC_EXTENSION = "zs_crc_extension";
    public static final String RENDER_TARGET = "render_target";
    /** A shader program descriptor: what a job's shader pointers lead to (its binary is Valhall code). */
    public static final String SHADER_PROGRAM = "shader_program";

    /**
     * A descriptor whose layout one of its fields selects: read from memory, it is decoded with the layout the
     * field's value names ({@code variant plane plane_type afbc=afbc_plane ...}), else as itself.
     */
    public record Variant(String descriptor, String field, Map<Long, String> layouts) {
    }

    private final Map<String, DescriptorDef> descriptors;
    private final Map<String, EnumType> enums;
    private final Map<String, Variant> variants;

    private DescriptorSet(Map<String, DescriptorDef> descriptors, Map<String, EnumType> enums,
                          Map<String, Variant> variants) {
        this.descriptors = descriptors;
        this.enums = enums;
        this.variants = variants;
    }

    private static final class V10 {
        static final DescriptorSet SET = load("descriptors-v10.txt");
    }

    private static final class V12 {
        static final DescriptorSet SET = load("descriptors-v12.txt");
    }

    private static final class V13 {
        static final DescriptorSet SET = load("descriptors-v13.txt");
    }

    /** The Mali v10 descriptors: 64-byte framebuffer parameters and 64 bytes of padding. */
    public static DescriptorSet v10() {
        return V10.SET;
    }

    /** The Mali v12 descriptors: 72-byte framebuffer parameters (with the VRS image) and 56 bytes of padding. */
    public static DescriptorSet v12() {
        return V12.SET;
    }

    /** The Mali v13 descriptors: v12's with the HSR enables and v13's pre/post-frame shader modes. */
    public static DescriptorSet v13() {
        return V13.SET;
    }

    public DescriptorDef get(String name) {
        DescriptorDef d = descriptors.get(name);
        if (d == null) {
            throw new IllegalArgumentException("no descriptor " + name);
        }
        return d;
    }

    public List<DescriptorDef> all() {
        return List.copyOf(descriptors.values());
    }

    public Optional<EnumType> enumType(String name) {
        return Optional.ofNullable(enums.get(name));
    }

    /** The table's variant lines, by the descriptor whose layout a field selects. */
    public Map<String, Variant> variants() {
        return Map.copyOf(variants);
    }

    /**
     * The layout {@code def}'s bytes at {@code base} are decoded with: the descriptor its variant line names for the
     * value of the selecting field (an AFBC plane for a plane whose plane_type is afbc), else {@code def} itself.
     */
    public DescriptorDef layoutOf(DescriptorDef def, byte[] bytes, int base) {
        Variant variant = variants.get(def.name());
        if (variant == null) {
            return def;
        }
        Optional<DescriptorField> field = def.field(variant.field());
        if (field.isEmpty()) {
            return def;
        }
        String layout = variant.layouts().get(field.get().read(bytes, base));
        return layout == null ? def : get(layout);
    }

    /** The tagged pointer a fragment job reads from d40. */
    public static long framebufferPointer(long fbdAddress, int renderTargets, boolean zsCrcExtension) {
        return fbdAddress | 1L | (zsCrcExtension ? 2L : 0L) | ((long) (renderTargets - 1) & 0xf) << 2;
    }

    static DescriptorSet load(String resource) {
        Map<String, DescriptorDef> descriptors = new LinkedHashMap<>();
        Map<String, EnumType> enums = new LinkedHashMap<>();
        enums.put("writeback_format", PixelFormats.asEnum());
        enums.put("internal_format", PixelFormats.internalEnum());
        String name = null;
        int size = 0;
        List<DescriptorField> fields = new ArrayList<>();
        List<String[]> variantRows = new ArrayList<>();
        for (TableText.Row row : TableText.rows(resource)) {
            String[] w = row.words();
            switch (w[0]) {
                case "enum" -> enums.put(w[1], TableText.enumType(w));
                case "variant" -> {
                    String[] located = new String[w.length + 1];
                    located[0] = resource + ":" + row.line();
                    System.arraycopy(w, 0, located, 1, w.length);
                    variantRows.add(located);
                }
                case "descriptor" -> {
                    if (name != null) {
                        descriptors.put(name, descriptor(resource, name, size, fields));
                    }
                    name = w[1];
                    size = Integer.parseInt(w[2]);
                    fields = new ArrayList<>();
                }
                case "field" -> fields.add(field(resource + ":" + row.line(), row.text(), w, enums));
                default -> throw new IllegalStateException(resource + ":" + row.line() + ": unknown keyword " + w[0]);
            }
        }
        if (name != null) {
            descriptors.put(name, descriptor(resource, name, size, fields));
        }
        Map<String, Variant> variants = new LinkedHashMap<>();
        for (String[] v : variantRows) {
            variants.put(v[2], variant(v, descriptors));
        }
        return new DescriptorSet(descriptors, enums, variants);
    }

    /** {@code variant DESCRIPTOR FIELD VALUE=LAYOUT...}, each name checked against the table. */
    private static Variant variant(String[] v, Map<String, DescriptorDef> descriptors) {
        String where = v[0];
        DescriptorDef of = descriptors.get(v[2]);
        if (of == null) {
            throw new IllegalStateException(where + ": variant of no descriptor " + v[2]);
        }
        Optional<DescriptorField> named = of.field(v[3]);
        if (named.isEmpty()) {
            throw new IllegalStateException(where + ": " + v[2] + " has no field " + v[3]);
        }
        DescriptorField field = named.get();
        Map<Long, String> layouts = new LinkedHashMap<>();
        for (int i = 4; i < v.length; i++) {
            String[] kv = v[i].split("=");
            DescriptorDef layout = descriptors.get(kv[1]);
            if (layout == null || layout.size() != of.size()) {
                throw new IllegalStateException(where + ": " + kv[1] + " is no descriptor of " + of.size() + " bytes");
            }
            long value = field.enumType() != null && field.enumType().valueOf(kv[0]).isPresent()
                    ? field.enumType().valueOf(kv[0]).getAsLong() : Long.decode(kv[0]);
            layouts.put(value, kv[1]);
        }
        return new Variant(v[2], v[3], Map.copyOf(layouts));
    }

    /** A descriptor whose fields all lie inside its bytes. */
    private static DescriptorDef descriptor(String resource, String name, int size, List<DescriptorField> fields) {
        for (DescriptorField f : fields) {
            if (f.byteOffset() + (f.msb() / 8) + 1 > size) {
                throw new IllegalStateException(resource + ": " + name + "." + f.name() + " lies past its " + size
                        + " bytes");
            }
        }
        return new DescriptorDef(name, size, fields);
    }

    private static DescriptorField field(String where, String text, String[] w, Map<String, EnumType> enums) {
        String[] bits = w[3].split(":");
        int docAt = text.indexOf("doc=");
        String doc = docAt < 0 ? "" : text.substring(docAt + 4);
        long bias = 0;
        long scale = 1;
        boolean log2 = false;
        EnumType type = null;
        String dflt = null;
        boolean project = false;
        boolean required = false;
        boolean isFloat = false;
        List<String> aliases = List.of();
        String overlays = null;
        DescriptorField.Lod lod = DescriptorField.Lod.NONE;
        for (int i = 4; i < w.length; i++) {
            String opt = w[i];
            if (opt.startsWith("bias=")) {
                bias = Long.parseLong(opt.substring(5));
            } else if (opt.startsWith("scale=")) {
                scale = Long.parseLong(opt.substring(6));
            } else if (opt.startsWith("enum=")) {
                type = enums.get(opt.substring(5));
                if (type == null) {
                    throw new IllegalStateException(where + ": field " + w[1] + " names no enum " + opt);
                }
            } else if (opt.startsWith("default=")) {
                dflt = opt.substring(8);
            } else if (opt.startsWith("alias=")) {
                aliases = List.of(opt.substring(6).split(","));
            } else if (opt.startsWith("overlays=")) {
                overlays = opt.substring(9);
            } else {
                switch (opt) {
                    case "log2" -> log2 = true;
                    case "project" -> project = true;
                    case "required" -> required = true;
                    case "float" -> isFloat = true;
                    case "ulod" -> lod = DescriptorField.Lod.ULOD;
                    case "slod" -> lod = DescriptorField.Lod.SLOD;
                    default -> throw new IllegalStateException(where + ": field " + w[1] + ": unknown option " + opt);
                }
            }
        }
        if (dflt == null && !required) {
            dflt = "0"; // genxml: a field without a default packs as zero
        }
        return new DescriptorField(w[1], Integer.parseInt(w[2]), Integer.parseInt(bits[0]), Integer.parseInt(bits[1]),
                bias, scale, log2, type, dflt, project, required, isFloat, aliases, overlays, doc, lod);
    }
}
