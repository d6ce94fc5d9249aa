package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.ClearColor;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.EnumType;
import dev.csfstudio.isa.PixelFormat;
import dev.csfstudio.isa.PixelFormats;
import dev.csfstudio.isa.TileBufferFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code .fbd}, {@code .rt} and {@code .desc} directives: descriptor bytes filled from {@code field=value}
 * arguments and the field table in {@code descriptors-v10.txt} ({@code .desc NAME, ...} writes any descriptor of
 * the table but the framebuffer's and render target's, those a RUN_* job reads). Fields, defaults, ranges and enum names all come
 * from the table; only the conveniences named in the language (zs_crc, clear, clear_rgba, clear_raw, rts,
 * internal()) are spelled out here. A {@code .fbd} with {@code zs_crc=1} also takes the ZS/CRC extension's
 * fields. {@code clear_rgba} packs the colour into the render target's tile-buffer format as mesa's
 * {@code pan_pack_color} does ({@link ClearColor}); {@code clear_raw} replicates a raw pixel as mesa does.
 */
public final class DescriptorDirectives {

    static final String FBD = DescriptorSet.FRAMEBUFFER_PARAMETERS;
    static final String PADDING = DescriptorSet.PADDING;
    static final String ZS_CRC = DescriptorSet.ZS_CRC_EXTENSION;
    static final String RT = DescriptorSet.RENDER_TARGET;
    /** The directive that writes any other descriptor of the table, named by its first argument. */
    static final String DESC = ".desc";
    /**
     * Each table default's expression, read once per process: reading them for every {@code .fbd} was most of
     * assembling a small test stream (bench/test.sh) and an eighth of a descriptor-heavy source (bench/asm.sh).
     */
    private static final java.util.Map<String, SymbolicExpression> READ_DEFAULTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Reads a default of the descriptor table as an expression; null when the text is not exactly one. */
    public interface DefaultReader {
        SymbolicExpression read(String text);
    }

    /** What a {@code fbd(label)} pointer needs to know about one .fbd, settled in pass 1. */
    public static final class FbdInfo {
        final boolean zsCrc;
        final boolean isFbd;
        final long size;
        int rts;
        Long explicitRtCount;
        /** The descriptor a {@code .desc} writes; null for {@code .fbd} and {@code .rt}. */
        DescriptorDef desc;

        FbdInfo(boolean isFbd, boolean zsCrc, long size) {
            this.isFbd = isFbd;
            this.zsCrc = zsCrc;
            this.size = size;
        }

        public long size() {
            return size;
        }

        public boolean zsCrc() {
            return zsCrc;
        }

        public int renderTargets() {
            return explicitRtCount != null ? (int) (long) explicitRtCount : rts;
        }
    }

    private final DescriptorSet set;
    /** The descriptors of the set the directives write, found once. */
    private final DescriptorDef fbd;
    private final DescriptorDef rt;
    private final DescriptorDef padding;
    private final DescriptorDef zsCrc;
    /** The render target's writeback format field, which every {@code .rt} checks. */
    private final DescriptorField rtFormat;
    private final DataDirectives data;
    private final Placement placement;
    private final DefaultReader defaults;
    private final Map<SectionBuilder, Map<Integer, FbdInfo>> fbds = new IdentityHashMap<>();
    private final Map<SectionBuilder, FbdInfo> lastFbd = new IdentityHashMap<>();
    /** Each .fbd/.rt statement's pass-1 facts, kept here: few statements are descriptors. */
    private final Map<Integer, FbdInfo> infoOf = new HashMap<>();
    private FieldKeys fieldKeys;
    /** Each descriptor's {@link FieldTable}, made when first written. */
    private final Map<DescriptorDef, FieldTable> tables = new IdentityHashMap<>();

