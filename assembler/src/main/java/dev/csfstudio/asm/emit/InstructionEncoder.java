package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.source.Parsing;
import dev.csfstudio.asm.source.SourceText;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.OperandSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.antlr.v4.runtime.Token;

/**
 * Turns one instruction statement into a word by matching its modifiers and operands against the
 * table's {@link Modifier}s and {@link OperandSpec}s. Nothing here knows a particular mnemonic.
 */
public final class InstructionEncoder {

    /** How operand expressions get their values. */
    public interface Operands {
        long evaluate(CsfParser.ExprContext e);

        /** The offset in instructions from the next instruction when {@code e} names a label, else empty. */
        OptionalLong branchOffset(CsfParser.ExprContext e);
    }

    /** An encoded instruction; {@code def} is null for a raw {@code UNKNOWN_<op>} word. */
    public record Encoded(InstructionDef def, long word, Map<String, Long> fields) {
    }

    /** The mnemonic token split at its dots, with the range of each part. */
    public record Mnemonic(String name, SourceRange nameRange, List<String> modifiers, List<SourceRange> modifierRanges) {
    }

    /** A raw mnemonic is {@code UNKNOWN_n}, any ASCII letter case, {@code n} of 1 to 3 digits. */
    private static final String UNKNOWN_PREFIX = "unknown_";

