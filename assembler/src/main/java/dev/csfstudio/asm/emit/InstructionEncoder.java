package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Severity;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.Modifier;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    public record Encoded(InstructionDef def, long word) {
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
            if (def != null && i < def.operands().size() && def.operands().get(i).kind().readsNamesAsRegisters()) {
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
        OptionalLong base = base(def, values);
        Word word = new Word();
        word.encode(def, base.orElse(0), ctx.operand().size(), isa.registerCount(), new TreeOperands(ctx, operands));
        if (errorCount() > errorsBefore) {
            return null;
        }
        if (base.isEmpty()) {
            report(Diagnostic.error(Parsing.range(file, ctx), DiagnosticCode.OUT_OF_RANGE, cannotHoldBase(def, values)));
            return null;
        }
        return new Encoded(def, word.word());
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

    /**
     * A statement's operands as the encoder reads them, one at a time, and where what it finds goes: the parser's path
     * reports it, the plain scanner and the symbolic fixup decline the line and leave it to the parser's path.
     */
    public interface TypedOperands {
        /** Operand {@code i} as written (one view may be moved along: it is read before the next is asked for). */
        WrittenOperand operand(int i);

        /** What the encoder found about operand {@code i} ({@code -1}: the statement); an error ends that operand. */
        void problem(int i, OperandProblem problem);

        /** Evaluating operand {@code i}'s expression reported {@code d} (only a reader that evaluates as it goes does). */
        void unevaluated(int i, Diagnostic d);
    }

    /**
     * An instruction word being made from its operands: the one route from a statement's typed operands to a word, which
     * the parser's path, the plain scanner and the symbolic fixup all take. It starts from the word with every field but
     * the operands' in place ({@link #base}); each operand is read by its kind's codec ({@link OperandKind#encode}),
     * which puts its field values here.
     */
    public static final class Word implements OperandKind.Fields {
        private InstructionDef def;
        private long word;
        private TypedOperands operands;
        private int operand;
        private boolean failed;

        /**
         * Encodes operands {@code 0..count-1} of {@code def} into {@code base} (a register file of {@code registers}):
         * false when the count or any operand is an error (the word then holds what was read).
         */
        public boolean encode(InstructionDef def, long base, int count, int registers, TypedOperands operands) {
            start(def, base, operands);
            List<OperandSpec> specs = def.operands();
            int required = 0;
            for (int i = 0; i < specs.size(); i++) { // no iterator: this runs once per instruction line
                required += specs.get(i).optional() ? 0 : 1;
            }
            if (count < required || count > specs.size()) {
                String expected = required == specs.size() ? Integer.toString(required) : required + " to " + specs.size();
                operands.problem(-1, new OperandProblem(OperandProblem.Code.OPERAND_COUNT, OperandProblem.Where.STATEMENT,
                        0, def.mnemonic() + " takes " + expected + " operand" + (specs.size() == 1 ? "" : "s") + ", got "
                        + count + " (" + def.signature() + ")", List.of()));
                return false;
            }
            for (int i = 0; i < count; i++) {
                read(i, specs.get(i), registers);
            }
            if (!failed && count < specs.size()) {
                operands.problem(-1, leftOut(def, specs.get(count), word));
            }
            return !failed;
        }

        /**
         * The warning for a line that leaves out optional operand {@code spec} (and any after it): its field keeps its
         * default, though pandecode's text of the instruction leaves that operand out whatever its value (the
         * disassembler always prints it), so the line may be pandecode's text of another word.
         */
        private static OperandProblem leftOut(InstructionDef def, OperandSpec spec, long word) {
            String canonical = Disassembler.text(def, word);
            return new OperandProblem(OperandProblem.Code.PANDECODE_SPELLING, OperandProblem.Where.STATEMENT, 0,
                    def.mnemonic() + "'s " + spec.field().name() + " is left out, so it is " + spec.field().defaultValue()
                    + " (its default); pandecode writes every " + spec.field().name() + " this way: add '.syntax"
                    + " pandecode' before pandecode's text, or write '" + canonical + "'", List.of(canonical));
        }

        /**
         * Encodes the operands {@code specs} of {@code def} that a fixup fills in (the {@code i}th of them is operand
         * {@code i} of {@code operands}) into {@code word}, which holds the others: false when any is an error.
         */
        public boolean encode(InstructionDef def, long word, List<OperandSpec> specs, int registers,
                              TypedOperands operands) {
            start(def, word, operands);
            for (int i = 0; i < specs.size(); i++) {
                read(i, specs.get(i), registers);
            }
            return !failed;
        }

        private void start(InstructionDef def, long base, TypedOperands operands) {
            this.def = def;
            this.word = base;
            this.operands = operands;
            this.failed = false;
        }

        private void read(int i, OperandSpec spec, int registers) {
            operand = i;
            try {
                Optional<OperandProblem> p = spec.kind().encode(def, spec, operands.operand(i), registers, this);
                if (p.isPresent()) {
                    failed = true;
                    operands.problem(i, p.get());
                }
            } catch (DiagnosticException e) {
                failed = true;
                operands.unevaluated(i, e.diagnostic());
            }
        }

        /** The word made. */
        public long word() {
            return word;
        }

        @Override
        public void put(OperandSpec spec, int k, long value) {
            BitField f = spec.fields().get(k);
            if (!fits(f, value)) {
                failed = true;
                operands.problem(-1, new OperandProblem(OperandProblem.Code.OUT_OF_RANGE, OperandProblem.Where.STATEMENT,
                        0, cannotHold(def, f, value), List.of()));
                return;
            }
            word = f.insert(word, value);
        }

        @Override
        public void warn(OperandProblem warning) {
            operands.problem(operand, warning);
        }
    }

    /** Whether {@code f} can hold {@code v}, read as signed or unsigned bits. */
    public static boolean fits(BitField f, long v) {
        return f.width() >= 64 || (v >= -(1L << (f.width() - 1)) && v <= (1L << f.width()) - 1);
    }

    private static String cannotHold(InstructionDef def, BitField f, long value) {
        return def.mnemonic() + "." + f.name() + " cannot hold " + value;
    }

    /**
     * The word of {@code def} with the opcode and every field but the operands' in place ({@code values}, the modifiers',
     * else the field's default), or empty when a field cannot hold its value ({@link #cannotHoldBase} says which).
     */
    public static OptionalLong base(InstructionDef def, Map<String, Long> values) {
        long word = InstructionDef.OPCODE.insert(0, def.opcode());
        for (BitField f : def.fields()) {
            Long v = values.get(f.name());
            long value = v != null ? v : f.defaultValue();
            if (!fits(f, value)) {
                return OptionalLong.empty();
            }
            word = f.insert(word, value);
        }
        return OptionalLong.of(word);
    }

    /** The message for the first field of {@code def} that cannot hold its {@link #base} value. */
    private static String cannotHoldBase(InstructionDef def, Map<String, Long> values) {
        for (BitField f : def.fields()) {
            Long v = values.get(f.name());
            long value = v != null ? v : f.defaultValue();
            if (!fits(f, value)) {
                return cannotHold(def, f, value);
            }
        }
        throw new IllegalStateException(def.mnemonic());
    }

    /** The diagnostic of {@code p}, about {@code range}. */
    public static Diagnostic diagnostic(OperandProblem p, SourceRange range) {
        DiagnosticCode code = switch (p.code()) {
            case OPERAND_COUNT -> DiagnosticCode.OPERAND_COUNT;
            case OPERAND_KIND -> DiagnosticCode.OPERAND_KIND;
            case OUT_OF_RANGE -> DiagnosticCode.OUT_OF_RANGE;
            case REGISTER_LIST -> DiagnosticCode.REGISTER_LIST;
            case BRANCH_RANGE -> DiagnosticCode.BRANCH_RANGE;
            case ODD_REGISTER_PAIR -> DiagnosticCode.ODD_REGISTER_PAIR;
            case PANDECODE_RADIX -> DiagnosticCode.PANDECODE_RADIX;
            case PANDECODE_SPELLING -> DiagnosticCode.PANDECODE_SPELLING;
        };
        Diagnostic d = p.code().warning() ? Diagnostic.warning(range, code, p.message())
                : Diagnostic.error(range, code, p.message());
        return p.suggestions().isEmpty() ? d : d.withSuggestions(p.suggestions());
    }

    /** The parsed statement's operands: what the encoder reads of each, and its findings reported at their ranges. */
    private final class TreeOperands implements TypedOperands {
        private final CsfParser.InstructionContext ctx;
        private final Operands values;

        TreeOperands(CsfParser.InstructionContext ctx, Operands values) {
            this.ctx = ctx;
            this.values = values;
        }

        @Override
        public WrittenOperand operand(int i) {
            return new TreeOperand(ctx.operand(i), values);
        }

        @Override
        public void problem(int i, OperandProblem p) {
            report(diagnostic(p, i < 0 ? Parsing.range(file, ctx) : range(ctx.operand(i), p)));
        }

        @Override
        public void unevaluated(int i, Diagnostic d) {
            report(d);
        }

        private SourceRange range(CsfParser.OperandContext o, OperandProblem p) {
            return switch (p.where()) {
                case STATEMENT -> Parsing.range(file, ctx);
                case OPERAND -> InstructionEncoder.this.range(o);
                case VALUE -> InstructionEncoder.this.range(o instanceof CsfParser.MemoryOperandContext m
                        ? (m.expr() != null ? m.expr() : m) : ((CsfParser.ExprOperandContext) o).expr());
                case NAME -> Parsing.range(file, TreeOperand.name(o, p.token()));
            };
        }
    }

    /** One operand of a syntax tree; its values come from the assembly's evaluator. */
    public static final class TreeOperand extends WrittenOperand {
        private final CsfParser.OperandContext o;
        private final Operands values;

        public TreeOperand(CsfParser.OperandContext o, Operands values) {
            this.o = o;
            this.values = values;
        }

        @Override
        public Shape shape() {
            if (o instanceof CsfParser.RegisterListContext) {
                return Shape.LIST;
            }
            if (o instanceof CsfParser.MemoryOperandContext) {
                return Shape.ADDRESS;
            }
            return lone(o) != null ? Shape.NAME : Shape.EXPRESSION;
        }

        @Override
        public String text() {
            return o.getText();
        }

        @Override
        public String name(int k) {
            return name(o, k).getText();
        }

        @Override
        public int names() {
            return o instanceof CsfParser.RegisterListContext list ? list.IDENT().size()
                    : o instanceof CsfParser.MemoryOperandContext || lone(o) != null ? 1 : 0;
        }

        @Override
        public String symbol() {
            return o instanceof CsfParser.ExprOperandContext e && e.expr() instanceof CsfParser.SymbolExprContext s
                    ? s.getText() : null;
        }

        @Override
        public boolean decimalLiteral() {
            return o instanceof CsfParser.ExprOperandContext e && o.getText().startsWith("#")
                    && e.expr() instanceof CsfParser.NumberExprContext num && num.DEC() != null;
        }

        @Override
        public long value() {
            if (o instanceof CsfParser.MemoryOperandContext mem) {
                if (mem.expr() == null) {
                    return 0;
                }
                long v = values.evaluate(mem.expr());
                return mem.sign.getText().equals("-") ? -v : v;
            }
            return values.evaluate(((CsfParser.ExprOperandContext) o).expr());
        }

        @Override
        public String valueText() {
            return (o instanceof CsfParser.MemoryOperandContext mem ? mem.expr()
                    : ((CsfParser.ExprOperandContext) o).expr()).getText();
        }

        @Override
        public OptionalLong branchOffset() {
            return values.branchOffset(((CsfParser.ExprOperandContext) o).expr());
        }

        @Override
        public boolean hasOffset() {
            return o instanceof CsfParser.MemoryOperandContext mem && mem.expr() != null;
        }

        /** The name of a lone-name operand ({@code r5}, not {@code #r5}), or null. */
        private static Token lone(CsfParser.OperandContext o) {
            return o instanceof CsfParser.ExprOperandContext e && e.getChildCount() == 1
                    && e.expr() instanceof CsfParser.SymbolExprContext s ? s.IDENT().getSymbol() : null;
        }

        static Token name(CsfParser.OperandContext o, int k) {
            if (o instanceof CsfParser.RegisterListContext list) {
                return list.IDENT(k).getSymbol();
            }
            return o instanceof CsfParser.MemoryOperandContext mem ? mem.base : lone(o);
        }
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
            return new Encoded(null, ((long) opcode << 56) | data);
        } catch (DiagnosticException e) {
            report(e.diagnostic());
            return null;
        }
    }

    private CsfParser.ExprContext expression(CsfParser.OperandContext o, String what) {
        if (o instanceof CsfParser.ExprOperandContext e && e.expr() != null) {
            return e.expr();
        }
        throw DiagnosticException.error(range(o), DiagnosticCode.OPERAND_KIND, "expected " + what + ", got '" + o.getText() + "'");
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