    /**
     * A descriptor's fields by position, with the defaults that are the same for every directive (an enumeration's
     * name, arithmetic on numbers) kept once found: a descriptor-heavy source writes the same tens of defaults for
     * every .fbd and .rt.
     */
    private static final class FieldTable {
        private final Map<DescriptorField, Integer> positions = new IdentityHashMap<>();
        /** Each name asked of {@link #position(String)}: its field's position, or -1 for none. */
        private final Map<String, Integer> namePositions = new java.util.HashMap<>();
        /**
         * The state and values of the one directive's {@link Fields} of this descriptor being written (directives are
         * written one at a time): kept, not made for every directive.
         */
        private final byte[] state;
        private final long[] values;
        private final GivenFields given;
        private final boolean[] constant;
        private final long[] constants;
        /** Each default that is an expression, read once. */
        private final SymbolicExpression[] defaults;
        /** What {@code internal(format)} gave each field for each format: the same for every render target. */
        private final Map<DescriptorField, Map<Long, Long>> internalOf = new IdentityHashMap<>();

        /**
         * The descriptor's bytes with every field written whose value is the same in every directive (a constant
         * default, accepted) and that no other field shares bits with; made again when more constants are known.
         */
        private byte[] template;
        private final boolean[] templated;
        private int constantCount;
        private int templateConstants = -1;
        private final DescriptorDef def;

        FieldTable(DescriptorDef def) {
            this.def = def;
            int n = def.fields().size();
            state = new byte[n];
            values = new long[n];
            given = new GivenFields(def, this::position);
            templated = new boolean[n];
            constant = new boolean[n];
            constants = new long[n];
            defaults = new SymbolicExpression[n];
            for (int i = 0; i < n; i++) {
                DescriptorField f = def.fields().get(i);
                positions.put(f, i);
                OptionalLong v = f.enumType() == null || f.defaultValue() == null ? OptionalLong.empty()
                        : f.enumType().valueOf(f.defaultValue());
                if (v.isPresent()) {
                    remember(i, v.getAsLong());
                }
            }
        }

        int position(DescriptorField f) {
            return positions.get(f);
        }

        /** The position of the field {@code name} names (as {@link DescriptorDef#field} finds it), or -1. */
        int position(String name) {
            Integer p = namePositions.get(name);
            if (p == null) {
                Optional<DescriptorField> f = def.field(name);
                p = f.isPresent() ? position(f.get()) : -1;
                namePositions.put(name, p);
            }
            return p;
        }

        /** The given arguments of the directive being written, emptied for it. */
        GivenFields given() {
            given.clear();
            return given;
        }

        void remember(int position, long value) {
            if (!constant[position]) {
                constantCount++;
            }
            constant[position] = true;
            constants[position] = value;
        }

        /** {@link #template}, brought up to date with the constants known now. */
        byte[] template() {
            if (templateConstants != constantCount) {
                byte[] bytes = new byte[def.size()];
                List<DescriptorField> fields = def.fields();
                for (int i = 0; i < fields.size(); i++) {
                    DescriptorField f = fields.get(i);
                    templated[i] = constant[i] && f.overlays() == null && !overlaid(f) && f.accepts(constants[i]);
                    if (templated[i]) {
                        f.write(bytes, 0, constants[i]);
                    }
                }
                template = bytes;
                templateConstants = constantCount;
            }
            return template;
        }

        /** Whether another field of the descriptor shares {@code f}'s bits. */
        private boolean overlaid(DescriptorField f) {
            for (DescriptorField other : def.fields()) {
                if (f.name().equals(other.overlays())) {
                    return true;
                }
            }
            return false;
        }
    }

    public DescriptorDirectives(DescriptorSet set, DataDirectives data, Placement placement,
                                DefaultReader defaults) {
        this.set = set;
        this.fbd = set.get(FBD);
        this.rt = set.get(RT);
        this.padding = set.get(PADDING);
        this.zsCrc = set.get(ZS_CRC);
        this.rtFormat = rt.field("format").orElseThrow();
        this.data = data;
        this.placement = placement;
        this.defaults = defaults;
    }

    /** Pass 1 of {@code .fbd} and {@code .rt}: their room, from the descriptor table, in the buffer in force. */
    public void place(Statement s, CsfParser.DirectiveContext d, ArgumentScope asm) {
        place(s, Directives.nameOf(d), asm.range(d), FieldArgument.of(d, s.src().path()), asm);
    }

    /** {@link #place} of a line the plain scanner read (its statement's columns set). */
    public void place(Statement s, DescriptorArguments line, ArgumentScope asm) {
        // only a .fbd's size depends on its arguments (zs_crc, rt_count): an .rt's are read when it is written
        place(s, line.directive(), s.range(), line.fbd() ? FieldArgument.of(line, s.src().path(), s.lineNo()) : List.of(), asm);
    }

