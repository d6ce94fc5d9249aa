package dev.csfstudio.asm;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A character-level shortcut past ANTLR for the common instruction line: optional {@code name:} labels, a
 * mnemonic with dotted modifiers, and operands that are registers, (optionally {@code #}, optionally
 * negative) decimal/hex/binary literals, {@code [dN]}, {@code [dN +/- literal]}, register lists and bare
 * names or local references, then an optional comment.
 *
 * <p>The grammar stays the definition of the language: this scanner accepts only lines whose tokens it is
 * sure of, and only when the result has no diagnostic at all. Anything else (expressions, directives,
 * strings, unusual characters or spacing, any error or warning) makes it decline by returning null, and the
 * line goes through the parser unchanged. {@code PlainInstructionScannerPropertiesTest} checks that where it
 * accepts, the whole assembly result equals the parser's.
 */
final class PlainInstructionScanner {

    private static final int IDENT = 0;
    private static final int LOCAL_REF = 1;
    private static final int NUMBER = 2;
    private static final int MEMORY = 3;
    private static final int LIST = 4;
    private static final int MAX_OPERANDS = 8;

    /**
     * An instruction whose only symbolic operand is a branch target naming a label ({@code name} or a local
     * reference like {@code 1b}), encoded with that field 0; pass 2 fills it in once addresses are known.
     */
    record Branch(InstructionEncoder.Encoded encoded, BitField target, String name, boolean local, int column,
                  int endColumn) {
    }

    private final InstructionSet isa;
    // the operands of the line being scanned
    private final int[] type = new int[MAX_OPERANDS];
    private final int[] start = new int[MAX_OPERANDS];
    private final int[] end = new int[MAX_OPERANDS];
    private final long[] value = new long[MAX_OPERANDS];
    private final boolean[] hasOffset = new boolean[MAX_OPERANDS];
    private final long[][] list = new long[MAX_OPERANDS][];
    private final int[] labelStarts = new int[MAX_OPERANDS];
    private final int[] labelEnds = new int[MAX_OPERANDS];
    private static final String[] NO_NAMES = {};
    private static final int[] NO_COLUMNS = {};
    private final List<Diagnostic> found = new ArrayList<>(0);
    private final FieldValues scratchValues = new FieldValues();
    private InstructionEncoder encoder;
    private Path encoderFile;
    private String text;
    private int lineEnd;
    /** End of the number or name {@link #number}/{@link #ident} just read. */
    private int tokenEnd;

    PlainInstructionScanner(InstructionSet isa) {
        this.isa = isa;
    }

    /** The line {@code text[from, to)} (line number {@code n}) scanned and encoded, or null to decline. */
    LineScanner.EncodedLine scan(Path file, String text, int from, int to, int n) {
        return (LineScanner.EncodedLine) scan(file, text, from, to, n, false);
    }

    /**
     * For pass 2: the line as a {@link Branch} when its only symbolic operand is a label as branch target,
     * else null.
     */
    Branch scanBranch(Path file, String text, int from, int to, int n) {
        return (Branch) scan(file, text, from, to, n, true);
    }

    private Object scan(Path file, String text, int from, int to, int n, boolean branch) {
        this.text = text;
        this.lineEnd = to;
        int p = spaces(from);
        int labels = 0;
        int mnemonicStart;
        int mnemonicEnd;
        while (true) { // labels, then the mnemonic
            if (p >= to) {
                return null;
            }
            char c = text.charAt(p);
            int e;
            boolean digits = false;
            if (identStart(c)) {
                e = ident(p);
            } else if (c >= '0' && c <= '9') {
                e = p;
                while (e < to && text.charAt(e) >= '0' && text.charAt(e) <= '9') {
                    e++;
                }
                digits = true;
            } else {
                return null;
            }
            if (e < 0) {
                return null;
            }
            int q = spaces(e);
            if (q < to && text.charAt(q) == ':') {
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
                if (e < 0) {
                    return null;
                }
                count++;
                lastEnd = e;
                p = spaces(e);
                if (lineDone(p)) {
                    break;
                }
                if (text.charAt(p) != ',') {
                    return null;
                }
                p = spaces(p + 1);
            }
        }
        return encode(file, n, from, labels, mnemonicStart, mnemonicEnd, count, lastEnd, branch);
    }

    private Object encode(Path file, int n, int from, int labels, int mnemonicStart, int mnemonicEnd, int count,
                          int lastEnd, boolean branch) {
        String mnemonic = text.substring(mnemonicStart, mnemonicEnd);
        int dot = mnemonic.indexOf('.');
        InstructionDef def = isa.byMnemonic(dot < 0 ? mnemonic : mnemonic.substring(0, dot)).orElse(null);
        if (def == null) {
            return null;
        }
        List<OperandSpec> specs = def.operands();
        boolean deferred = false;
        int symbolic = -1;
        for (int i = 0; i < count; i++) {
            OperandKind kind = i < specs.size() ? specs.get(i).kind() : null;
            boolean registers = kind == OperandKind.R || kind == OperandKind.D || kind == OperandKind.REGMASK
                    || kind == OperandKind.REGRANGE;
            if (!registers && (type[i] == IDENT || type[i] == LOCAL_REF)) {
                deferred = true; // as InstructionEncoder.namesSymbols: pass 2 encodes it
                symbolic = symbolic == -1 && kind == OperandKind.TARGET ? i : -2;
            }
        }
        if (branch) {
            if (symbolic < 0) {
                return null;
            }
            InstructionEncoder.Encoded enc = encodeOperands(file, n, def, mnemonic, mnemonicStart - from + 1, count);
            if (enc == null) {
                return null;
            }
            enc = new InstructionEncoder.Encoded(enc.def(), enc.word(), scratchValues.copy());
            return new Branch(enc, specs.get(symbolic).field(), text.substring(start[symbolic], end[symbolic]),
                    type[symbolic] == LOCAL_REF, start[symbolic] - from + 1, end[symbolic] - from + 1);
        }
        String[] names = labels == 0 ? NO_NAMES : new String[labels];
        int[] columns = labels == 0 ? NO_COLUMNS : new int[2 * labels];
        for (int i = 0; i < labels; i++) {
            names[i] = text.substring(labelStarts[i], labelEnds[i]);
            columns[2 * i] = labelStarts[i] - from + 1;
            columns[2 * i + 1] = labelEnds[i] - from + 1;
        }
        int column = mnemonicStart - from + 1;
        int endColumn = lastEnd - from + 1;
        if (deferred) {
            return new LineScanner.EncodedLine(names, columns, column, endColumn, null, 0, false, false, true);
        }
        InstructionEncoder.Encoded enc = encodeOperands(file, n, def, mnemonic, column, count);
        if (enc == null) {
            return null;
        }
        return new LineScanner.EncodedLine(names, columns, column, endColumn, enc.def(), enc.word(),
                Assembly.isUnconditional(enc), true, false);
    }

    /** The same values as {@link InstructionEncoder#encode}, or null where it would report anything. */
    private InstructionEncoder.Encoded encodeOperands(Path file, int n, InstructionDef def, String mnemonic,
                                                      int column, int count) {
        // Reused per scanner (one per thread): any report makes this line go the parser's way, so only
        // emptiness of the list matters, and the values are copied out when a Branch keeps them.
        if (encoder == null || encoderFile != file) {
            encoder = new InstructionEncoder(isa, file, found);
            encoderFile = file;
        }
        found.clear();
        FieldValues values = scratchValues;
        values.clear();
        encoder.resolveModifiers(def, split(mnemonic), values);
        if (!found.isEmpty()) {
            return null;
        }
        List<OperandSpec> specs = def.operands();
        long required = 0;
        for (int i = 0; i < specs.size(); i++) { // indexed: no iterator per line
            if (!specs.get(i).optional()) {
                required++;
            }
        }
        if (count < required || count > specs.size()) {
            return null;
        }
        int registerCount = isa.registerCount();
        for (int i = 0; i < count; i++) {
            OperandSpec spec = specs.get(i);
            BitField f = spec.field();
            switch (spec.kind()) {
                case R, D -> {
                    char kind = spec.kind() == OperandKind.R ? 'r' : 'd';
                    long r = type[i] == IDENT ? InstructionEncoder.registerNumber(text.substring(start[i], end[i]), kind) : -1;
                    if (r < 0 || (kind == 'd' ? r + 1 : r) >= registerCount || (kind == 'd' && r % 2 != 0)) {
                        return null;
                    }
                    values.put(f.name(), r);
                }
                case HEX, DEC -> {
                    if (type[i] != NUMBER || value[i] < spec.minValue() || value[i] > spec.maxValue()) {
                        return null;
                    }
                    values.put(f.name(), value[i]);
                }
                case MEM, MEMOFF -> {
                    if (type[i] != MEMORY) {
                        return null;
                    }
                    long base = InstructionEncoder.registerNumber(text.substring(start[i], end[i]), 'd');
                    if (base < 0 || base + 1 >= registerCount || base % 2 != 0) {
                        return null;
                    }
                    values.put(f.name(), base);
                    if (spec.kind() == OperandKind.MEM) {
                        if (hasOffset[i]) {
                            return null;
                        }
                        continue;
                    }
                    BitField offField = spec.fields().get(1);
                    long off = hasOffset[i] ? value[i] : 0;
                    if (off < offField.min() || off > offField.max()) {
                        return null;
                    }
                    values.put(offField.name(), off);
                }
                case REGMASK -> {
                    long[] regs = registerList(i);
                    if (regs == null) {
                        return null;
                    }
                    long base = regs[0];
                    long mask = 0;
                    long previous = -1;
                    for (long r : regs) {
                        if (r <= previous || r - base >= 16 || r >= registerCount) {
                            return null;
                        }
                        mask |= 1L << (r - base);
                        previous = r;
                    }
                    values.put(f.name(), base);
                    values.put(spec.fields().get(1).name(), mask);
                }
                case REGRANGE -> {
                    long[] regs = registerList(i);
                    if (regs == null || regs.length > 2) {
                        return null;
                    }
                    long first = regs[0];
                    long last = regs[regs.length - 1];
                    BitField countField = spec.fields().get(1);
                    if (first >= registerCount || last >= registerCount || last < first
                            || last - first + 1 > countField.max()) {
                        return null;
                    }
                    values.put(f.name(), first);
                    values.put(countField.name(), last - first + 1);
                }
                case BYTES8 -> {
                    if (type[i] != NUMBER || value[i] < 0 || value[i] > spec.maxValue() || value[i] % 8 != 0) {
                        return null;
                    }
                    values.put(f.name(), value[i] / 8);
                }
                case TARGET -> {
                    if (type[i] == IDENT || type[i] == LOCAL_REF) {
                        values.put(f.name(), 0L); // only for scanBranch: filled in by pass 2
                        continue;
                    }
                    if (type[i] != NUMBER || value[i] < f.min() || value[i] > f.max()) {
                        return null;
                    }
                    values.put(f.name(), value[i]);
                }
                default -> {
                    return null;
                }
            }
        }
        long word = InstructionDef.OPCODE.insert(0, def.opcode());
        List<BitField> fields = def.fields();
        for (int k = 0; k < fields.size(); k++) {
            BitField f = fields.get(k);
            Long v = values.get(f.name());
            long fieldValue = v != null ? v : f.defaultValue();
            if (f.width() < 64 && (fieldValue < -(1L << (f.width() - 1)) || fieldValue > (1L << f.width()) - 1)) {
                return null;
            }
            word = f.insert(word, fieldValue);
        }
        return new InstructionEncoder.Encoded(def, word, values);
    }

    /**
     * Field values of one instruction in two small parallel arrays: the fast path fills one per source line,
     * and a hash map with an entry object per field was most of its garbage. Keys compare by equals.
     */
    static final class FieldValues extends AbstractMap<String, Long> {
        private String[] keys;
        private Long[] vals;
        private int size;

        private int indexOf(Object key) {
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public Long put(String key, Long v) {
            int i = indexOf(key);
            if (i >= 0) {
                Long old = vals[i];
                vals[i] = v;
                return old;
            }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2 + 4);
                vals = Arrays.copyOf(vals, size * 2 + 4);
            }
            keys[size] = key;
            vals[size++] = v;
            return null;
        }

        @Override
        public Long get(Object key) {
            int i = indexOf(key);
            return i < 0 ? null : vals[i];
        }

        @Override
        public boolean containsKey(Object key) {
            return indexOf(key) >= 0;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void clear() {
            Arrays.fill(keys, 0, size, null);
            Arrays.fill(vals, 0, size, null);
            size = 0;
        }

        @Override
        public Set<Map.Entry<String, Long>> entrySet() {
            Set<Map.Entry<String, Long>> out = new LinkedHashSet<>();
            for (int i = 0; i < size; i++) {
                out.add(new AbstractMap.SimpleImmutableEntry<>(keys[i], vals[i]));
            }
            return out;
        }

        /** An independent, trimmed copy in insertion order, for results that outlive the next line. */
        FieldValues copy() {
            FieldValues out = new FieldValues(Arrays.copyOf(keys, size), Arrays.copyOf(vals, size));
            out.size = size;
            return out;
        }

        FieldValues() {
            this(new String[16], new Long[16]);
        }

        private FieldValues(String[] keys, Long[] vals) {
            this.keys = keys;
            this.vals = vals;
        }
    }

    /** The register numbers of operand {@code i} as a register list (one register is a list too), or null. */
    private long[] registerList(int i) {
        if (type[i] == LIST) {
            return list[i];
        }
        if (type[i] == IDENT) {
            long r = InstructionEncoder.registerNumber(text.substring(start[i], end[i]), 'r');
            return r < 0 ? null : new long[] {r};
        }
        return null;
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
        char c = text.charAt(p);
        hasOffset[i] = false;
        if (c == '[') {
            int q = spaces(p + 1);
            if (q >= lineEnd || !identStart(text.charAt(q))) {
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
            if (q < lineEnd && (text.charAt(q) == '+' || text.charAt(q) == '-')) {
                boolean minus = text.charAt(q) == '-';
                q = spaces(q + 1);
                if (q < lineEnd && text.charAt(q) == '#') {
                    q = spaces(q + 1);
                }
                long v = signedNumber(q);
                if (tokenEnd < 0) {
                    return -1;
                }
                hasOffset[i] = true;
                value[i] = minus ? -v : v;
                q = spaces(tokenEnd);
            }
            if (q >= lineEnd || text.charAt(q) != ']') {
                return -1;
            }
            return q + 1;
        }
        if (c == '#' || c == '-' || (c >= '0' && c <= '9')) {
            int q = c == '#' ? p + 1 : p;
            if (c != '#' && c != '-' && localRef(q)) {
                type[i] = LOCAL_REF;
                start[i] = q;
                end[i] = tokenEnd;
                return tokenEnd;
            }
            long v = signedNumber(q);
            if (tokenEnd < 0) {
                return -1;
            }
            type[i] = NUMBER;
            value[i] = v;
            return tokenEnd;
        }
        if (!identStart(c)) {
            return -1;
        }
        int e = ident(p);
        if (e < 0) {
            return -1;
        }
        int q = spaces(e);
        if (q < lineEnd && text.charAt(q) == ':') {
            long[] regs = new long[17];
            int k = 0;
            int last = e;
            int s = p;
            while (true) {
                long r = InstructionEncoder.registerNumber(text.substring(s, last), 'r');
                if (r < 0 || k == regs.length) {
                    return -1;
                }
                regs[k++] = r;
                if (q >= lineEnd || text.charAt(q) != ':') {
                    break;
                }
                s = spaces(q + 1);
                if (s >= lineEnd || !identStart(text.charAt(s))) {
                    return -1;
                }
                last = ident(s);
                if (last < 0) {
                    return -1;
                }
                q = spaces(last);
            }
            type[i] = LIST;
            list[i] = java.util.Arrays.copyOf(regs, k);
            return last;
        }
        if (!delimited(e, true)) {
            return -1;
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
        while (e < lineEnd && text.charAt(e) >= '0' && text.charAt(e) <= '9') {
            e++;
        }
        if (e == p || e >= lineEnd) {
            return false;
        }
        char c = text.charAt(e);
        if (c != 'b' && c != 'B' && c != 'f' && c != 'F') {
            return false;
        }
        if (e - p == 1 && text.charAt(p) == '0' && (c == 'b' || c == 'B') && e + 1 < lineEnd
                && (text.charAt(e + 1) == '0' || text.charAt(e + 1) == '1' || text.charAt(e + 1) == '_')) {
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
        if (p < lineEnd && text.charAt(p) == '-') {
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
        if (p >= lineEnd || text.charAt(p) < '0' || text.charAt(p) > '9') {
            return 0;
        }
        int radix = 10;
        int digitsStart = p;
        if (text.charAt(p) == '0' && p + 1 < lineEnd) {
            char x = text.charAt(p + 1);
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
            int d = Character.digit(text.charAt(e), radix);
            if (d < 0 || text.charAt(e) > 'f') {
                break;
            }
            v = v * radix + d;
            e++;
        }
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
        int e = p + 1;
        while (e < lineEnd && identPart(text.charAt(e))) {
            e++;
        }
        while (e + 1 < lineEnd && text.charAt(e) == '.' && identPart(text.charAt(e + 1))) {
            e += 2;
            while (e < lineEnd && identPart(text.charAt(e))) {
                e++;
            }
            if (e + 1 < lineEnd && text.charAt(e) == '=' && identPart(text.charAt(e + 1))) {
                e += 2;
                while (e < lineEnd && identPart(text.charAt(e))) {
                    e++;
                }
            }
        }
        return e;
    }

    /**
     * Whether a token may end at {@code p}: the end of the line, a space, a comment, or (inside operands) a
     * comma or a closing bracket.
     */
    private boolean delimited(int p, boolean inOperands) {
        if (p >= lineEnd) {
            return true;
        }
        char c = text.charAt(p);
        return c == ' ' || c == '\t' || c == ';' || (c == '/' && p + 1 < lineEnd && text.charAt(p + 1) == '/')
                || (inOperands && (c == ',' || c == ']'));
    }

    /** Whether nothing but a comment follows from {@code p} (spaces already skipped). */
    private boolean lineDone(int p) {
        if (p >= lineEnd) {
            return true;
        }
        char c = text.charAt(p);
        return c == ';' || (c == '/' && p + 1 < lineEnd && text.charAt(p + 1) == '/');
    }

    private int spaces(int p) {
        while (p < lineEnd && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    private static boolean identStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean identPart(char c) {
        return identStart(c) || (c >= '0' && c <= '9');
    }
}
