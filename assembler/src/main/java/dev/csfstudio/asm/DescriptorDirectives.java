package dev.csfstudio.asm;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.EnumType;
import dev.csfstudio.isa.PixelFormat;
import dev.csfstudio.isa.PixelFormats;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The {@code .fbd} and {@code .rt} directives: descriptor bytes filled from {@code field=value} arguments
 * and the field table in {@code descriptors-v10.txt}. Fields, defaults, ranges and enum names all come
 * from the table; only the conveniences named in the language (zs_crc, clear, clear_rgba, rts, internal())
 * are spelled out here.
 */
final class DescriptorDirectives {

    static final String FBD = "framebuffer_parameters";
    static final String PADDING = "padding";
    static final String ZS_CRC = "zs_crc_extension";
    static final String RT = "render_target";

    /** What a {@code fbd(label)} pointer needs to know about one .fbd, settled in pass 1. */
    static final class FbdInfo {
        final boolean zsCrc;
        final boolean isFbd;
        final long size;
        int rts;
        Long explicitRtCount;

        FbdInfo(boolean isFbd, boolean zsCrc, long size) {
            this.isFbd = isFbd;
            this.zsCrc = zsCrc;
            this.size = size;
        }

        long size() {
            return size;
        }

        boolean zsCrc() {
            return zsCrc;
        }

        int renderTargets() {
            return explicitRtCount != null ? (int) (long) explicitRtCount : rts;
        }
    }

    private final DescriptorSet set = DescriptorSet.v10();
    private final Map<SectionBuilder, Map<Long, FbdInfo>> fbds = new IdentityHashMap<>();
    private final Map<SectionBuilder, FbdInfo> lastFbd = new IdentityHashMap<>();
    /** Each .fbd/.rt statement's pass-1 facts, kept here: few statements are descriptors. */
    private final Map<Assembly.Stmt, FbdInfo> infoOf = new IdentityHashMap<>();

    static long renderTargetSize() {
        return DescriptorSet.v10().get(RT).size();
    }

    FbdInfo fbdAt(SectionBuilder section, long offset) {
        return fbds.getOrDefault(section, Map.of()).get(offset);
    }

    /** Pass 1: size of the directive, the .fbd's shape, and the count of .rt following each .fbd. */
    FbdInfo sizePass(Assembly asm, Assembly.Stmt s, CsfParser.DirectiveContext d, SectionBuilder sec, boolean isFbd) {
        if (!isFbd) {
            FbdInfo owner = lastFbd.get(sec);
            if (owner != null) {
                owner.rts++;
            }
            FbdInfo rt = new FbdInfo(false, false, set.get(RT).size());
            infoOf.put(s, rt);
            return rt;
        }
        boolean zs = false;
        Long rtCount = null;
        for (CsfParser.ArgumentContext a : d.argument()) {
            if (a instanceof CsfParser.NamedArgumentContext na) {
                String key = na.key.getText().toLowerCase(Locale.ROOT);
                if (key.equals("zs_crc")) {
                    long v = asm.constant(asm.exprOf(na.value()));
                    if (v != 0 && v != 1) {
                        throw DiagnosticException.error(asm.range(na.value()), "out-of-range",
                                "zs_crc " + v + " out of range: allowed 0..1");
                    }
                    zs = v == 1;
                } else if (key.equals("rt_count")) {
                    try {
                        rtCount = asm.constant(asm.exprOf(na.value()));
                    } catch (UnresolvedException | DiagnosticException e) {
                        rtCount = null; // reported in pass 2 when the field is written
                    }
                }
            }
        }
        long size = set.get(FBD).size() + set.get(PADDING).size() + (zs ? set.get(ZS_CRC).size() : 0);
        FbdInfo info = new FbdInfo(true, zs, size);
        info.explicitRtCount = rtCount;
        fbds.computeIfAbsent(sec, k -> new LinkedHashMap<>()).put(sec.cursor, info);
        lastFbd.put(sec, info);
        infoOf.put(s, info);
        return info;
    }