    private void place(Statement s, String name, SourceRange where, List<FieldArgument> arguments, ArgumentScope asm) {
        SectionBuilder sec = data.dataSection(name, where);
        if (name.equals(DESC)) {
            DescriptorDef def = named(arguments, where);
            FbdInfo info = new FbdInfo(false, false, def.size());
            info.desc = def;
            infoOf.put(s.index(), info);
            placement.place(s, sec, def.size());
            return;
        }
        boolean isFbd = name.equals(".fbd");
        FbdInfo fbd = sizePass(s, arguments, sec, isFbd, asm);
        placement.place(s, sec, isFbd ? fbd.size() : renderTargetSize());
    }

    /** After layout: the descriptor's fields. */
    public void write(Statement s, CsfParser.DirectiveContext d, ArgumentScope asm) {
        emit(s, asm.range(d), Directives.nameOf(d), FieldArgument.of(d, s.src().path()), asm);
        s.emitted(true);
    }

    /** {@link #write} of a line the plain scanner read. */
    public void write(Statement s, DescriptorArguments line, ArgumentScope asm) {
        emit(s, s.range(), line.directive(), FieldArgument.of(line, s.src().path(), s.lineNo()), asm);
        s.emitted(true);
    }

    public long renderTargetSize() {
        return rt.size();
    }

    public FbdInfo fbdAt(SectionBuilder section, long offset) {
        Map<Integer, FbdInfo> inSection = fbds.get(section);
        return inSection == null || offset < 0 || offset > Integer.MAX_VALUE ? null : inSection.get((int) offset);
    }

    /**
     * The descriptor a {@code .desc} names with its first argument: any of the table but those {@code .fbd} and
     * {@code .rt} write.
     */
    private DescriptorDef named(List<FieldArgument> arguments, SourceRange where) {
        List<String> names = new ArrayList<>();
        for (DescriptorDef d : set.all()) {
            if (d != fbd && d != padding && d != zsCrc && d != rt) {
                names.add(d.name());
            }
        }
        if (arguments.isEmpty() || arguments.get(0).key() != null) {
            throw DiagnosticException.error(arguments.isEmpty() ? where : arguments.get(0).range(), DiagnosticCode.SYNTAX,
                    ".desc needs the descriptor's name first: .desc NAME, field=value, ... (descriptors: "
                            + String.join(", ", names) + ")");
        }
        String name = arguments.get(0).plainText().toLowerCase(java.util.Locale.ROOT);
        for (DescriptorDef d : set.all()) {
            if (d.name().equals(name) && names.contains(name)) {
                return d;
            }
        }
        String hint = name.equals(FBD) || name.equals(ZS_CRC) ? ": write it with .fbd" : name.equals(RT) ? ": write it with .rt"
                : SpellingSuggestions.didYouMean(SpellingSuggestions.closest(name, names)) + " (descriptors: "
                + String.join(", ", names) + ")";
        throw new DiagnosticException(Diagnostic.error(arguments.get(0).range(), DiagnosticCode.UNKNOWN_FIELD,
                "no descriptor '" + arguments.get(0).plainText() + "' for .desc" + hint)
                .withSuggestions(SpellingSuggestions.closest(name, names)));
    }