    /**
     * The opcode of a raw {@code UNKNOWN_n} mnemonic, or -1: compared by hand, since a regular expression compiled
     * when this class loads was start-up work of every assembly.
     */
    public static int unknownOpcode(String name) {
        int digits = name.length() - UNKNOWN_PREFIX.length();
        if (digits < 1 || digits > 3) {
            return -1;
        }
        for (int i = 0; i < UNKNOWN_PREFIX.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c) != UNKNOWN_PREFIX.charAt(i)) {
                return -1;
            }
        }
        int n = 0;
        for (int i = UNKNOWN_PREFIX.length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = 10 * n + (c - '0');
        }
        return n;
    }

    private final Arch arch;
    private final InstructionSet isa;
    private final Path file;
    private final List<Diagnostic> diagnostics;
    private int errors;

    public InstructionEncoder(Arch arch, Path file, List<Diagnostic> diagnostics) {
        this.arch = arch;
        this.isa = arch.instructionSet();
        this.file = file;
        this.diagnostics = diagnostics;
    }

    public static Mnemonic split(Path file, Token token) {
        String text = token.getText();
        int line = token.getLine();
        int col = token.getCharPositionInLine() + 1;
        if (text.indexOf('.') < 0) {
            return new Mnemonic(text, SourceRange.at(file, line, col, text.length()), List.of(), List.of());
        }
        String[] parts = text.split("\\.", -1);
        List<String> mods = new ArrayList<>();
        List<SourceRange> ranges = new ArrayList<>();
        int at = parts[0].length() + 1;
        for (int i = 1; i < parts.length; i++) {
            mods.add(parts[i]);
            ranges.add(SourceRange.at(file, line, col + at, parts[i].length()));
            at += parts[i].length() + 1;
        }
        return new Mnemonic(parts[0], SourceRange.at(file, line, col, parts[0].length()), mods, ranges);
    }

    /**
     * Whether encoding {@code ctx} would evaluate an expression that names something (a symbol, local label
     * or function): registers are names too, but the encoder reads those itself.
     */
    public boolean namesSymbols(CsfParser.InstructionContext ctx) {
        String text = ctx.mnemonic.getText();
        int dot = text.indexOf('.');
        String name = dot < 0 ? text : text.substring(0, dot);
        InstructionDef def = isa.byMnemonic(name).orElse(null);
        if (def == null && unknownOpcode(name) < 0) {
            return false; // an unknown mnemonic is reported without looking at its operands
        }
        List<CsfParser.OperandContext> given = ctx.operand();
        for (int i = 0; i < given.size(); i++) {
            CsfParser.OperandContext o = given.get(i);
            dev.csfstudio.isa.OperandKind kind = def != null && i < def.operands().size()
                    ? def.operands().get(i).kind() : null;
            if (kind == dev.csfstudio.isa.OperandKind.R || kind == dev.csfstudio.isa.OperandKind.D
                    || kind == dev.csfstudio.isa.OperandKind.REGMASK || kind == dev.csfstudio.isa.OperandKind.REGRANGE) {
                continue;
            }
            CsfParser.ExprContext e = o instanceof CsfParser.ExprOperandContext x ? x.expr()
                    : o instanceof CsfParser.MemoryOperandContext m ? m.expr() : null;
            if (e != null && ExpressionEvaluator.namesSomething(e)) {
                return true;
            }
        }
        return false;
    }

    /** The encoded instruction, or null after reporting why it cannot be encoded. */
    public Encoded encode(CsfParser.InstructionContext ctx, Operands operands) {
        Mnemonic m = split(file, ctx.mnemonic);
        InstructionDef def = isa.byMnemonic(m.name()).orElse(null);
        if (def == null) {
            int unknown = unknownOpcode(m.name());
            if (unknown >= 0) {
                return encodeUnknown(ctx, m, unknown, operands);
            }
            report(unknownMnemonic(arch, m.nameRange(), m.name(), mnemonicSuggestions(m.name())));
            return null;
        }
        int errorsBefore = errorCount();
        Map<String, Long> values = new LinkedHashMap<>();
        resolveModifiers(def, m, values);
        encodeOperands(ctx, def, operands, values);
        if (errorCount() > errorsBefore) {
            return null;
        }
        // Same result as Encoder.encode, without its per-field name lookups (this runs once per source line).
        long word = InstructionDef.OPCODE.insert(0, def.opcode());
        for (BitField f : def.fields()) {
            Long v = values.get(f.name());
            long value = v != null ? v : f.defaultValue();
            if (f.width() < 64 && (value < -(1L << (f.width() - 1)) || value > (1L << f.width()) - 1)) {
                report(Diagnostic.error(Parsing.range(file, ctx), DiagnosticCode.OUT_OF_RANGE, def.mnemonic() + "." + f.name()
                        + " cannot hold " + value));
                return null;
            }
            word = f.insert(word, value);
        }
        return new Encoded(def, word, values);
    }

    /** Whether a mnemonic is no instruction's and no raw {@code UNKNOWN_n}: reported as unknown. */
    public boolean isUnknown(String name) {
        return isa.byMnemonic(name).isEmpty() && unknownOpcode(name) < 0;
    }

    /**
     * The error for a mnemonic no instruction of {@code arch} has (the plain scanner makes it too); a mnemonic
     * of another architecture says which one has it and how to select it.
     */
    public static Diagnostic unknownMnemonic(Arch arch, SourceRange nameRange, String name, List<String> near) {
        for (Arch other : Arch.values()) {
            if (other != arch && other.instructionSet().byMnemonic(name).isPresent()) {
                return Diagnostic.error(nameRange, DiagnosticCode.UNKNOWN_MNEMONIC, "unknown mnemonic '" + name + "' in "
                        + arch.spelling() + " (" + other.spelling() + " only; add .arch " + other.spelling() + ")");
            }
        }
        return Diagnostic.error(nameRange, DiagnosticCode.UNKNOWN_MNEMONIC, "unknown mnemonic '" + name + "'"
                + SpellingSuggestions.didYouMean(near)).withSuggestions(near);
    }

    /**
     * Suggestions for a misspelt mnemonic, made once per spelling and instruction set: a file tends to repeat
     * its misspellings, and each search looks at every mnemonic. At most {@link #REMEMBERED} are kept.
     */
    public List<String> mnemonicSuggestions(String name) {
        Map<String, List<String>> made = MNEMONIC_SUGGESTIONS.computeIfAbsent(isa, k -> new ConcurrentHashMap<>());
        List<String> near = made.get(name);
        if (near == null) {
            near = SpellingSuggestions.closest(name, isa.spellings());
            if (made.size() < REMEMBERED) {
                made.put(name, near);
            }
        }
        return near;
    }

    private static final int REMEMBERED = 4096;
    private static final Map<InstructionSet, Map<String, List<String>>> MNEMONIC_SUGGESTIONS =
            Collections.synchronizedMap(new WeakHashMap<>());

    /** A modifier of an instruction and the field value it takes in one statement. */
    public record ModifierValue(Modifier modifier, long value) {
    }

    /**
     * Field values chosen by the modifiers (named ones, then the omitted ones' defaults), reporting unknown,
     * duplicate and missing required modifiers. Returns the modifiers in table order with their values.
     */
    public List<ModifierValue> resolveModifiers(InstructionDef def, Mnemonic m, Map<String, Long> values) {
        List<Modifier> mods = def.modifiers();
        // Indexed by table position: Modifier records hash their whole enum, too slow per source line.
        Long[] chosen = new Long[mods.size()];
        SourceRange[] where = new SourceRange[mods.size()];
        boolean misspelt = false;
        for (int i = 0; i < m.modifiers().size(); i++) {
            String spelling = m.modifiers().get(i);
            SourceRange range = m.modifierRanges().get(i);
            int match = -1;
            long value = 0;
            for (int k = 0; k < mods.size(); k++) {
                OptionalLong v = mods.get(k).match(spelling);
                if (v.isPresent()) {
                    match = k;
                    value = v.getAsLong();
                    break;
                }
            }
            if (match < 0) {
                List<String> all = mods.stream().flatMap(x -> x.spellings().stream()).toList();
                List<String> near = SpellingSuggestions.closest(spelling, all);
                String message = mods.isEmpty()
                        ? def.mnemonic() + " takes no modifiers, got '." + spelling + "'"
                        : "unknown modifier '." + spelling + "' for " + def.mnemonic()
                        + (near.isEmpty() ? "; expected " + def.signature() : "; did you mean '." + near.get(0) + "'?");
                report(Diagnostic.error(range, DiagnosticCode.UNKNOWN_MODIFIER, message).withSuggestions(near));
                misspelt = true;
                continue;
            }
            Modifier mod = mods.get(match);
            if (mod instanceof Modifier.Number && !mod.field().fits(value)) {
                report(Diagnostic.error(range, DiagnosticCode.OUT_OF_RANGE, "modifier '." + spelling + "' out of range for "
                        + def.mnemonic() + ": allowed " + mod.format(mod.field().min()).orElse("") + ".."
                        + mod.format(mod.field().max()).orElse("")));
                continue;
            }
            int earlier = match;
            for (int k = 0; k < mods.size() && earlier == match; k++) {
                if (k != match && where[k] != null && mods.get(k).field().equals(mod.field())) {
                    earlier = k;
                }
            }
            if (where[earlier] != null) {
                report(Diagnostic.error(range, DiagnosticCode.DUPLICATE_MODIFIER, "modifier '." + spelling + "' conflicts with an "
                        + "earlier one setting " + mod.field().name())
                        .withRelated(List.of(new Diagnostic.Related(where[earlier], "set here"))));
                continue;
            }
            chosen[match] = value;
            where[match] = range;
        }
        for (String name : def.explicitFields()) {
            boolean named = false;
            for (int k = 0; k < mods.size(); k++) {
                named |= where[k] != null && mods.get(k).field().name().equals(name);
            }
            if (!named && !misspelt) {
                String spellings = mods.stream().filter(x -> x.field().name().equals(name))
                        .flatMap(x -> x.spellings().stream()).map(x -> "." + x).collect(Collectors.joining(" or "));
                report(Diagnostic.warning(m.nameRange(), DiagnosticCode.IMPLICIT_MODIFIER, def.mnemonic() + " names neither "
                        + spellings + ": " + name + " is 0 (genxml's default), but pandecode prints no modifier when it"
                        + " is 1; write one of them, or put pandecode's text after '.syntax pandecode'"));
            }
        }
        List<ModifierValue> ordered = new ArrayList<>(mods.size());
        for (int k = 0; k < mods.size(); k++) {
            Modifier mod = mods.get(k);
            Long v = chosen[k];
            if (v == null && mod.required() && misspelt) {
                continue; // the misspelt modifier was most likely this one: one error is enough
            }
            if (v == null && mod.required()) {
                String choices = mod.spellings().stream().map(x -> "." + x).collect(Collectors.joining(", "));
                report(Diagnostic.error(m.nameRange(), DiagnosticCode.MISSING_MODIFIER, def.mnemonic() + " needs a "
                        + mod.field().name() + " modifier: one of " + choices));
                continue;
            }
            if (v == null && setByAnother(mods, where, k)) {
                continue; // another spelling of this field (.malloc_enable / .no_malloc) was named
            }
            long value = v != null ? v : mod.omittedValue();
            ordered.add(new ModifierValue(mod, value));
            values.put(mod.field().name(), value);
        }
        return ordered;
    }

    private static boolean setByAnother(List<Modifier> mods, SourceRange[] where, int k) {
        for (int j = 0; j < mods.size(); j++) {
            if (j != k && where[j] != null && mods.get(j).field().equals(mods.get(k).field())) {
                return true;
            }
        }
        return false;
    }

    private void encodeOperands(CsfParser.InstructionContext ctx, InstructionDef def, Operands operands,
                                Map<String, Long> values) {
        List<CsfParser.OperandContext> given = ctx.operand();
        List<OperandSpec> specs = def.operands();
        long required = 0;
        for (OperandSpec spec : specs) {
            if (!spec.optional()) {
                required++;
            }
        }
        if (given.size() < required || given.size() > specs.size()) {
            String expected = required == specs.size() ? Long.toString(required) : required + " to " + specs.size();
            report(Diagnostic.error(Parsing.range(file, ctx), DiagnosticCode.OPERAND_COUNT, def.mnemonic() + " takes " + expected
                    + " operand" + (specs.size() == 1 ? "" : "s") + ", got " + given.size() + " (" + def.signature() + ")"));
            return;
        }
        for (int i = 0; i < given.size(); i++) {
            try {
                encodeOperand(def, specs.get(i), given.get(i), operands, values);
            } catch (DiagnosticException e) {
                report(e.diagnostic());
            }
        }
    }

    private void encodeOperand(InstructionDef def, OperandSpec spec, CsfParser.OperandContext o, Operands operands,
                               Map<String, Long> values) {
        BitField f = spec.field();
        // the value of the operand's first field; a second field (offset, mask, count) is put by its case
        long firstField = switch (spec.kind()) {
            case R -> register(o, 'r');
            case D -> register(o, 'd');
            case HEX, DEC -> {
                CsfParser.ExprContext e = expression(o, "an immediate");
                OptionalLong named = spec.enumType() != null && e instanceof CsfParser.SymbolExprContext sym
                        ? spec.enumType().valueOf(sym.getText()) : OptionalLong.empty();
                long v = named.isPresent() ? named.getAsLong() : operands.evaluate(e);
                if (o.getText().startsWith("#") && e instanceof CsfParser.NumberExprContext num && num.DEC() != null
                        && readsDifferentlyInPandecode(def, spec, v)) {
                    report(Diagnostic.warning(range(o), DiagnosticCode.PANDECODE_RADIX, "#" + v + " is read as decimal " + v
                            + ", but pandecode prints " + def.mnemonic() + "'s " + f.name() + " in hex (its text #"
                            + v + " means 0x" + v + "): write #0x" + v + " for pandecode's value, #0x"
                            + Long.toHexString(v) + " or " + v + " without '#' for " + v
                            + ", or put pandecode's text after '.syntax pandecode'")
                            .withSuggestions(List.of("#0x" + v, "#0x" + Long.toHexString(v))));
                }
                checkRange(def, spec, f.name(), v, spec.minValue(), spec.maxValue(), e);
                yield v;
            }
            case MEM, MEMOFF -> {
                if (!(o instanceof CsfParser.MemoryOperandContext mem)) {
                    throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, "expected an address operand "
                            + spec.kind().placeholder() + " for " + def.mnemonic() + ", got '" + o.getText() + "'");
                }
                long base = registerNamed(mem.base, 'd');
                values.put(f.name(), base); // before the offset is checked: an error there leaves the base in the word
                if (spec.kind() == dev.csfstudio.isa.OperandKind.MEM) {
                    if (mem.expr() != null) {
                        throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, def.mnemonic()
                                + " takes a plain address [dN] without an offset");
                    }
                    yield base;
                }
                long off = 0;
                if (mem.expr() != null) {
                    long v = operands.evaluate(mem.expr());
                    off = mem.sign.getText().equals("-") ? -v : v;
                }
                BitField offField = spec.fields().get(1);
                checkRange(def, spec, offField.name(), off, offField.min(), offField.max(),
                        mem.expr() != null ? mem.expr() : mem);
                values.put(offField.name(), off);
                yield base;
            }
            case REGMASK -> {
                List<Token> regs = registerTokens(o);
                int base = registerNamed(regs.get(0), 'r');
                long mask = 0;
                int previous = -1;
                for (Token t : regs) {
                    int r = registerNamed(t, 'r');
                    if (r <= previous) {
                        throw DiagnosticException.error(Parsing.range(file, t), DiagnosticCode.REGISTER_LIST,
                                "registers must be listed in ascending order: r" + r + " after r" + previous);
                    }
                    if (r - base >= 16) {
                        throw DiagnosticException.error(Parsing.range(file, t), DiagnosticCode.REGISTER_LIST, "r" + r
                                + " is too far from the base register r" + base + ": allowed r" + base + "..r"
                                + Math.min(base + 15, isa.registerCount() - 1));
                    }
                    mask |= 1L << (r - base);
                    previous = r;
                }
                values.put(spec.fields().get(1).name(), mask);
                yield base;
            }
            case REGRANGE -> {
                List<Token> regs = registerTokens(o);
                if (regs.size() > 2) {
                    throw DiagnosticException.error(range(o), DiagnosticCode.REGISTER_LIST,
                            "expected a register range rFirst:rLast, got '" + o.getText() + "'");
                }
                int first = registerNamed(regs.get(0), 'r');
                int last = registerNamed(regs.get(regs.size() - 1), 'r');
                BitField count = spec.fields().get(1);
                if (last < first || last - first + 1 > count.max()) {
                    throw DiagnosticException.error(range(o), DiagnosticCode.REGISTER_LIST, "register range r" + first + ":r" + last
                            + " must go upwards and span at most " + count.max() + " registers");
                }
                values.put(count.name(), (long) (last - first + 1));
                yield first;
            }
            case BYTES8 -> {
                CsfParser.ExprContext e = expression(o, "a byte count");
                long v = operands.evaluate(e);
                checkRange(def, spec, f.name(), v, 0, spec.maxValue(), e);
                if (v % 8 != 0) {
                    throw DiagnosticException.error(range(e), DiagnosticCode.OUT_OF_RANGE, "byte count " + v + " for "
                            + def.mnemonic() + " must be a multiple of 8");
                }
                yield v / 8;
            }
            case TARGET -> {
                CsfParser.ExprContext e = expression(o, "a label or an offset");
                OptionalLong distance = operands.branchOffset(e);
                if (distance.isPresent()) {
                    long d = distance.getAsLong();
                    if (!f.fits(d)) {
                        throw DiagnosticException.error(range(e), DiagnosticCode.BRANCH_RANGE, "branch target '" + e.getText()
                                + "' is " + d + " instructions away: allowed " + f.min() + ".." + f.max());
                    }
                    yield d;
                }
                long v = operands.evaluate(e);
                checkRange(def, spec, f.name(), v, f.min(), f.max(), e);
                yield v;
            }
        };
        values.put(f.name(), firstField);
    }

    /**
     * Whether {@code #value}, read here as decimal, would mean another value in pandecode's text: the field is
     * one pandecode prints in hex without 0x, and the digits differ between the two readings.
     */
    public static boolean readsDifferentlyInPandecode(InstructionDef def, OperandSpec spec, long value) {
        return readsDifferentlyInPandecode(value, printsInHex(def, spec));
    }

    /** {@link #readsDifferentlyInPandecode(InstructionDef, OperandSpec, long)} once {@link #printsInHex} is known. */
    public static boolean readsDifferentlyInPandecode(long value, boolean printsInHex) {
        return value >= 10 && printsInHex;
    }

    /** Whether pandecode prints the operand's field in hex without 0x. */
    public static boolean printsInHex(InstructionDef def, OperandSpec spec) {
        return def.pandecode().radixOf(spec.field()) == 'x';
    }

    private void checkRange(InstructionDef def, OperandSpec spec, String field, long v, long min, long max,
                            org.antlr.v4.runtime.ParserRuleContext where) {
        if (v < min || v > max) {
            throw DiagnosticException.error(range(where), DiagnosticCode.OUT_OF_RANGE, "immediate " + v + " out of range for "
                    + def.mnemonic() + " " + field + ": allowed " + min + ".." + max);
        }
    }

    private CsfParser.ExprContext expression(CsfParser.OperandContext o, String what) {
        if (o instanceof CsfParser.ExprOperandContext e && e.expr() != null) {
            return e.expr();
        }
        throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, "expected " + what + ", got '" + o.getText() + "'");
    }

    private List<Token> registerTokens(CsfParser.OperandContext o) {
        if (o instanceof CsfParser.RegisterListContext list) {
            return list.IDENT().stream().map(n -> n.getSymbol()).toList();
        }
        if (o instanceof CsfParser.ExprOperandContext e && e.getChildCount() == 1
                && e.expr() instanceof CsfParser.SymbolExprContext s) {
            return List.of(s.IDENT().getSymbol());
        }
        throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, "expected registers rA:rB:..., got '" + o.getText() + "'");
    }

    private int register(CsfParser.OperandContext o, char kind) {
        if (o instanceof CsfParser.ExprOperandContext e && e.getChildCount() == 1
                && e.expr() instanceof CsfParser.SymbolExprContext s) {
            return registerNamed(s.IDENT().getSymbol(), kind);
        }
        throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, "expected a register " + kind + "N, got '"
                + o.getText() + "'");
    }

    /** The number of register {@code rN}/{@code dN}; dN must leave room for rN+1 and odd N only warns. */
    public int registerNamed(Token t, char kind) {
        String text = t.getText();
        long n = registerNumber(text, kind);
        String what = kind == 'd' ? "a register pair dN" : "a register rN";
        if (n < 0) {
            throw DiagnosticException.error(Parsing.range(file, t), DiagnosticCode.OPERAND_KIND, "expected " + what + ", got '"
                    + text + "'");
        }
        int count = isa.registerCount();
        long last = kind == 'd' ? n + 1 : n;
        if (last >= count) {
            throw new DiagnosticException(registerOutOfRange(Parsing.range(file, t), text, kind, count));
        }
        if (kind == 'd' && n % 2 != 0) {
            report(oddPair(Parsing.range(file, t), n));
        }
        return (int) n;
    }

    /** The error for register {@code spelling} (rN or dN) past the last of {@code count} (the plain scanner makes it too). */
    public static Diagnostic registerOutOfRange(SourceRange range, String spelling, char kind, int count) {
        return Diagnostic.error(range, DiagnosticCode.OUT_OF_RANGE, "register " + spelling.toLowerCase(Locale.ROOT)
                + " out of range: allowed " + kind + "0.." + kind + (kind == 'd' ? count - 2 : count - 1));
    }

    /** The warning for an odd register pair {@code dN} at {@code range} (the plain scanner makes it too). */
    public static Diagnostic oddPair(SourceRange range, long n) {
        return Diagnostic.warning(range, DiagnosticCode.ODD_REGISTER_PAIR, "d" + n + " is odd: register pairs normally start at "
                + "an even register (this names r" + n + " and r" + (n + 1) + ")").withSuggestions(List.of("d" + (n - 1)));
    }

    /** N of "rN"/"dN" (either case) for the given kind, or -1 when the text is not such a register. */
    public static long registerNumber(String text, char kind) {
        return registerNumber(SourceText.of(text).bytes(), 0, text.length(), kind);
    }

    /** {@link #registerNumber(String, char)} of {@code text[from, to)} as {@link SourceText#bytes}. */
    public static long registerNumber(byte[] text, int from, int to, char kind) {
        // kind is a lower-case ASCII letter: setting bit 5 lower-cases its capital and no other byte becomes it
        if (to - from < 2 || to - from > 10 || (text[from] | 0x20) != kind) {
            return -1;
        }
        long n = 0;
        for (int i = from + 1; i < to; i++) {
            byte c = text[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private Encoded encodeUnknown(CsfParser.InstructionContext ctx, Mnemonic m, int opcode, Operands operands) {
        SourceRange r = Parsing.range(file, ctx);
        if (opcode > 255) {
            report(Diagnostic.error(m.nameRange(), DiagnosticCode.OUT_OF_RANGE, "opcode " + opcode + " out of range: allowed 0..255"));
            return null;
        }
        if (!m.modifiers().isEmpty() || ctx.operand().size() != 1) {
            report(Diagnostic.error(r, DiagnosticCode.OPERAND_COUNT, "UNKNOWN_" + opcode + " takes one operand: the 56-bit payload"));
            return null;
        }
        try {
            CsfParser.ExprContext e = expression(ctx.operand(0), "the 56-bit payload");
            long data = operands.evaluate(e);
            if (data < 0 || data > InstructionDef.OPCODE.mask() >>> 8) {
                throw DiagnosticException.error(range(e), DiagnosticCode.OUT_OF_RANGE, "payload " + data
                        + " out of range for UNKNOWN_" + opcode + ": allowed 0..0xffffffffffffff");
            }
            return new Encoded(null, ((long) opcode << 56) | data, Map.of());
        } catch (DiagnosticException e) {
            report(e.diagnostic());
            return null;
        }
    }

    private SourceRange range(org.antlr.v4.runtime.ParserRuleContext ctx) {
        return Parsing.range(file, ctx);
    }

    private int errorCount() {
        return errors;
    }

    private void report(Diagnostic d) {
        if (d.severity() == Severity.ERROR) {
            errors++;
        }
        diagnostics.add(d);
    }
}