    /** Pass 2: writes the descriptor bytes. */
    void emit(Assembly asm, Assembly.Stmt s, CsfParser.DirectiveContext d, ExpressionEvaluator ev) {
        SourceRange where = asm.range(d);
        long address = s.section.address + s.offset;
        if (address % DescriptorSet.FBD_ALIGNMENT != 0) {
            throw new DiagnosticException(Diagnostic.error(where, "alignment", Assembly.directiveName(d) + " at 0x"
                    + Long.toHexString(address) + " must be " + DescriptorSet.FBD_ALIGNMENT + "-byte aligned; put '.align "
                    + DescriptorSet.FBD_ALIGNMENT + "' before it").withSuggestions(List.of(".align " + DescriptorSet.FBD_ALIGNMENT)));
        }
        boolean isFbd = infoOf.get(s).isFbd;
        DescriptorDef def = set.get(isFbd ? FBD : RT);
        List<String> specials = isFbd ? List.of("zs_crc") : List.of("clear", "clear_rgba");
        Map<String, CsfParser.ValueContext> given = new LinkedHashMap<>();
        List<Diagnostic> errors = new ArrayList<>();
        for (CsfParser.ArgumentContext a : d.argument()) {
            if (!(a instanceof CsfParser.NamedArgumentContext na)) {
                errors.add(Diagnostic.error(asm.range(a), "syntax", "expected field=value, got '" + a.getText() + "'"));
                continue;
            }
            String key = na.key.getText().toLowerCase(Locale.ROOT);
            if (def.field(key).isEmpty() && !specials.contains(key)) {
                List<String> names = new ArrayList<>();
                def.fields().forEach(f -> names.add(f.name()));
                names.addAll(specials);
                List<String> near = SpellingSuggestions.closest(key, names);
                errors.add(Diagnostic.error(Parsing.range(ev.file(), na.key), "unknown-field",
                        "unknown field '" + na.key.getText() + "' for " + Assembly.directiveName(d)
                                + SpellingSuggestions.didYouMean(near) + " (fields: " + String.join(", ", names) + ")")
                        .withSuggestions(near));
                continue;
            }
            if (key.equals("clear")) {
                key = "clear0";
            }
            if (given.containsKey(key)) {
                errors.add(Diagnostic.error(asm.range(a), "duplicate-field", "field '" + key + "' is given twice"));
                continue;
            }
            given.put(key, na.value());
        }
        Fields fields = new Fields(asm, def, given, ev, infoOf.get(s), where);
        byte[] out = s.section.bytes;
        int base = (int) s.offset;
        for (DescriptorField f : def.fields()) {
            try {
                long v = fields.value(f);
                f.write(out, base, v);
            } catch (DiagnosticException e) {
                // A misspelt field name most likely meant the missing one: one error is enough.
                boolean misspelt = errors.stream().anyMatch(x -> x.code().equals("unknown-field"));
                if (!(misspelt && e.diagnostic().code().equals("missing-field"))) {
                    errors.add(e.diagnostic());
                }
            }
        }
        if (!isFbd && given.containsKey("clear_rgba")) {
            try {
                clearRgba(asm, def, given, fields, ev, out, base);
            } catch (DiagnosticException e) {
                errors.add(e.diagnostic());
            }
        }
        errors.forEach(asm::report);
    }

    private void clearRgba(Assembly asm, DescriptorDef def, Map<String, CsfParser.ValueContext> given, Fields fields,
                           ExpressionEvaluator ev, byte[] out, int base) {
        CsfParser.ValueContext v = given.get("clear_rgba");
        if (given.containsKey("clear0")) {
            throw DiagnosticException.error(asm.range(v), "duplicate-field", "give either clear= or clear_rgba=, not both");
        }
        if (!(v instanceof CsfParser.TupleValueContext t) || t.expr().size() != 4) {
            throw DiagnosticException.error(asm.range(v), "syntax", "clear_rgba takes four numbers 0..1: (r, g, b, a)");
        }
        double[] c = new double[4];
        for (int i = 0; i < 4; i++) {
            c[i] = ev.evalDouble(t.expr(i));
            if (!(c[i] >= 0 && c[i] <= 1)) {
                throw DiagnosticException.error(ev.range(t.expr(i)), "out-of-range", "colour component " + c[i]
                        + " out of range: allowed 0..1");
            }
        }
        DescriptorField format = def.field("format").orElseThrow();
        long formatValue = fields.value(format);
        PixelFormat pf = PixelFormats.byValue(formatValue).orElseThrow(() -> DiagnosticException.error(asm.range(v),
                "out-of-range", "no pixel format with value " + formatValue));
        byte[] pixel = pf.pack(c[0], c[1], c[2], c[3]);
        DescriptorField clear0 = def.field("clear0").orElseThrow();
        int at = base + clear0.byteOffset();
        // Project convention: the clear words hold the pixel as stored, little-endian from clear0 on.
        for (int i = 0; i < 16; i++) {
            out[at + i] = i < pixel.length ? pixel[i] : 0;
        }
    }

    /** Field values of one directive: given ones evaluated, the others from their table defaults. */
    private final class Fields {
        private final Assembly asm;
        private final DescriptorDef def;
        private final Map<String, CsfParser.ValueContext> given;
        private final ExpressionEvaluator ev;
        private final FbdInfo info;
        private final SourceRange where;
        private final String directiveName;
        private final Map<String, Long> values = new LinkedHashMap<>();
        private final Set<String> evaluating = new HashSet<>();

        Fields(Assembly asm, DescriptorDef def, Map<String, CsfParser.ValueContext> given, ExpressionEvaluator ev,
               FbdInfo info, SourceRange where) {
            this.asm = asm;
            this.def = def;
            this.given = given;
            this.ev = ev;
            this.info = info;
            this.where = where;
            this.directiveName = def.name().equals(FBD) ? ".fbd" : ".rt";
        }