    /** Pass 1: size of the directive, the .fbd's shape, and the count of .rt following each .fbd. */
    private FbdInfo sizePass(Statement s, List<FieldArgument> arguments, SectionBuilder sec, boolean isFbd,
                             ArgumentScope asm) {
        if (!isFbd) {
            FbdInfo owner = lastFbd.get(sec);
            if (owner != null) {
                owner.rts++;
            }
            FbdInfo info = new FbdInfo(false, false, rt.size());
            infoOf.put(s.index(), info);
            return info;
        }
        boolean zs = false;
        Long rtCount = null;
        for (FieldArgument a : arguments) {
            String key = a.key();
            if (key != null) {
                if (key.equalsIgnoreCase("zs_crc")) { // a key is an identifier: ASCII, lower-cased alike either way
                    long v = a.constant(asm);
                    if (v != 0 && v != 1) {
                        throw DiagnosticException.error(a.valueRange(), DiagnosticCode.OUT_OF_RANGE,
                                "zs_crc " + v + " out of range: allowed 0..1");
                    }
                    zs = v == 1;
                } else if (isRtCount(fbd.field(key))) {
                    try {
                        rtCount = a.constant(asm);
                    } catch (UnresolvedException | DiagnosticException e) {
                        rtCount = null; // reported in pass 2 when the field is written
                    }
                }
            }
        }
        long size = fbd.size() + padding.size() + (zs ? zsCrc.size() : 0);
        FbdInfo info = new FbdInfo(true, zs, size);
        info.explicitRtCount = rtCount;
        Map<Integer, FbdInfo> inSection = fbds.get(sec);
        if (inSection == null) {
            inSection = new HashMap<>();
            fbds.put(sec, inSection);
        }
        inSection.put((int) sec.cursor, info); // placing keeps a section's offsets below its size limit
        lastFbd.put(sec, info);
        infoOf.put(s.index(), info);
        return info;
    }

    /** Whether a key names the render-target count (under any of its names). */
    private static boolean isRtCount(Optional<DescriptorField> field) {
        return field.isPresent() && field.get().name().equals("rt_count");
    }

    /** The field table of {@code def}, made when first needed. */
    private FieldTable table(DescriptorDef def) {
        FieldTable t = tables.get(def);
        if (t == null) {
            t = new FieldTable(def);
            tables.put(def, t);
        }
        return t;
    }

    /** What the keys of a line set, made when first needed. */
    private FieldKeys keys() {
        if (fieldKeys == null) {
            fieldKeys = new FieldKeys(fbd, rt, zsCrc);
        }
        return fieldKeys;
    }

    /** Pass 2: writes the descriptor bytes. */
    private void emit(Statement s, SourceRange where, String directive, List<FieldArgument> arguments,
                      ArgumentScope asm) {
        ExpressionEvaluator ev = asm.evaluator();
        FbdInfo named = infoOf.get(s.index());
        if (named.desc != null) {
            emitNamed(s, where, named, arguments.subList(1, arguments.size()), ev, asm);
            return;
        }
        long address = s.address();
        if (address % DescriptorSet.FBD_ALIGNMENT != 0) {
            throw new DiagnosticException(Diagnostic.error(where, DiagnosticCode.ALIGNMENT, directive + " at 0x"
                    + Long.toHexString(address) + " must be " + DescriptorSet.FBD_ALIGNMENT + "-byte aligned; put '.align "
                    + DescriptorSet.FBD_ALIGNMENT + "' before it").withSuggestions(List.of(".align " + DescriptorSet.FBD_ALIGNMENT)));
        }
        FbdInfo info = infoOf.get(s.index());
        boolean isFbd = info.isFbd;
        DescriptorDef def = isFbd ? fbd : rt;
        DescriptorDef extension = zsCrc;
        List<Diagnostic> errors = new ArrayList<>(0);
        FieldKeys.Resolved keys = keys().resolve(isFbd, info.zsCrc, arguments, directive, errors);
        GivenFields given = table(def).given();
        GivenFields givenExtension = isFbd && info.zsCrc ? table(extension).given() : null;
        int[] slots = keys.slots();
        for (int i = 0; i < slots.length; i++) {
            int slot = slots[i];
            FieldArgument a = arguments.get(i);
            switch (slot) {
                case FieldKeys.NOTHING -> {
                }
                case FieldKeys.ZS_CRC -> given.putConvenience("zs_crc", a);
                case FieldKeys.CLEAR_RGBA -> given.putConvenience("clear_rgba", a);
                case FieldKeys.CLEAR_RAW -> given.putConvenience("clear_raw", a);
                default -> {
                    if (FieldKeys.Resolved.isExtension(slot)) {
                        givenExtension.put(slot - FieldKeys.EXTENSION, a);
                    } else {
                        given.put(slot, a);
                    }
                }
            }
        }
        byte[] out = s.section().bytes();
        int base = s.offset();
        Fields fields = new Fields(asm, def, given, ev, info, where);
        write(def, fields, out, base, errors);
        if (isFbd && info.zsCrc) {
            int at = base + fbd.size() + padding.size();
            write(extension, new Fields(asm, extension, givenExtension, ev, info, where), out, at, errors);
        }
        if (!isFbd) {
            try {
                checkRenderTargetFormat(fields, given, where);
                if (given.contains("clear_rgba")) {
                    clearRgba(asm, def, given, fields, ev, out, base);
                } else if (given.contains("clear_raw")) {
                    clearRaw(asm, def, given, fields, ev, out, base);
                }
            } catch (DiagnosticException e) {
                errors.add(e.diagnostic());
            }
        }
        for (Diagnostic e : errors) {
            asm.report(e);
        }
    }

