package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.directives.SectionArguments;
import dev.csfstudio.asm.emit.ConstantAssignment;
import dev.csfstudio.asm.emit.ControlFlow;
import dev.csfstudio.asm.emit.DescriptorArguments;
import dev.csfstudio.asm.emit.InstructionEncoder;
import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.emit.InstructionFixup;
import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionText;
import dev.csfstudio.asm.expr.SymbolicExpression;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.Severity;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandProblem;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.WrittenOperand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A character-level shortcut past ANTLR for the common instruction line: optional {@code name:} labels, a
 * mnemonic with dotted modifiers, and operands that are registers, (optionally {@code #}, optionally
 * negative) decimal/hex/binary literals, {@code [dN]}, {@code [dN +/- literal]}, register lists, bare
 * names or local references, and whole expressions ({@link ExpressionText}; a {@link InstructionFixup} when they
 * name something), then an optional comment.
 *
 * <p>The scanner reads tokens only: each operand it read goes to the one encoder
 * ({@link InstructionEncoder.Word}), whose operand kinds read it as they read the parser's tree, so the word is made
 * by the same code on both paths.
 *
 * <p>The grammar stays the definition of the language: this scanner accepts only lines whose tokens it is
 * sure of, and only when the encoder says nothing of them but an odd pair or a register out of range. Anything else (an expression the
 * {@link ExpressionText} declines, a directive it has no shape for, strings outside an {@code .expect}, unusual
 * characters or spacing, any error or other warning) makes it
 * decline ({@link Result.Declined}, with what it read before it stopped), and the line goes through the parser
 * unchanged. Every call returns one {@link Result}: the line read, or declined.
 * {@code PlainInstructionScannerPropertiesTest} checks that where it accepts, the whole assembly result equals
 * the parser's.
 */
public final class PlainInstructionScanner {

    private static final int IDENT = 0;
    private static final int LOCAL_REF = 1;
    private static final int NUMBER = 2;
    private static final int MEMORY = 3;
    private static final int LIST = 4;
    /** A whole expression ({@link ExpressionText}) naming at least one symbol, local label or function. */
    private static final int EXPR = 5;
    private static final int MAX_OPERANDS = 8;

    private final Arch arch;
    private final InstructionSet isa;
    // the operands of the line being scanned
    private final int[] type = new int[MAX_OPERANDS];
    private final int[] start = new int[MAX_OPERANDS];
    private final int[] end = new int[MAX_OPERANDS];
    /** Where each operand begins and ends (its text, for the encoder's messages). */
    private final int[] operandStart = new int[MAX_OPERANDS];
    private final int[] operandEnd = new int[MAX_OPERANDS];
    private final long[] value = new long[MAX_OPERANDS];
    /** Operand i was '#' and a decimal literal: in a field pandecode prints in hex it draws a warning. */
    private final boolean[] hashDecimal = new boolean[MAX_OPERANDS];
    /** The radix of the last {@link #number}. */
    private int tokenRadix;
    private final boolean[] hasOffset = new boolean[MAX_OPERANDS];
    /** Register lists (at most 17 registers: the base and 16 more is already one too many). */
    private final long[][] list = new long[MAX_OPERANDS][17];
    private final int[] listCount = new int[MAX_OPERANDS];
    /** The expression of each {@link #EXPR} operand. */
    private final SymbolicExpression[] program = new SymbolicExpression[MAX_OPERANDS];
    private final ExpressionText reader = new ExpressionText();
    private final int[] labelStarts = new int[MAX_OPERANDS];
    private final int[] labelEnds = new int[MAX_OPERANDS];
    private static final String[] NO_NAMES = {};
    private static final int[] NO_COLUMNS = {};
    private final List<Diagnostic> found = new ArrayList<>(0);
    /** The names read (labels, branch targets, names in expressions), one string each. */
    private final InternedNames names = new InternedNames();
    private InstructionEncoder encoder;
    private Path encoderFile;
    /**
     * The text being scanned as {@link SourceText#scanBytes}: ASCII as is, anything else a byte that is no
     * token character. Array access, not String.charAt, is what makes this fast.
     */
    private byte[] text;
    private int lineEnd;
    /** The file, line number and start offset of the line being scanned (for the ranges of its findings). */
    private Path file;
    private int lineNo;
    private int lineStart;
    /**
     * What the encoder would say about the line being scanned, in its words and order: the findings read here
     * are an unknown mnemonic, a register out of range and an odd register pair (a line with anything else to
     * say is declined).
     */
    private final List<Diagnostic> findings = new ArrayList<>(0);
    /** End of the number or name {@link #number}/{@link #ident} just read. */
    private int tokenEnd;
    /** See {@link #strayToken}. */
    private int stray;
    /** See {@link #handOff}: where the part the scanner declined begins, or -1; what it is; the labels before it. */
    private int declinedAt;
    private boolean declinedDirective;
    private int declinedLabels;

    /**
     * What the scanner read of a line it declined at an operand or a directive, all read as the parser reads it: the
     * line's labels (names, and columns as {@link LineScanner.EncodedLine} keeps them) and the offset {@code at} where
     * the part begins that it could not read: an operand after a mnemonic and operands each followed by a comma, or
     * ({@code directive}) the dot of a directive after the labels.
     */
    public record HandOff(String[] labelNames, int[] labelColumns, int at, boolean directive) {
    }

    public PlainInstructionScanner(Arch arch) {
        this.arch = arch;
        this.isa = arch.instructionSet();
    }

    /** What the scanner made of one line: every call to {@link #scan} returns one, never null. */
    public sealed interface Result {
        /**
         * The line read as {@code statement}: an {@link LineScanner.EncodedLine} (a
         * {@link ScannedStatement.FlaggedInstruction} when the encoder has findings about it: an unknown mnemonic, a
         * register out of range, an odd pair), a {@link LineScanner.RawWord} for
         * {@code .inst}, a {@link LineScanner.DataLine} for literal data, or another of the directive lines it reads.
         */
        record Read(ScannedStatement statement) implements Result {
        }

        /**
         * The line is the parser's: {@code handOff} is what was read before the part the scanner could not read
         * (null when it stopped before an operand or directive), {@code stray} the offset of a token the
         * statement before it cannot be followed by when the line has no labels ({@link StrayToken}), or -1.
         */
        record Declined(HandOff handOff, int stray) implements Result {
        }
    }

    /**
     * The line {@code text[from, to)} (line number {@code n}) scanned and encoded: {@link Result.Read}, or
     * {@link Result.Declined} (the parser reads the line then).
     */
    public Result scan(Path file, byte[] text, int from, int to, int n) {
        ScannedStatement read = read(file, text, from, to, n);
        if (read == null) {
            return new Result.Declined(declinedAt < 0 ? null : new HandOff(labelNames(declinedLabels),
                    labelColumns(lineStart, declinedLabels), declinedAt, declinedDirective), stray);
        }
        // only instructions have findings
        return new Result.Read(findings.isEmpty() ? read
                : new ScannedStatement.FlaggedInstruction((LineScanner.EncodedLine) read, List.copyOf(findings)));
    }

    /** The line read as a statement, or null when it was declined ({@link #scan}). */
    private ScannedStatement read(Path file, byte[] text, int from, int to, int n) {
        this.text = text;
        this.lineEnd = to;
        this.file = file;
        this.lineNo = n;
        this.lineStart = from;
        findings.clear();
        stray = -1;
        declinedAt = -1;
        int p = spaces(from);
        int labels = 0;
        int mnemonicStart;
        int mnemonicEnd;
        while (true) { // labels, then the mnemonic
            if (labels > 0 && lineDone(p)) {
                return labelsOnly(from, labels);
            }
            if (p >= to) {
                return null;
            }
            int c = text[p];
            int e;
            boolean digits = false;
            if (Lexicon.isIdentifierStart(c)) {
                e = ident(p);
            } else if (c >= '0' && c <= '9') {
                e = p;
                while (e < to && text[e] >= '0' && text[e] <= '9') {
                    e++;
                }
                digits = true;
            } else if (c == '.') {
                e = Lexicon.identifierPartEnd(text, p + 1, to); // the directive's name, read once for every shape
                LineScanner.RawWord raw = rawWord(from, labels, p, e);
                if (raw != null) {
                    return raw;
                }
                LineScanner.DataLine data = dataLine(from, labels, p, e);
                ScannedStatement statement = data != null ? data : alignLine(from, labels, p, e);
                statement = statement != null ? statement : constantLine(from, labels, p, e);
                statement = statement != null ? statement : descriptorLine(from, labels, p, e);
                statement = statement != null ? statement : sectionLine(from, labels, p, e);
                statement = statement != null ? statement : expectLine(from, labels, p, e);
                if (statement == null) {
                    declined(p, true, labels);
                }
                return statement;
            } else {
                stray = labels == 0 ? p : -1;
                return null;
            }
            if (e < 0) {
                return null;
            }
            int q = spaces(e);
            if (q < to && text[q] == ':') {
                if (labels == MAX_OPERANDS) {
                    return null;
                }
                labelStarts[labels] = p;
                labelEnds[labels++] = e;
                p = spaces(q + 1);
                continue;
            }
            if (digits || !delimited(e, false)) {
                return null;
            }
            mnemonicStart = p;
            mnemonicEnd = e;
            p = q;
            break;
        }
        int count = 0;
        int lastEnd = mnemonicEnd;
        if (!lineDone(p)) {
            while (true) {
                if (count == MAX_OPERANDS) {
                    return null;
                }
                int e = operand(p, count);
                operandStart[count] = p;
                operandEnd[count] = e;
                if (e < 0) {
                    stray = count == 0 && labels == 0 && !StrayToken.mayStartOperand(text[p]) ? p : -1;
                    declined(p < to ? p : -1, false, labels);
                    return null;
                }
                count++;
                lastEnd = e;
                p = spaces(e);
                if (lineDone(p)) {
                    break;
                }
                if (text[p] != ',') {
                    stray = labels == 0 && !StrayToken.mayContinueOperand(text[p]) ? p : -1;
                    return null;
                }
                p = spaces(p + 1);
            }
        }
        return encode(file, n, from, labels, mnemonicStart, mnemonicEnd, count, lastEnd);
    }

    /** Forgets the names read so far and the source they came from (at the end of a chunk of lines). */
    void forgetNames() {
        names.forget();
    }

    private void declined(int at, boolean directive, int labels) {
        declinedAt = at;
        declinedDirective = directive;
        declinedLabels = labels;
    }

    private ScannedStatement encode(Path file, int n, int from, int labels, int mnemonicStart, int mnemonicEnd, int count,
                          int lastEnd) {
        Form form = form(file, mnemonicStart, mnemonicEnd);
        if (form.def == null) {
            if (form.unknown == null) {
                return null;
            }
            // the encoder says only this of an unknown mnemonic, and never looks at its operands
            findings.add(InstructionEncoder.unknownMnemonic(arch, new SourceRange(file, n, mnemonicStart - from + 1, n,
                    mnemonicStart - from + 1 + form.unknown.length()), form.unknown, form.meant));
            return unencoded(from, labels, mnemonicStart, lastEnd);
        }
        InstructionDef def = form.def;
        OperandSpec[] specs = form.specs;
        boolean deferred = false;
        for (int i = 0; i < count && i < specs.length; i++) {
            OperandKind kind = specs[i].kind();
            if (!kind.readsNamesAsRegisters() && (type[i] == IDENT || type[i] == LOCAL_REF || type[i] == EXPR)) {
                deferred = true; // as InstructionEncoder.namesSymbols: the in-order pass encodes it
            }
        }
        // the encoder's word: a name or expression that names something is 0 until its fixup fills it
        operands.declined = false;
        word.encode(def, form.base, count, isa.registerCount(), operands);
        if (operands.declined || (deferred && !findings.isEmpty())) {
            findings.clear();
            return null;
        }
        if (deferred) {
            // an operand that names something makes the line an instruction fixup; the parser has the rest
            InstructionFixup fixup = fixup(form, count);
            return fixup == null ? null : new LineScanner.SymbolicInstruction(labelNames(labels),
                    labelColumns(from, labels), mnemonicStart - from + 1, lastEnd - from + 1, fixup);
        }
        int column = mnemonicStart - from + 1;
        int endColumn = lastEnd - from + 1;
        if (!findings.isEmpty() && findings.stream().anyMatch(d -> d.severity() == Severity.ERROR)) {
            return unencoded(from, labels, mnemonicStart, lastEnd);
        }
        return new LineScanner.EncodedLine(labelNames(labels), labelColumns(from, labels), column, endColumn, def,
                word.word(), form.unconditional, form.target, true, false);
    }

    /** The one encoder's word, made again for each line. */
    private final InstructionEncoder.Word word = new InstructionEncoder.Word();
    private final ScannedOperands operands = new ScannedOperands();

    /**
     * The operands of the line being scanned as the encoder reads them (one view moved from operand to operand), and
     * what it says of them: the findings the scanner keeps (a register out of range or an odd pair, where the
     * operand is that one name), anything else declines the line to the parser's path, which reports it.
     */
    private final class ScannedOperands extends WrittenOperand implements InstructionEncoder.TypedOperands {
        private int i;
        boolean declined;

        @Override
        public WrittenOperand operand(int i) {
            this.i = i;
            return this;
        }

        @Override
        public void problem(int at, OperandProblem p) {
            boolean oneName = at >= 0 && p.where() == OperandProblem.Where.NAME && (type[at] == IDENT || type[at] == MEMORY);
            if (oneName && (p.code() == OperandProblem.Code.OUT_OF_RANGE
                    || p.code() == OperandProblem.Code.ODD_REGISTER_PAIR)) {
                findings.add(InstructionEncoder.diagnostic(p, operandRange(at)));
            } else {
                declined = true;
            }
        }

        @Override
        public void unevaluated(int at, Diagnostic d) {
            declined = true;
        }

        @Override
        public Shape shape() {
            return switch (type[i]) {
                case IDENT -> Shape.NAME;
                case LIST -> Shape.LIST;
                case MEMORY -> Shape.ADDRESS;
                default -> Shape.EXPRESSION;
            };
        }

        @Override
        public String text() {
            return new String(text, operandStart[i], operandEnd[i] - operandStart[i], StandardCharsets.ISO_8859_1);
        }

        @Override
        public String name(int k) {
            // a list's names were all registers rN when read: its own spelling of each is only in messages of lines
            // the scanner declines
            return type[i] == LIST ? "r" + list[i][k]
                    : new String(text, start[i], end[i] - start[i], StandardCharsets.ISO_8859_1);
        }

        @Override
        public int names() {
            return type[i] == LIST ? listCount[i] : type[i] == IDENT || type[i] == MEMORY ? 1 : 0;
        }

        @Override
        public long register(int k, char letter) {
            if (type[i] == LIST) {
                return letter == 'r' ? list[i][k] : -1;
            }
            return WrittenOperand.registerNumber(text, start[i], end[i], letter);
        }

        @Override
        public String symbol() {
            return type[i] == IDENT ? names.of(text, start[i], end[i]) : null;
        }

        @Override
        public boolean decimalLiteral() {
            return type[i] == NUMBER && hashDecimal[i];
        }

        @Override
        public long value() {
            // a name or expression naming something: 0 until its fixup or symbolic line
            return type[i] == NUMBER || (type[i] == MEMORY && hasOffset[i]) ? value[i] : 0;
        }

        @Override
        public String valueText() {
            return text();
        }

        @Override
        public OptionalLong branchOffset() {
            return OptionalLong.empty();
        }

        @Override
        public boolean hasOffset() {
            return hasOffset[i];
        }
    }

    /** An instruction line the encoder reports errors for (in {@link #findings}): placed, but no word. */
    private LineScanner.EncodedLine unencoded(int from, int labels, int mnemonicStart, int lastEnd) {
        return new LineScanner.EncodedLine(labelNames(labels), labelColumns(from, labels), mnemonicStart - from + 1,
                lastEnd - from + 1, null, 0, false, null, false, false);
    }

    /**
     * {@code .inst LITERAL}, the raw words {@code csf disasm} prints for every word without canonical text (a
     * disassembled binary may be millions of them): the directive's word, or null to decline.
     */
    private LineScanner.RawWord rawWord(int from, int labels, int p, int e) {
        if (e - p != 5 || e >= lineEnd || !named(p + 1, "inst") || !Lexicon.isSpace(text[e])) {
            return null;
        }
        int q = spaces(e);
        boolean negative = q < lineEnd && text[q] == '-';
        int digits = negative ? q + 1 : q;
        long word = digits + 1 < lineEnd && text[digits] == '0' && (text[digits + 1] | 0x20) == 'x'
                ? hexWord(digits + 2, false) : number(digits);
        if (tokenEnd < 0 || !lineDone(spaces(tokenEnd))) {
            return null;
        }
        return new LineScanner.RawWord(labelNames(labels), labelColumns(from, labels), p - from + 1,
                tokenEnd - from + 1, negative ? -word : word);
    }

    /**
     * {@code .align} with a literal boundary (a buffer's descriptors are aligned so, every few lines of a
     * descriptor-heavy source), or null to decline: its check and padding are the directive's own.
     */
    private LineScanner.AlignLine alignLine(int from, int labels, int p, int e) {
        if (e - p != 6 || e >= lineEnd || !named(p + 1, "align") || !Lexicon.isSpace(text[e])) {
            return null;
        }
        int q = spaces(e);
        long n = number(q);
        if (tokenEnd < 0 || !lineDone(spaces(tokenEnd))) {
            return null;
        }
        return new LineScanner.AlignLine(labelNames(labels), labelColumns(from, labels), p - from + 1,
                tokenEnd - from + 1, n, q - from + 1, tokenEnd - from + 1);
    }

    /** The data line's values being read, little-endian. */
    private byte[] dataBytes = new byte[128];

    /**
     * {@code .byte}, {@code .hword}, {@code .word} or {@code .dword} with a list of literal numbers (tables and
     * descriptor data: a data-heavy source is mostly these) that each fit the width, or null to decline.
     */
    private LineScanner.DataLine dataLine(int from, int labels, int p, int e) {
        int width = dataWidth(p + 1, e);
        if (width == 0 || e >= lineEnd || !Lexicon.isSpace(text[e])) {
            return null;
        }
        int q = spaces(e);
        int count = 0;
        while (true) {
            boolean negative = q < lineEnd && text[q] == '-';
            int digits = negative ? q + 1 : q;
            long v = digits + 1 < lineEnd && text[digits] == '0' && (text[digits + 1] | 0x20) == 'x'
                    ? hexWord(digits + 2, true) : number(digits);
            v = negative ? -v : v;
            if (tokenEnd < 0 || operatorAt(spaces(tokenEnd))) {
                tokenEnd = literalExpression(q);
                v = literal;
                if (tokenEnd < 0) {
                    return null;
                }
            }
            if (width < 8 && (v < -(1L << (8 * width - 1)) || v > (1L << (8 * width)) - 1)) {
                return null; // the parser's path says it is out of range
            }
            if ((count + 1) * width > dataBytes.length) {
                dataBytes = Arrays.copyOf(dataBytes, 2 * dataBytes.length);
            }
            for (int i = 0; i < width; i++) {
                dataBytes[count * width + i] = (byte) (v >>> (8 * i));
            }
            count++;
            int last = tokenEnd;
            q = spaces(last);
            if (lineDone(q)) {
                return new LineScanner.DataLine(labelNames(labels), labelColumns(from, labels), p - from + 1,
                        last - from + 1, width, Arrays.copyOf(dataBytes, count * width));
            }
            if (text[q] != ',') {
                return null;
            }
            q = spaces(q + 1);
        }
    }

    /** {@code .equ NAME, VALUE} or {@code .set NAME, VALUE} with a whole expression as its value, or null to decline. */
    private LineScanner.ConstantLine constantLine(int from, int labels, int p, int e) {
        if (e - p != 4 || !(named(p + 1, "equ") || named(p + 1, "set"))) {
            return null;
        }
        boolean redefinable = (text[p + 1] | 0x20) == 's';
        int nameEnd = nameAfter(e);
        if (nameEnd < 0) {
            return null;
        }
        int q = spaces(e);
        int comma = spaces(nameEnd);
        if (comma >= lineEnd || text[comma] != ',') {
            return null;
        }
        int last = reader.read(text, spaces(comma + 1), from, lineEnd, names);
        if (last < 0 || !lineDone(spaces(last))) {
            return null;
        }
        String name = names.of(text, q, nameEnd);
        return new LineScanner.ConstantLine(labelNames(labels), labelColumns(from, labels), p - from + 1, last - from + 1,
                new ConstantAssignment(redefinable, name, q - from + 1, nameEnd - from + 1, reader.expression()));
    }

    private String[] descriptorKeys = new String[8];
    private int[] descriptorKeyColumns = new int[16];
    private SymbolicExpression[] descriptorValues = new SymbolicExpression[8];
    private int[] descriptorValueColumns = new int[16];

    /**
     * {@code .fbd} or {@code .rt} with {@code field=value} arguments whose values are whole expressions
     * ({@link ExpressionText}), as {@link DescriptorArguments}; null to decline: no arguments, tuples, strings,
     * {@code clear_rgba}/{@code clear_raw} (their values are tuples or checked against them), anything else.
     */
    private LineScanner.Descriptor descriptorLine(int from, int labels, int p, int e) {
        boolean fbd = e - p == 4 && named(p + 1, "fbd");
        if (!fbd && !(e - p == 3 && named(p + 1, "rt")) || e >= lineEnd || !Lexicon.isSpace(text[e])) {
            return null;
        }
        int q = spaces(e);
        int count = 0;
        while (true) {
            if (q >= lineEnd || !Lexicon.isIdentifierStart(text[q])) {
                return null;
            }
            int keyEnd = ident(q);
            if (keyEnd < 0 || tokenIs(q, keyEnd, "clear_rgba") || tokenIs(q, keyEnd, "clear_raw")) {
                return null;
            }
            int v = spaces(keyEnd);
            if (v >= lineEnd || text[v] != '=') {
                return null;
            }
            v = spaces(v + 1);
            if (v >= lineEnd) {
                return null;
            }
            int valueEnd = reader.read(text, v, from, lineEnd, names);
            if (valueEnd < 0) {
                return null;
            }
            if (count == descriptorKeys.length) {
                descriptorKeys = ArrayCopies.strings(descriptorKeys, 2 * count);
                descriptorValues = ArrayCopies.expressions(descriptorValues, 2 * count);
                descriptorKeyColumns = Arrays.copyOf(descriptorKeyColumns, 4 * count);
                descriptorValueColumns = Arrays.copyOf(descriptorValueColumns, 4 * count);
            }
            descriptorKeys[count] = names.of(text, q, keyEnd);
            descriptorKeyColumns[2 * count] = q - from + 1;
            descriptorKeyColumns[2 * count + 1] = keyEnd - from + 1;
            descriptorValues[count] = reader.expression();
            descriptorValueColumns[2 * count] = v - from + 1;
            descriptorValueColumns[2 * count + 1] = valueEnd - from + 1;
            count++;
            q = spaces(valueEnd);
            if (lineDone(q)) {
                DescriptorArguments arguments = new DescriptorArguments(fbd, ArrayCopies.strings(descriptorKeys, count),
                        Arrays.copyOf(descriptorKeyColumns, 2 * count), ArrayCopies.expressions(descriptorValues, count),
                        Arrays.copyOf(descriptorValueColumns, 2 * count));
                return new LineScanner.Descriptor(labelNames(labels), labelColumns(from, labels), p - from + 1,
                        valueEnd - from + 1, arguments);
            }
            if (text[q] != ',') {
                return null;
            }
            q = spaces(q + 1);
        }
    }

    /**
     * {@code .stream NAME} or {@code .buffer NAME} with options that are plain names ({@code dumpable}) or
     * {@code key=value} with a whole expression as the value ({@link ExpressionText}), as {@link SectionArguments};
     * null to decline (anything else: strings, tuples, no name).
     */
    private LineScanner.SectionLine sectionLine(int from, int labels, int p, int e) {
        boolean stream = e - p == 7 && named(p + 1, "stream");
        int nameEnd = stream || e - p == 7 && named(p + 1, "buffer") ? nameAfter(e) : -1;
        if (nameEnd < 0) {
            return null;
        }
        int q = spaces(e);
        int last = nameEnd;
        int count = 0;
        String[] keys = new String[MAX_OPERANDS];
        SymbolicExpression[] values = new SymbolicExpression[MAX_OPERANDS];
        int[] columns = new int[4 * MAX_OPERANDS];
        for (int r = spaces(nameEnd); !lineDone(r); r = spaces(last)) {
            if (text[r] != ',' || count == MAX_OPERANDS) {
                return null;
            }
            int k = spaces(r + 1);
            if (k >= lineEnd || !Lexicon.isIdentifierStart(text[k])) {
                return null;
            }
            int keyEnd = ident(k);
            if (keyEnd < 0) {
                return null;
            }
            keys[count] = names.of(text, k, keyEnd);
            last = keyEnd;
            int v = spaces(keyEnd);
            if (v < lineEnd && text[v] == '=') {
                v = spaces(v + 1);
                last = reader.read(text, v, from, lineEnd, names);
                if (last < 0) {
                    return null;
                }
                values[count] = reader.expression();
                columns[4 * count + 2] = v - from + 1;
                columns[4 * count + 3] = last - from + 1;
            }
            columns[4 * count] = k - from + 1;
            columns[4 * count + 1] = last - from + 1;
            count++;
        }
        SectionArguments arguments = new SectionArguments(stream ? SectionKind.STREAM : SectionKind.BUFFER,
                names.of(text, q, nameEnd), q - from + 1, nameEnd - from + 1, ArrayCopies.strings(keys, count),
                ArrayCopies.expressions(values, count), Arrays.copyOf(columns, 4 * count));
        return new LineScanner.SectionLine(labelNames(labels), labelColumns(from, labels), p - from + 1, last - from + 1,
                arguments);
    }

    /** Where the part of the {@code .expect} line {@link #expectLine} read last ends, or -1 when it declined. */
    private int expectEnd;

    /**
     * {@code .expect SUBJECT [TARGET...] [OP VALUE] [[,] key=value...]} whose targets are whole expressions
     * ({@link ExpressionText}) or such expressions in brackets, whose value is one, a tuple of them or a string, and
     * whose options' values are such expressions, as a {@link ScannedExpectation}; null to decline.
     */
    private LineScanner.ExpectLine expectLine(int from, int labels, int p, int e) {
        int subjectEnd = e - p == 7 && named(p + 1, "expect") ? nameAfter(e) : -1;
        if (subjectEnd < 0) {
            return null;
        }
        int q = spaces(e);
        int last = subjectEnd;
        List<ScannedExpectation.Term> targets = new ArrayList<>(2);
        int[] targetColumns = new int[2 * MAX_OPERANDS];
        int r = spaces(subjectEnd);
        while (!lineDone(r) && text[r] != ',' && comparisonAt(r) == null && !optionAt(r)) {
            if (targets.size() == MAX_OPERANDS) {
                return null;
            }
            boolean bracketed = text[r] == '[';
            ScannedExpectation.Term t = expectTerm(bracketed ? spaces(r + 1) : r, false);
            if (t == null || !targets.isEmpty() && !bracketed && !oneName(t)) {
                return null; // a later target is a name or bracketed: the parser's error for anything else
            }
            int end = expectEnd;
            if (bracketed) {
                end = spaces(end);
                if (end >= lineEnd || text[end] != ']') {
                    return null;
                }
                end++;
                t = new ScannedExpectation.Term(ScannedExpectation.Kind.BRACKETED, t.expression(), null, null, null,
                        t.column(), t.endColumn());
            }
            targetColumns[2 * targets.size()] = r - from + 1;
            targetColumns[2 * targets.size() + 1] = end - from + 1;
            targets.add(t);
            last = end;
            r = spaces(end);
        }
        String comparison = comparisonAt(r);
        int comparisonColumn = r - from + 1;
        ScannedExpectation.Term value = null;
        if (comparison != null) {
            value = expectTerm(spaces(r + comparison.length()), true);
            if (value == null) {
                return null;
            }
            last = expectEnd;
            r = spaces(last);
        }
        List<String> keys = new ArrayList<>(1);
        List<ScannedExpectation.Term> values = new ArrayList<>(1);
        int[] optionColumns = new int[2 * MAX_OPERANDS];
        while (!lineDone(r)) {
            int k = text[r] == ',' ? spaces(r + 1) : r;
            if (keys.size() == MAX_OPERANDS || !optionAt(k)) {
                return null;
            }
            int keyEnd = ident(k);
            ScannedExpectation.Term v = expectTerm(spaces(spaces(keyEnd) + 1), false);
            if (v == null) {
                return null;
            }
            optionColumns[2 * keys.size()] = k - from + 1;
            optionColumns[2 * keys.size() + 1] = expectEnd - from + 1;
            keys.add(names.of(text, k, keyEnd));
            values.add(v);
            last = expectEnd;
            r = spaces(last);
        }
        ScannedExpectation x = new ScannedExpectation(names.of(text, q, subjectEnd), q - from + 1, subjectEnd - from + 1,
                targets.toArray(new ScannedExpectation.Term[0]), Arrays.copyOf(targetColumns, 2 * targets.size()),
                comparison, comparisonColumn, value, keys.toArray(new String[0]),
                Arrays.copyOf(optionColumns, 2 * keys.size()), values.toArray(new ScannedExpectation.Term[0]));
        return new LineScanner.ExpectLine(labelNames(labels), labelColumns(from, labels), p - from + 1, last - from + 1, x);
    }

    private static boolean oneName(ScannedExpectation.Term t) {
        SymbolicExpression x = t.expression();
        return t.kind() == ScannedExpectation.Kind.EXPRESSION && x.size() == 1 && x.code()[0] == SymbolicExpression.NAME;
    }

    /** The comparison operator the lexer reads at {@code p} ({@code <<} and {@code >>} are shifts), or null. */
    private String comparisonAt(int p) {
        if (p + 1 >= lineEnd) {
            return p < lineEnd && (text[p] == '<' || text[p] == '>') ? (text[p] == '<' ? "<" : ">") : null;
        }
        int c = text[p];
        int d = text[p + 1];
        return switch (c) {
            case '=' -> d == '=' ? "==" : null;
            case '!' -> d == '=' ? "!=" : null;
            case '<' -> d == '=' ? "<=" : d == '<' ? null : "<";
            case '>' -> d == '=' ? ">=" : d == '>' ? null : ">";
            default -> null;
        };
    }

    /** Whether {@code key=} (not {@code key==}) starts at {@code p}: an option. */
    private boolean optionAt(int p) {
        if (p >= lineEnd || !Lexicon.isIdentifierStart(text[p])) {
            return false;
        }
        int e = ident(p);
        if (e < 0) {
            return false;
        }
        int q = spaces(e);
        return q < lineEnd && text[q] == '=' && (q + 1 >= lineEnd || text[q + 1] != '=');
    }

    /**
     * A target or value of {@link #expectLine} at {@code p}: a whole expression ({@link ExpressionText}; a call's
     * arguments read too, for a pixel's {@code BUFFER(X, Y)}), and with {@code value} a tuple {@code (expr, expr, ...)}
     * or a string. Sets {@link #expectEnd}; null to decline.
     */
    private ScannedExpectation.Term expectTerm(int p, boolean value) {
        if (p >= lineEnd) {
            return null;
        }
        int from = lineStart;
        if (value && text[p] == '"') {
            int end = Lexicon.stringEnd(text, p, lineEnd);
            int backslashes = 0;
            for (int i = end - 2; i > p && text[i] == '\\'; i--) {
                backslashes++;
            }
            if (end - p < 2 || text[end - 1] != '"' || backslashes % 2 != 0 || !delimited(end, true)) {
                return null; // unterminated: the parser's error
            }
            expectEnd = end;
            return new ScannedExpectation.Term(ScannedExpectation.Kind.STRING, null, null, null, null, p - from + 1,
                    end - from + 1);
        }
        int end = reader.read(text, p, from, lineEnd, names);
        if (end >= 0) {
            SymbolicExpression x = reader.expression();
            expectEnd = end;
            boolean call = x.code()[0] == SymbolicExpression.CALL && x.literals()[0] == x.size();
            if (!call) {
                return new ScannedExpectation.Term(ScannedExpectation.Kind.EXPRESSION, x, null, null, null, p - from + 1,
                        end - from + 1);
            }
            int close = expectArguments(spaces(ident(p)) + 1);
            if (close != end - 1) {
                return null;
            }
            return new ScannedExpectation.Term(ScannedExpectation.Kind.CALL, x, x.names()[0],
                    expectArgs.toArray(new SymbolicExpression[0]), Arrays.copyOf(expectArgColumns, 2 * expectArgs.size()),
                    p - from + 1, end - from + 1);
        }
        if (!value || text[p] != '(') {
            return null;
        }
        int close = expectArguments(p + 1);
        if (close < 0 || expectArgs.size() < 2 || !delimited(close + 1, true)) {
            return null; // (x) is an expression in parentheses
        }
        expectEnd = close + 1;
        return new ScannedExpectation.Term(ScannedExpectation.Kind.TUPLE, null, null,
                expectArgs.toArray(new SymbolicExpression[0]), Arrays.copyOf(expectArgColumns, 2 * expectArgs.size()),
                p - from + 1, close + 1 - from + 1);
    }

    /** The expressions {@link #expectArguments} read, and their columns, two an expression. */
    private final List<SymbolicExpression> expectArgs = new ArrayList<>(4);
    private int[] expectArgColumns = new int[8];

    /** Expressions separated by commas from {@code p} to a {@code )}: where that is, or -1 to decline. */
    private int expectArguments(int p) {
        expectArgs.clear();
        int q = spaces(p);
        while (true) {
            int end = reader.read(text, q, lineStart, lineEnd, names);
            if (end < 0 || expectArgs.size() == MAX_OPERANDS) {
                return -1;
            }
            int i = expectArgs.size();
            if (2 * i + 2 > expectArgColumns.length) {
                expectArgColumns = Arrays.copyOf(expectArgColumns, 2 * expectArgColumns.length);
            }
            expectArgColumns[2 * i] = q - lineStart + 1;
            expectArgColumns[2 * i + 1] = end - lineStart + 1;
            expectArgs.add(reader.expression());
            q = spaces(end);
            if (q < lineEnd && text[q] == ')') {
                return q;
            }
            if (q >= lineEnd || text[q] != ',') {
                return -1;
            }
            q = spaces(q + 1);
        }
    }

    /** The end of the name after the directive name ending at {@code e} and blanks (the lexer's IDENT), or -1. */
    private int nameAfter(int e) {
        if (e >= lineEnd || !Lexicon.isSpace(text[e])) {
            return -1;
        }
        int q = spaces(e);
        return q < lineEnd && Lexicon.isIdentifierStart(text[q]) ? ident(q) : -1;
    }

    /** Whether {@code text[from, to)} is {@code lowerCase} in any case. */
    private boolean tokenIs(int from, int to, String lowerCase) {
        if (to - from != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            int c = text[from + i];
            if ((c >= 'A' && c <= 'Z' ? c | 0x20 : c) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The width of the data directive named by {@code text[from, to)} (no dot), or 0. */
    private int dataWidth(int from, int to) {
        if (to - from != 4 && to - from != 5) {
            return 0;
        }
        int c = text[from] | 0x20;
        return switch (to - from) {
            case 4 -> c == 'b' && named(from, "byte") ? 1 : c == 'w' && named(from, "word") ? 4 : 0;
            case 5 -> c == 'h' && named(from, "hword") ? 2 : c == 'd' && named(from, "dword") ? 8 : 0;
            default -> 0;
        };
    }

    private boolean named(int from, String lowerCase) {
        for (int i = 0; i < lowerCase.length(); i++) {
            if ((text[from + i] | 0x20) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Up to 16 hex digits (a whole 64-bit word) from {@code p}, then a delimiter (among operands, a comma
     * too); sets {@link #tokenEnd}.
     */
    private long hexWord(int p, boolean inOperands) {
        tokenEnd = -1;
        long v = 0;
        int e = p;
        while (e < lineEnd && e - p <= 16) {
            int d = Lexicon.digit(text[e], 16);
            if (d < 0) {
                break;
            }
            v = v << 4 | d;
            e++;
        }
        if (e == p || e - p > 16 || !delimited(e, inOperands)) {
            return 0;
        }
        tokenEnd = e;
        return v;
    }

    /** A line of labels and nothing else (but a comment). */
    private LineScanner.EncodedLine labelsOnly(int from, int labels) {
        return new LineScanner.EncodedLine(labelNames(labels), labelColumns(from, labels), 0, 0, null, 0, false,
                null, false, true);
    }

    private String[] labelNames(int labels) {
        String[] names = labels == 0 ? NO_NAMES : new String[labels];
        for (int i = 0; i < labels; i++) {
            names[i] = this.names.of(text, labelStarts[i], labelEnds[i]);
        }
        return names;
    }

    /** Label columns as {@link LineScanner.EncodedLine} keeps them: start and end of each, 1-based. */
    private int[] labelColumns(int from, int labels) {
        int[] columns = labels == 0 ? NO_COLUMNS : new int[2 * labels];
        for (int i = 0; i < labels; i++) {
            columns[2 * i] = labelStarts[i] - from + 1;
            columns[2 * i + 1] = labelEnds[i] - from + 1;
        }
        return columns;
    }

    /**
     * What one spelling of a mnemonic with its modifiers ({@code BRANCH.ne}) resolves to. Programs use few
     * spellings many times, so modifier resolution and every field the operands do not set run once per
     * spelling, not per line.
     */
    private static final class Form {
        final String spelling;
        /** The spelling's bytes, which each line's mnemonic is compared with (a String's charAt costs more). */
        final byte[] letters;
        final int hash;
        /** Null: decline every line with this spelling (unknown, a modifier report, a layout we do not handle). */
        final InstructionDef def;
        /** The word with the opcode and every field but the operands' in place, operand fields at defaults. */
        final long base;
        final boolean unconditional;
        /** The branch-target field, or null ({@link ControlFlow#targetField}). */
        final BitField target;
        /** The operand specs: no list lookups a line. */
        final OperandSpec[] specs;
        /** A mnemonic no instruction has: its name, and the mnemonics it may have meant; else null. */
        final String unknown;
        final List<String> meant;

        Form(String spelling, int hash, InstructionDef def, long base, boolean unconditional, String unknown,
             List<String> meant) {
            this.spelling = spelling;
            this.letters = spelling.getBytes(StandardCharsets.ISO_8859_1);
            this.hash = hash;
            this.def = def;
            this.base = base;
            this.unconditional = unconditional;
            this.target = def == null ? null : ControlFlow.targetField(def);
            this.specs = def == null ? null : def.operands().toArray(new OperandSpec[0]);
            this.unknown = unknown;
            this.meant = meant;
        }

        static Form declined(String spelling, int hash) {
            return new Form(spelling, hash, null, 0, false, null, null);
        }
    }

    /** Forms by spelling, open addressing; bounded so a file of ever-new spellings cannot grow it forever. */
    private Form[] forms = new Form[256];
    private int formCount;
    private static final int MAX_FORMS = 4096;

    private Form form(Path file, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + text[i];
        }
        int len = to - from;
        int mask = forms.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (Form f; (f = forms[slot]) != null; slot = (slot + 1) & mask) {
            if (f.hash == h && f.letters.length == len && spells(f.letters, from)) {
                return f;
            }
        }
        Form made = makeForm(file, new String(text, from, len, StandardCharsets.ISO_8859_1), h);
        if (formCount < MAX_FORMS) {
            forms[slot] = made;
            if (++formCount * 2 > forms.length) {
                Form[] old = forms;
                forms = new Form[old.length * 2];
                for (Form f : old) {
                    if (f != null) {
                        int k = (f.hash ^ (f.hash >>> 16)) & (forms.length - 1);
                        while (forms[k] != null) {
                            k = (k + 1) & (forms.length - 1);
                        }
                        forms[k] = f;
                    }
                }
            }
        }
        return made;
    }

    private boolean spells(byte[] spelling, int from) {
        for (int i = 0; i < spelling.length; i++) {
            if (text[from + i] != spelling[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Resolves a spelling the way {@link InstructionEncoder#encode} does. Declines (a form without def) when
     * that would report anything, and for instruction layouts where precomputing changes the result: fields
     * that overlap or repeat a name, or an operand that writes a field a modifier sets.
     */
    private Form makeForm(Path file, String spelling, int hash) {
        int dot = spelling.indexOf('.');
        String name = dot < 0 ? spelling : spelling.substring(0, dot);
        InstructionDef def = isa.byMnemonic(name).orElse(null);
        if (encoder == null || encoderFile != file) {
            encoder = new InstructionEncoder(arch, file, found);
            encoderFile = file;
        }
        if (def == null) {
            return encoder.isUnknown(name)
                    ? new Form(spelling, hash, null, 0, false, name, encoder.mnemonicSuggestions(name))
                    : Form.declined(spelling, hash);
        }
        found.clear();
        Map<String, Long> values = new java.util.HashMap<>();
        encoder.resolveModifiers(def, split(spelling), values);
        Set<String> operandFields = new java.util.HashSet<>();
        boolean usable = found.isEmpty();
        for (OperandSpec spec : def.operands()) {
            for (BitField f : spec.fields()) {
                usable &= operandFields.add(f.name()) && !values.containsKey(f.name()) && def.fields().contains(f);
            }
        }
        long covered = InstructionDef.OPCODE.mask();
        Set<String> names = new java.util.HashSet<>();
        for (BitField f : def.fields()) {
            usable &= names.add(f.name()) && (covered & f.mask()) == 0;
            covered |= f.mask();
        }
        OptionalLong word = InstructionEncoder.base(def, values);
        if (!usable || word.isEmpty()) {
            return Form.declined(spelling, hash);
        }
        boolean unconditional = ControlFlow.isUnconditional(new InstructionEncoder.Encoded(def, word.getAsLong()));
        return new Form(spelling, hash, def, word.getAsLong(), unconditional, null, null);
    }

    /** Operand {@code i}'s range, made only for a finding about it. */
    private SourceRange operandRange(int i) {
        return new SourceRange(file, lineNo, start[i] - lineStart + 1, lineNo, end[i] - lineStart + 1);
    }

    /**
     * Stands for every range in a fast-path {@link InstructionEncoder.Mnemonic}: a line whose modifiers draw
     * any report goes the parser's way and is reported from there, so these ranges are never shown.
     */
    private static final SourceRange UNREPORTED = new SourceRange(null, 1, 1, 1, 2);

    /** The mnemonic split at its dots, as {@link InstructionEncoder#split} splits it, without the ranges. */
    private static InstructionEncoder.Mnemonic split(String text) {
        int dot = text.indexOf('.');
        if (dot < 0) {
            return new InstructionEncoder.Mnemonic(text, UNREPORTED, List.of(), List.of());
        }
        List<String> mods = new ArrayList<>(2);
        int from = dot + 1;
        for (int next; (next = text.indexOf('.', from)) >= 0; from = next + 1) {
            mods.add(text.substring(from, next));
        }
        mods.add(text.substring(from));
        return new InstructionEncoder.Mnemonic(text.substring(0, dot), UNREPORTED, mods,
                Collections.nCopies(mods.size(), UNREPORTED));
    }

    /** Reads operand {@code i} at {@code p}; returns the end of its last token, or -1 to decline. */
    private int operand(int p, int i) {
        if (p >= lineEnd) {
            return -1; // a comma and then nothing: the parser reports it
        }
        int c = text[p];
        hasOffset[i] = false;
        if (c == '[') {
            int q = spaces(p + 1);
            if (q >= lineEnd || !Lexicon.isIdentifierStart(text[q])) {
                return -1;
            }
            int e = ident(q);
            if (e < 0) {
                return -1;
            }
            type[i] = MEMORY;
            start[i] = q;
            end[i] = e;
            q = spaces(e);
            if (q < lineEnd && (text[q] == '+' || text[q] == '-')) {
                boolean minus = text[q] == '-';
                q = spaces(q + 1);
                if (q < lineEnd && text[q] == '#') {
                    q = spaces(q + 1);
                }
                long v = signedNumber(q);
                if (tokenEnd < 0 || operatorAt(spaces(tokenEnd))) {
                    tokenEnd = literalExpression(q); // the offset's names would need a fixup: the parser's path has those
                    v = literal;
                    if (tokenEnd < 0) {
                        return -1;
                    }
                }
                hasOffset[i] = true;
                value[i] = minus ? -v : v;
                q = spaces(tokenEnd);
            }
            if (q >= lineEnd || text[q] != ']') {
                return -1;
            }
            return q + 1;
        }
        if (c == '#' || c == '-' || (c >= '0' && c <= '9')) {
            int q = c == '#' ? p + 1 : p;
            if (c != '#' && c != '-' && localRef(q) && !operatorAt(spaces(tokenEnd))) {
                type[i] = LOCAL_REF;
                start[i] = q;
                end[i] = tokenEnd;
                return tokenEnd;
            }
            long v = signedNumber(q);
            if (tokenEnd < 0 || operatorAt(spaces(tokenEnd))) {
                return expression(q, i);
            }
            type[i] = NUMBER;
            value[i] = v;
            hashDecimal[i] = c == '#' && tokenRadix == 10;
            return tokenEnd;
        }
        if (c == '(' || c == '~' || c == '+') {
            return expression(p, i);
        }
        if (!Lexicon.isIdentifierStart(c)) {
            return -1;
        }
        int e = ident(p);
        if (e < 0) {
            return -1;
        }
        int q = spaces(e);
        if (q < lineEnd && text[q] == '(') {
            return expression(p, i); // a call
        }
        if (q < lineEnd && text[q] == ':') {
            long[] regs = list[i];
            int k = 0;
            int last = e;
            int s = p;
            while (true) {
                long r = WrittenOperand.registerNumber(text, s, last, 'r');
                if (r < 0 || k == regs.length) {
                    return -1;
                }
                regs[k++] = r;
                if (q >= lineEnd || text[q] != ':') {
                    break;
                }
                s = spaces(q + 1);
                if (s >= lineEnd || !Lexicon.isIdentifierStart(text[s])) {
                    return -1;
                }
                last = ident(s);
                if (last < 0) {
                    return -1;
                }
                q = spaces(last);
            }
            type[i] = LIST;
            listCount[i] = k;
            return last;
        }
        if (!delimited(e, true)) {
            return -1;
        }
        if (operatorAt(q)) {
            return expression(p, i);
        }
        type[i] = IDENT;
        start[i] = p;
        end[i] = e;
        return e;
    }

    /**
     * Whether {@code p} starts a local label reference {@code 12b}/{@code 3F} (the lexer's LOCAL_REF, which
     * wins over a decimal there); sets {@link #tokenEnd}.
     */
    private boolean localRef(int p) {
        int e = p;
        while (e < lineEnd && text[e] >= '0' && text[e] <= '9') {
            e++;
        }
        if (e == p || e >= lineEnd) {
            return false;
        }
        int c = text[e];
        if (c != 'b' && c != 'B' && c != 'f' && c != 'F') {
            return false;
        }
        if (e - p == 1 && text[p] == '0' && (c == 'b' || c == 'B') && e + 1 < lineEnd
                && (text[e + 1] == '0' || text[e + 1] == '1' || text[e + 1] == '_')) {
            return false; // 0b01 is binary
        }
        if (!delimited(e + 1, true)) {
            return false;
        }
        tokenEnd = e + 1;
        return true;
    }

    /** An optional minus directly before a literal; sets {@link #tokenEnd} (-1 to decline). */
    private long signedNumber(int p) {
        if (p < lineEnd && text[p] == '-') {
            return -number(p + 1);
        }
        return number(p);
    }

    /**
     * A decimal, {@code 0x} or {@code 0b} literal small enough never to overflow, followed by a delimiter;
     * sets {@link #tokenEnd} (-1 to decline).
     */
    private long number(int p) {
        tokenEnd = -1;
        if (p >= lineEnd || text[p] < '0' || text[p] > '9') {
            return 0;
        }
        int radix = 10;
        int digitsStart = p;
        if (text[p] == '0' && p + 1 < lineEnd) {
            int x = text[p + 1];
            if (x == 'x' || x == 'X') {
                radix = 16;
                digitsStart = p + 2;
            } else if (x == 'b' || x == 'B') {
                radix = 2;
                digitsStart = p + 2;
            }
        }
        int e = digitsStart;
        long v = 0;
        while (e < lineEnd) {
            int d = Lexicon.digit(text[e], radix);
            if (d < 0) {
                break;
            }
            v = v * radix + d;
            e++;
        }
        tokenRadix = radix;
        int digits = e - digitsStart;
        int maxDigits = radix == 16 ? 15 : radix == 10 ? 18 : 62;
        if (digits == 0 || digits > maxDigits || !delimited(e, true)) {
            return 0;
        }
        tokenEnd = e;
        return v;
    }


    /** The end of the lexer's IDENT starting at {@code p} (a letter or underscore). */
    private int ident(int p) {
        return Lexicon.identifierEnd(text, p, lineEnd);
    }

    /**
     * Whether a token may end at {@code p}: the end of the line, a space, a comment, or (inside operands) a
     * comma, a closing bracket or an operator of {@link #expression}.
     */
    private boolean delimited(int p, boolean inOperands) {
        if (p >= lineEnd) {
            return true;
        }
        int c = text[p];
        return Lexicon.isSpace(c) || Lexicon.isCommentStart(text, p, lineEnd)
                || (inOperands && (c == ',' || c == ']' || operatorAt(p)));
    }

    /** Whether {@code p} holds a binary operator of the grammar's {@code expr} (a comment's {@code //} is none). */
    private boolean operatorAt(int p) {
        if (p >= lineEnd) {
            return false;
        }
        return switch (text[p]) {
            case '+', '-', '*', '%', '&', '^', '|' -> true;
            case '/' -> !Lexicon.isCommentStart(text, p, lineEnd);
            case '<', '>' -> p + 1 < lineEnd && text[p + 1] == text[p];
            default -> false;
        };
    }

    /**
     * Operand {@code i} from {@code p} (after any {@code #}) as a whole expression ({@link ExpressionText}): an
     * {@link #EXPR} when it names something, a {@link #NUMBER} when it is arithmetic on literals that has a value.
     * Returns the end of its last token, or -1 to decline: the reader declines, the operand does not end there, or it
     * is one token alone (a name, local label or literal the operand's own cases read as the parser does, or decline).
     */
    private int expression(int p, int i) {
        int e = reader.read(text, p, lineStart, lineEnd, names);
        if (e < 0 || reader.size() == 1) {
            return -1;
        }
        int q = spaces(e);
        if (!lineDone(q) && text[q] != ',') {
            return -1;
        }
        if (!reader.named()) {
            if (literalExpression(p) < 0) {
                return -1;
            }
            type[i] = NUMBER;
            value[i] = literal;
            hashDecimal[i] = false; // pandecode's radix warning is for a lone decimal literal
            return e;
        }
        type[i] = EXPR;
        program[i] = reader.expression();
        return e;
    }

    /** The value of the last {@link #literalExpression}. */
    private long literal;

    /**
     * The expression at {@code p} when it names nothing, evaluated now into {@link #literal}: the end of its last token,
     * or -1 to decline (the reader declines, it names something, or evaluating it reports anything).
     */
    private int literalExpression(int p) {
        int e = reader.read(text, p, lineStart, lineEnd, names);
        if (e < 0 || reader.named()) {
            return -1;
        }
        try {
            literal = reader.expression().evaluate(LITERALS_ONLY, file, lineNo);
        } catch (DiagnosticException reported) {
            return -1; // the parser's path reports it
        }
        return e;
    }

    /** The names of an expression that names nothing: never asked. */
    private static final SymbolicExpression.Names LITERALS_ONLY = new SymbolicExpression.Names() {
        @Override
        public long name(SymbolicExpression e, int k) {
            throw new IllegalStateException(e.names()[k]);
        }

        @Override
        public long local(SymbolicExpression e, int k) {
            throw new IllegalStateException(e.names()[k]);
        }

        @Override
        public long call(SymbolicExpression e, int k, dev.csfstudio.asm.expr.ExpressionEvaluator.Arguments args) {
            throw new IllegalStateException(e.names()[k]);
        }
    };

    /**
     * The deferred line just encoded (symbolic fields 0) as an {@link InstructionFixup}, or null when an operand is one
     * it does not evaluate: a single name where the encoder reads it as one of an enumerated field's values, a local
     * label outside a branch target, or a branch target that calls a function or names a local label in an expression.
     */
    private InstructionFixup fixup(Form form, int count) {
        OperandSpec[] specs = form.specs;
        InstructionFixup.Operand first = null;
        List<InstructionFixup.Operand> more = null;
        for (int i = 0; i < count; i++) {
            OperandSpec spec = specs[i];
            if (spec.kind().readsNamesAsRegisters() || type[i] == NUMBER || type[i] == MEMORY || type[i] == LIST) {
                continue;
            }
            boolean target = spec.kind().acceptsLabels();
            if ((type[i] == LOCAL_REF && !target) || (type[i] == IDENT && spec.enumType() != null)
                    || (target && type[i] == EXPR && !program[i].namesOnly())) {
                return null; // the parser's path tells addresses from numbers in those
            }
            int column = start[i] - lineStart + 1;
            int endColumn = end[i] - lineStart + 1;
            SymbolicExpression expr = type[i] == IDENT ? SymbolicExpression.name(names.of(text, start[i], end[i]), column, endColumn)
                    : type[i] == LOCAL_REF ? SymbolicExpression.local(names.of(text, start[i], end[i]), column, endColumn)
                    : spelled(program[i]);
            InstructionFixup.Operand operand = new InstructionFixup.Operand(spec, expr, operandStart[i] - lineStart + 1);
            if (first == null) {
                first = operand;
            } else {
                more = more == null ? new ArrayList<>(List.of(first)) : more;
                more.add(operand);
            }
        }
        // most lines have one symbolic operand: a list of one, not a growable list
        List<InstructionFixup.Operand> operands = more != null ? more : first != null ? List.of(first) : List.of();
        return new InstructionFixup(form.def, word.word(), form.unconditional, form.target, operands);
    }

    /**
     * {@code e} with its source text kept, which the messages about a fixup's operand quote (the reader keeps it only
     * for the nodes its own messages quote).
     */
    private SymbolicExpression spelled(SymbolicExpression e) {
        if (e.text() != null) {
            return e;
        }
        int root = e.root();
        int from = e.columns()[2 * root];
        String source = new String(text, lineStart + from - 1, e.columns()[2 * root + 1] - from, StandardCharsets.ISO_8859_1);
        return new SymbolicExpression(e.code(), e.names(), e.literals(), e.columns(), source, from);
    }

    /** Whether nothing but a comment follows from {@code p} (spaces already skipped). */
    private boolean lineDone(int p) {
        return p >= lineEnd || Lexicon.isCommentStart(text, p, lineEnd);
    }

    private int spaces(int p) {
        byte[] t = text;
        int end = lineEnd;
        // every WS character is below '!': most calls find a token's character and look no further
        while (p < end && t[p] <= ' ' && Lexicon.isSpace(t[p])) {
            p++;
        }
        return p;
    }

}