        long value(DescriptorField f) {
            Long known = values.get(f.name());
            if (known != null) {
                return known;
            }
            if (!evaluating.add(f.name())) {
                throw DiagnosticException.error(where, "circular-definition", "the default of field '" + f.name()
                        + "' depends on itself");
            }
            try {
                long v;
                SourceRange at;
                CsfParser.ValueContext g = given.get(f.name());
                if (g != null) {
                    at = asm.range(g);
                    v = givenValue(f, g);
                } else if (f.defaultValue() == null) {
                    throw DiagnosticException.error(where, "missing-field", directiveName
                            + " needs " + f.name() + "=" + (f.enumType() != null ? "<" + f.enumType().name() + ">" : "<value>")
                            + " (" + f.doc() + ")");
                } else {
                    at = where;
                    v = defaultValue(f);
                }
                if (!f.accepts(v)) {
                    String range = f.minValue() + ".." + f.maxValue() + (f.scale() > 1 ? " in steps of " + f.scale() : "");
                    String origin = g == null ? " (default " + f.defaultValue() + ")" : "";
                    throw DiagnosticException.error(at, "out-of-range", "value " + v + origin + " out of range for "
                            + directiveName + " " + f.name() + ": allowed " + range);
                }
                values.put(f.name(), v);
                return v;
            } finally {
                evaluating.remove(f.name());
            }
        }

        private long givenValue(DescriptorField f, CsfParser.ValueContext g) {
            CsfParser.ExprContext e = asm.exprOf(g);
            if (f.isFloat()) {
                return Float.floatToRawIntBits((float) ev.evalDouble(e)) & 0xffff_ffffL;
            }
            if (f.enumType() != null && e instanceof CsfParser.SymbolExprContext sym) {
                OptionalLong v = f.enumType().valueOf(sym.getText());
                if (v.isPresent()) {
                    return v.getAsLong();
                }
                List<String> names = new ArrayList<>(f.enumType().values().keySet());
                List<String> near = SpellingSuggestions.closest(sym.getText(), names);
                throw new DiagnosticException(Diagnostic.error(ev.range(e), "unknown-enum", "unknown " + f.name()
                        + " '" + sym.getText() + "'" + SpellingSuggestions.didYouMean(near) + " (allowed: "
                        + String.join(", ", names) + ")").withSuggestions(near));
            }
            return ev.eval(e);
        }

        private long defaultValue(DescriptorField f) {
            if (f.enumType() != null && f.enumType().valueOf(f.defaultValue()).isPresent()) {
                return f.enumType().valueOf(f.defaultValue()).getAsLong();
            }
            CsfParser.ExprContext e = Parsing.parseExpression(f.defaultValue());
            if (e == null) {
                throw DiagnosticException.error(where, "descriptor-table", "malformed default '" + f.defaultValue()
                        + "' of field " + f.name() + " in the descriptor table");
            }
            ExpressionEvaluator defaults = new ExpressionEvaluator(ev.file(), new ExpressionEvaluator.Scope() {
                @Override
                public long symbol(String name, SourceRange range) {
                    if (name.equals("rts")) {
                        return info.rts;
                    }
                    Optional<DescriptorField> other = def.field(name);
                    if (other.isEmpty()) {
                        throw DiagnosticException.error(where, "descriptor-table", "default of " + f.name()
                                + " names unknown field '" + name + "'");
                    }
                    return value(other.get());
                }

                @Override
                public long localLabel(String ref, SourceRange range) {
                    throw DiagnosticException.error(where, "descriptor-table", "default of " + f.name()
                            + " names a local label");
                }

                @Override
                public long call(String function, List<CsfParser.ExprContext> args, SourceRange range,
                                 ExpressionEvaluator evaluator) {
                    if (!function.equals("internal") || args.size() != 1) {
                        throw DiagnosticException.error(where, "descriptor-table", "default of " + f.name()
                                + " calls unknown function '" + function + "'");
                    }
                    long format = evaluator.eval(args.get(0));
                    PixelFormat pf = PixelFormats.byValue(format).orElseThrow(() -> DiagnosticException.error(where,
                            "out-of-range", "no pixel format with value " + format));
                    EnumType internal = f.enumType();
                    OptionalLong v = internal == null ? OptionalLong.empty() : internal.valueOf(pf.internalFormat());
                    if (v.isEmpty()) {
                        throw DiagnosticException.error(where, "descriptor-table", "no internal format "
                                + pf.internalFormat() + " for " + pf.name());
                    }
                    return v.getAsLong();
                }
            });
            return f.isFloat() ? Float.floatToRawIntBits((float) defaults.evalDouble(e)) & 0xffff_ffffL : defaults.eval(e);
        }
    }
}