    /** Pass 2 of a {@code .desc}: the named descriptor's fields, from the arguments after its name. */
    private void emitNamed(Statement s, SourceRange where, FbdInfo info, List<FieldArgument> arguments,
                           ExpressionEvaluator ev, ArgumentScope asm) {
        DescriptorDef def = info.desc;
        List<Diagnostic> errors = new ArrayList<>(0);
        int[] slots = keys().resolve(def, arguments, DESC, errors).slots();
        GivenFields given = table(def).given();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] >= 0) {
                given.put(slots[i], arguments.get(i));
            }
        }
        write(def, new Fields(asm, def, given, ev, info, where), s.section().bytes(), s.offset(), errors);
        for (Diagnostic e : errors) {
            asm.report(e);
        }
    }

    /**
     * Writes every field of {@code def} (an overlay only when given), collecting the errors: first the fields that are
     * the same in every descriptor, as one copy of their template, then each of the others.
     */
    private static void write(DescriptorDef def, Fields fields, byte[] out, int base, List<Diagnostic> errors) {
        FieldTable table = fields.table;
        byte[] template = table.template();
        System.arraycopy(template, 0, out, base, template.length);
        for (int i = 0; i < def.fields().size(); i++) {
            DescriptorField f = def.fields().get(i);
            if ((f.overlays() != null || table.templated[i]) && !fields.given(i)) {
                continue;
            }
            try {
                if (f.overlays() != null && fields.given(f.overlays())) {
                    throw DiagnosticException.error(fields.rangeOf(f.name()), DiagnosticCode.DUPLICATE_FIELD, "fields '" + f.name()
                            + "' and '" + f.overlays() + "' share the same bits: give one of them");
                }
                long v = fields.value(f, i);
                f.write(out, base, v);
            } catch (DiagnosticException e) {
                // A misspelt field name most likely meant the missing one: one error is enough.
                boolean misspelt = errors.stream().anyMatch(x -> x.code() == DiagnosticCode.UNKNOWN_FIELD);
                if (!(misspelt && e.diagnostic().code() == DiagnosticCode.MISSING_FIELD)) {
                    errors.add(e.diagnostic());
                }
            }
        }
    }

    /** mesa emits raw render targets of 8..128 bits only (pan_desc.c asserts it); wider ones are refused. */
    private void checkRenderTargetFormat(Fields fields, GivenFields given, SourceRange where) {
        PixelFormat pf = PixelFormats.byValue(fields.value(rtFormat)).orElse(null);
        // Without internal_format= the default (internal(format)) has already said so.
        if (pf != null && pf.raw() && pf.internalFormat() == null && given.contains("internal_format")) {
            throw tooWideRaw(pf, fields.rangeOf("format"));
        }
    }

    static DiagnosticException tooWideRaw(PixelFormat pf, SourceRange at) {
        return DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE, pf.name() + " is no render-target format: raw render"
                + " targets hold 8..128 bits per pixel (RAW8..RAW128), the only ones mesa emits");
    }

    private void clearRgba(ArgumentScope asm, DescriptorDef def, GivenFields given, Fields fields,
                           ExpressionEvaluator ev, byte[] out, int base) {
        CsfParser.ValueContext v = given.get("clear_rgba").tree();
        checkOneClear(asm, given, v, "clear_rgba");
        if (!(v instanceof CsfParser.TupleValueContext t) || t.expr().size() != 4) {
            throw DiagnosticException.error(asm.range(v), DiagnosticCode.SYNTAX, "clear_rgba takes four numbers: (r, g, b, a)"
                    + " (each saturated to 0..1 as for a UNORM target)");
        }
        double[] c = new double[4];
        for (int i = 0; i < 4; i++) {
            c[i] = ev.evalDouble(t.expr(i));
        }
        TileBufferFormat internal = internalFormat(fields, asm.range(v));
        PixelFormat pf = writebackFormat(fields, asm.range(v));
        if (!internal.blendable()) {
            throw DiagnosticException.error(asm.range(v), DiagnosticCode.CLEAR_FORMAT, "clear_rgba needs a blendable tile-buffer"
                    + " format, but this render target's is " + internal.name() + " (raw pixels): give the pixel with"
                    + " clear_raw=VALUE, or the tile-buffer words with clear0..clear3=");
        }
        int[] words = ClearColor.pack(internal, pf.hasAlpha(), fields.value(def.field("srgb").orElseThrow()) != 0,
                fields.value(def.field("dithered_clear").orElseThrow()) != 0, c[0], c[1], c[2], c[3]);
        writeClearWords(def, words, out, base);
    }

    /**
     * {@code clear_raw=V} or {@code clear_raw=(w0, w1, ...)}: a raw pixel (an integer up to 64 bits, or its
     * 32-bit little-endian words), replicated over the four clear words as mesa's pan_pack_raw does.
     */
    private void clearRaw(ArgumentScope asm, DescriptorDef def, GivenFields given, Fields fields,
                          ExpressionEvaluator ev, byte[] out, int base) {
        CsfParser.ValueContext v = given.get("clear_raw").tree();
        checkOneClear(asm, given, v, "clear_raw");
        PixelFormat pf = writebackFormat(fields, asm.range(v));
        if (!pf.modelled()) {
            throw DiagnosticException.error(asm.range(v), DiagnosticCode.CLEAR_FORMAT, "clear_raw needs a writeback format whose"
                    + " pixel size is known; " + pf.name() + " is not modelled: give clear0..clear3=");
        }
        int bytes = Math.min(pf.bytes(), 16);
        byte[] pixel = new byte[bytes];
        List<CsfParser.ExprContext> parts = v instanceof CsfParser.TupleValueContext t ? t.expr()
                : List.of(asm.exprOf(v));
        int wordBytes = parts.size() == 1 ? 8 : 4;
        if (parts.size() > 4 || parts.size() * wordBytes < bytes && parts.size() > 1) {
            throw DiagnosticException.error(asm.range(v), DiagnosticCode.SYNTAX, "clear_raw for " + pf.name() + " takes "
                    + (bytes <= 8 ? "one value" : "(w0, w1, w2" + (bytes > 12 ? ", w3" : "") + ") 32-bit words"));
        }
        for (int i = 0; i < parts.size(); i++) {
            long part = ev.eval(parts.get(i));
            int from = i * wordBytes;
            int width = Math.min(wordBytes, Math.max(0, bytes - from));
            boolean fits = width >= 8 || (part >= 0 && part < 1L << (8 * width))
                    || (wordBytes == 4 && width == 4 && part >= Integer.MIN_VALUE && part < 0);
            if (!fits) {
                throw DiagnosticException.error(ev.range(parts.get(i)), DiagnosticCode.OUT_OF_RANGE, "clear_raw value " + part
                        + " does not fit the " + width + " byte(s) of " + pf.name()
                        + (parts.size() > 1 ? " word " + i : "") + ": allowed 0.." + ((1L << (8 * width)) - 1));
            }
            for (int b = 0; b < width; b++) {
                pixel[from + b] = (byte) (part >>> (8 * b));
            }
        }
        writeClearWords(def, ClearColor.packRaw(pixel), out, base);
    }

    private static void checkOneClear(ArgumentScope asm, GivenFields given, CsfParser.ValueContext v,
                                      String which) {
        for (String other : List.of("clear_rgba", "clear_raw", "clear0", "clear1", "clear2", "clear3")) {
            if (!other.equals(which) && given.contains(other)) {
                throw DiagnosticException.error(asm.range(v), DiagnosticCode.DUPLICATE_FIELD, "give one clear colour: " + which
                        + " and " + (other.equals("clear0") ? "clear/clear0" : other) + " both set the clear words");
            }
        }
    }

    private static void writeClearWords(DescriptorDef def, int[] words, byte[] out, int base) {
        for (int i = 0; i < 4; i++) {
            def.field("clear" + i).orElseThrow().write(out, base, words[i] & 0xffff_ffffL);
        }
    }

    private TileBufferFormat internalFormat(Fields fields, SourceRange at) {
        long value = fields.value(rt.field("internal_format").orElseThrow());
        return PixelFormats.internalByValue(value).orElseThrow(() -> DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE,
                "no tile-buffer format with value " + value));
    }

    private PixelFormat writebackFormat(Fields fields, SourceRange at) {
        long value = fields.value(rtFormat);
        return PixelFormats.byValue(value).orElseThrow(() -> DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE,
                "no pixel format with value " + value));
    }

    /** Field values of one directive: given ones evaluated, the others from their table defaults. */
    private final class Fields {
        private final ArgumentScope asm;
        private final DescriptorDef def;
        private final GivenFields given;
        private final ExpressionEvaluator ev;
        private final FbdInfo info;
        private final SourceRange where;
        private final String directiveName;
        private final FieldTable table;
        /** Per field position: {@link #UNKNOWN}, {@link #EVALUATING} or {@link #KNOWN} (then in {@link #values}). */
        private final byte[] state;
        private final long[] values;
        private static final byte UNKNOWN = 0;
        private static final byte EVALUATING = 1;
        private static final byte KNOWN = 2;

        Fields(ArgumentScope asm, DescriptorDef def, GivenFields given, ExpressionEvaluator ev,
               FbdInfo info, SourceRange where) {
            this.asm = asm;
            this.def = def;
            this.given = given;
            this.ev = ev;
            this.info = info;
            this.where = where;
            this.directiveName = def.name().equals(RT) ? ".rt" : def.name().equals(FBD) || def.name().equals(ZS_CRC) ? ".fbd"
                    : DESC;
            FieldTable t = table(def);
            this.table = t;
            this.state = t.state;
            this.values = t.values;
            java.util.Arrays.fill(state, UNKNOWN);
        }

        boolean given(String name) {
            return given.contains(name);
        }

        /** Whether the field at position {@code i} was given. */
        boolean given(int i) {
            return given.at(i) != null;
        }

        SourceRange rangeOf(String name) {
            FieldArgument v = given.get(name);
            return v == null ? where : v.valueRange();
        }

        long value(DescriptorField f) {
            return value(f, table.position(f));
        }

        /** The value of field {@code f}, at position {@code i} of its descriptor. */
        long value(DescriptorField f, int i) {
            if (state[i] == KNOWN) {
                return values[i];
            }
            if (state[i] == EVALUATING) {
                throw DiagnosticException.error(where, DiagnosticCode.CIRCULAR_DEFINITION, "the default of field '" + f.name()
                        + "' depends on itself");
            }
            state[i] = EVALUATING;
            try {
                long v;
                FieldArgument g = given.at(i);
                if (g != null) {
                    v = g.value(f, ev, asm);
                } else if (f.defaultValue() == null) {
                    throw DiagnosticException.error(where, DiagnosticCode.MISSING_FIELD, directiveName
                            + " needs " + f.name() + "=" + (f.enumType() != null ? "<" + f.enumType().name() + ">" : "<value>")
                            + " (" + f.doc() + ")");
                } else {
                    v = table.constant[i] ? table.constants[i] : defaultValue(f, i);
                }
                if (!f.accepts(v)) {
                    String range = f.allowed();
                    String origin = g == null ? " (default " + f.defaultValue() + ")" : "";
                    throw DiagnosticException.error(g != null ? g.valueRange() : where, DiagnosticCode.OUT_OF_RANGE, "value " + v
                            + origin + " out of range for " + directiveName + " " + f.name() + ": allowed " + range);
                }
                values[i] = v;
                state[i] = KNOWN;
                return v;
            } finally {
                if (state[i] == EVALUATING) {
                    state[i] = UNKNOWN;
                }
            }
        }

        /**
         * What the names in the default of field {@code f} stand for: other fields of the directive, {@code rts},
         * {@code zs_crc}, and the function {@code internal(format)}. A fault in the table is reported at the directive.
         */
        private final class DefaultNames implements SymbolicExpression.Names {
            private final DescriptorField f;

            DefaultNames(DescriptorField f) {
                this.f = f;
            }

            @Override
            public long name(SymbolicExpression e, int k) {
                String name = e.names()[k];
                if (name.equals("rts")) {
                    return info.rts;
                }
                if (name.equals("zs_crc")) {
                    return info.zsCrc ? 1 : 0;
                }
                Optional<DescriptorField> other = def.field(name);
                if (other.isEmpty()) {
                    throw DiagnosticException.error(where, DiagnosticCode.DESCRIPTOR_TABLE, "default of " + f.name()
                            + " names unknown field '" + name + "'");
                }
                return value(other.get());
            }

            @Override
            public long local(SymbolicExpression e, int k) {
                throw DiagnosticException.error(where, DiagnosticCode.DESCRIPTOR_TABLE, "default of " + f.name()
                        + " names a local label");
            }

            @Override
            public long call(SymbolicExpression e, int k, ExpressionEvaluator.Arguments args) {
                String function = e.names()[k];
                if (!function.equals("internal") || args.count() != 1) {
                    throw DiagnosticException.error(where, DiagnosticCode.DESCRIPTOR_TABLE, "default of " + f.name()
                            + " calls unknown function '" + function + "'");
                }
                long format = args.value(0);
                Map<Long, Long> known = table.internalOf.computeIfAbsent(f, x -> new java.util.HashMap<>());
                Long internalValue = known.get(format);
                if (internalValue != null) {
                    return internalValue;
                }
                PixelFormat pf = PixelFormats.byValue(format).orElseThrow(() -> DiagnosticException.error(where,
                        DiagnosticCode.OUT_OF_RANGE, "no pixel format with value " + format));
                if (pf.internalFormat() == null && pf.raw()) {
                    throw tooWideRaw(pf, rangeOf("format"));
                }
                if (pf.internalFormat() == null) {
                    throw DiagnosticException.error(where, DiagnosticCode.MISSING_FIELD, pf.name() + " has no default tile-buffer"
                            + " format: give internal_format=<internal_format>");
                }
                EnumType internal = f.enumType();
                OptionalLong v = internal == null ? OptionalLong.empty() : internal.valueOf(pf.internalFormat());
                if (v.isEmpty()) {
                    throw DiagnosticException.error(where, DiagnosticCode.DESCRIPTOR_TABLE, "no internal format "
                            + pf.internalFormat() + " for " + pf.name());
                }
                known.put(format, v.getAsLong());
                return v.getAsLong();
            }
        }

        /** Whether {@code e} is numbers and operators only. */
        private static boolean namesNothing(SymbolicExpression e) {
            for (byte op : e.code()) {
                if (op == SymbolicExpression.NAME || op == SymbolicExpression.LOCAL || op == SymbolicExpression.CALL) {
                    return false;
                }
            }
            return true;
        }

        /** The default of field {@code f} (at {@code position}) that is not an enumeration's name. */
        private long defaultValue(DescriptorField f, int position) {
            SymbolicExpression e = table.defaults[position];
            if (e == null) {
                e = READ_DEFAULTS.get(f.defaultValue());
            }
            if (e == null) {
                e = defaults.read(f.defaultValue());
                if (e != null) {
                    READ_DEFAULTS.putIfAbsent(f.defaultValue(), e);
                }
            }
            table.defaults[position] = e;
            if (e == null) {
                throw DiagnosticException.error(where, DiagnosticCode.DESCRIPTOR_TABLE, "malformed default '" + f.defaultValue()
                        + "' of field " + f.name() + " in the descriptor table");
            }
            // a number or arithmetic on numbers is the same for every descriptor: evaluated once
            boolean constant = !f.isFloat() && namesNothing(e);
            DefaultNames fields = new DefaultNames(f);
            long v = f.isFloat() ? Float.floatToRawIntBits((float) e.evaluateDouble(fields, ev.file(), where.line())) & 0xffff_ffffL
                    : e.evaluate(fields, ev.file(), where.line());
            if (constant) {
                table.remember(position, v);
            }
            return v;
        }
    }
}
