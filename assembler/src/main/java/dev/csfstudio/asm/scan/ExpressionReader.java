package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.Operators;
import dev.csfstudio.asm.expr.SymbolicExpression;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.SourceRange;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one whole expression of the grammar's {@code expr} from a line's scan bytes, as the parser would build its
 * tree (unary {@code - ~ +} binding tightest, then {@code * / %}, {@code + -}, {@code << >>}, {@code &}, {@code ^},
 * {@code |}, all left-associative; parentheses, calls, names, local references, numbers), into the postfix program of
 * a {@link SymbolicExpression}. It stops before the first byte that cannot continue the expression; it declines
 * (returns -1) wherever it is not sure of the parser's reading: a token it does not know, a literal the evaluator
 * would reject, nesting deeper than {@link #MAX_DEPTH}. A flat chain of binary operators is not nesting: it is read in
 * a loop and is as long as its line (the line length limit bounds it).
 */
final class ExpressionReader {

    static final int MAX_DEPTH = 64;
    /** The arrays' length kept between lines: a long expression's are let go when the next line is read. */
    private static final int KEPT = 512;

    private byte[] text;
    private int lineStart;
    private int lineEnd;
    private final Chars chars = new Chars();

    private byte[] code = new byte[16];
    private String[] names = new String[16];
    private long[] literals = new long[16];
    private int[] columns = new int[32];
    private int size;
    private int depth;
    /** The program has a name, local reference or call: its value needs the symbols. */
    private boolean named;
    /** The program has a node whose messages quote it (a division, a remainder, a call). */
    private boolean quoted;
    private int from;
    private int to;
    private InternedNames interned;

    /**
     * Reads the expression at {@code p} of the line {@code text[lineStart, lineEnd)}: the end of its last token, or
     * -1 to decline. Names are made through {@code interned}.
     */
    int read(byte[] text, int p, int lineStart, int lineEnd, InternedNames interned) {
        this.text = text;
        this.lineStart = lineStart;
        this.lineEnd = lineEnd;
        this.interned = interned;
        chars.text = text;
        if (code.length > KEPT) {
            code = new byte[16];
            names = new String[16];
            literals = new long[16];
            columns = new int[32];
        }
        size = 0;
        depth = 0;
        named = false;
        quoted = false;
        from = p;
        int end = binary(p, 1);
        to = end;
        return end;
    }

    /** Whether the expression just read names something (a name, a local reference, a call). */
    boolean named() {
        return named;
    }

    /** The number of instructions of the expression just read (1: one token alone). */
    int size() {
        return size;
    }

    /** The expression just read. */
    SymbolicExpression expression() {
        String source = quoted ? new String(text, from, to - from, StandardCharsets.ISO_8859_1) : null;
        return new SymbolicExpression(Arrays.copyOf(code, size), ArrayCopies.strings(names, size), Arrays.copyOf(literals, size),
                Arrays.copyOf(columns, 2 * size), source, from - lineStart + 1);
    }

    private static int precedence(int op) {
        return Operators.precedence(op);
    }

    /** The binary operator at {@code p} (a shift is {@code '<'}/{@code '>'}), or 0. */
    private int operatorAt(int p) {
        if (p >= lineEnd) {
            return 0;
        }
        int c = text[p];
        if (c == '<' || c == '>') {
            return p + 1 < lineEnd && text[p + 1] == c ? c : 0;
        }
        if (c == '/' && Lexicon.isCommentStart(text, p, lineEnd)) {
            return 0;
        }
        return precedence(c) > 0 ? c : 0;
    }

    /** Operands joined by operators of at least {@code min}'s precedence, from {@code p}: the end, or -1. */
    private int binary(int p, int min) {
        int leftRoot = size;
        int e = unary(p);
        if (e < 0) {
            return -1;
        }
        int leftStart = columns[2 * root(leftRoot)] - 1 + lineStart; // back to an offset in the text
        while (true) {
            int q = spaces(e);
            int op = operatorAt(q);
            if (op == 0 || precedence(op) < min) {
                return e;
            }
            int next = q + (op == '<' || op == '>' ? 2 : 1);
            e = binary(spaces(next), precedence(op) + 1);
            if (e < 0) {
                return -1;
            }
            emit((byte) op, null, 0, leftStart, e);
            quoted |= op == '/' || op == '%';
        }
    }

    /** The root instruction of the node that starts at instruction {@code first} and ends the program so far. */
    private int root(int first) {
        return code[first] == SymbolicExpression.CALL && literals[first] == size ? first : size - 1;
    }

    /** A unary operator and its operand, or a primary. */
    private int unary(int p) {
        if (p >= lineEnd || ++depth > MAX_DEPTH) {
            return -1;
        }
        int c = text[p];
        int e;
        if (c == '-' || c == '~' || c == '+') {
            e = unary(spaces(p + 1));
            byte op = c == '-' ? SymbolicExpression.NEGATE : c == '~' ? SymbolicExpression.NOT : SymbolicExpression.PLUS;
            e = e < 0 ? -1 : emit(op, null, 0, p, e);
        } else {
            e = primary(p, c);
        }
        depth--;
        return e;
    }

    private int primary(int p, int c) {
        if (c == '(') {
            int e = binary(spaces(p + 1), 1);
            if (e < 0) {
                return -1;
            }
            int close = spaces(e);
            if (close >= lineEnd || text[close] != ')') {
                return -1;
            }
            return emit(SymbolicExpression.PAREN, null, 0, p, close + 1);
        }
        if (Lexicon.isIdentifierStart(c)) {
            int e = Lexicon.identifierEnd(text, p, lineEnd);
            if (e < 0) {
                return -1;
            }
            named = true;
            String name = interned.of(text, p, e);
            int open = spaces(e);
            if (open < lineEnd && text[open] == '(') {
                return call(p, name, open);
            }
            return emit(SymbolicExpression.NAME, name, 0, p, e);
        }
        if (c < '0' || c > '9') {
            return -1;
        }
        return number(p);
    }

    /** {@code name(args...)}: the call, its arguments each closed by an argument mark. */
    private int call(int p, String name, int open) {
        int call = size;
        emit(SymbolicExpression.CALL, name, 0, p, p);
        quoted = true;
        int q = spaces(open + 1);
        if (q < lineEnd && text[q] == ')') {
            return finishCall(call, q);
        }
        while (true) {
            int e = binary(q, 1);
            if (e < 0) {
                return -1;
            }
            emit(SymbolicExpression.ARGUMENT, null, 0, e, e);
            q = spaces(e);
            if (q >= lineEnd) {
                return -1;
            }
            if (text[q] == ')') {
                return finishCall(call, q);
            }
            if (text[q] != ',') {
                return -1;
            }
            q = spaces(q + 1);
        }
    }

    private int finishCall(int call, int close) {
        literals[call] = size;
        columns[2 * call + 1] = close + 1 - lineStart + 1;
        return close + 1;
    }

    /** The number token at digit {@code p}, the lexer's longest: a literal, a local reference or a decimal number. */
    private int number(int p) {
        int e = p;
        while (e < lineEnd && text[e] >= '0' && text[e] <= '9') {
            e++;
        }
        if (e - p <= 18 && (e == lineEnd || !continuesNumber(text[e]))) { // the common decimal: no other token is longer
            long v = 0;
            for (int i = p; i < e; i++) {
                v = v * 10 + (text[i] - '0');
            }
            return emit(SymbolicExpression.NUMBER, null, v, p, e);
        }
        if (e == p + 1 && text[p] == '0' && e < lineEnd && (text[e] | 0x20) == 'x') {
            int hex = hexEnd(e + 1);
            if (hex > 0) { // the common hex word: what HEX and parseNumber make of it, without either
                long v = 0;
                for (int i = e + 1; i < hex; i++) {
                    v = v << 4 | Lexicon.digit(text[i], 16);
                }
                return emit(SymbolicExpression.NUMBER, null, v, p, hex);
            }
        }
        e = Lexicon.numberEnd(chars, p, lineEnd);
        int last = text[e - 1] | 0x20;
        boolean radix = e - p > 2 && text[p] == '0' && ((text[p + 1] | 0x20) == 'x' || (text[p + 1] | 0x20) == 'b');
        if (!radix && (last == 'b' || last == 'f')) {
            named = true;
            return emit(SymbolicExpression.LOCAL, interned.of(text, p, e), 0, p, e);
        }
        if (!radix && !digitsOnly(p, e)) {
            return emit(SymbolicExpression.FLOAT, new String(text, p, e - p, StandardCharsets.ISO_8859_1), 0, p, e);
        }
        long v;
        if (!radix && e - p <= 18) {
            v = 0;
            for (int i = p; i < e; i++) {
                v = v * 10 + (text[i] - '0');
            }
        } else {
            try {
                v = ExpressionEvaluator.parseNumber(new String(text, p, e - p, StandardCharsets.ISO_8859_1),
                        SourceRange.at(null, 1, 1, 1));
            } catch (DiagnosticException tooLargeOrMalformed) {
                return -1; // the parser's path reports it
            }
        }
        return emit(SymbolicExpression.NUMBER, null, v, p, e);
    }

    /**
     * The end of the hex digits from {@code p} (after {@code 0x}) when they are a whole HEX token of at most 16
     * significant digits, no underscore among or after them; else -1.
     */
    private int hexEnd(int p) {
        int e = p;
        int significant = 0;
        while (e < lineEnd && Lexicon.digit(text[e], 16) >= 0) {
            significant += significant > 0 || text[e] != '0' ? 1 : 0;
            e++;
        }
        return e > p && significant <= 16 && (e == lineEnd || text[e] != '_') ? e : -1;
    }

    /** Whether a byte after digits may make the lexer's token longer than they are (hex, binary, float, local reference). */
    private static boolean continuesNumber(int c) {
        int lower = c | 0x20;
        return lower == 'x' || lower == 'b' || lower == 'e' || lower == 'f' || c == '.' || c == '_';
    }

    private boolean digitsOnly(int p, int e) {
        for (int i = p; i < e; i++) {
            if (text[i] < '0' || text[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /** Appends an instruction whose node spans {@code text[start, end)}; returns {@code end}. */
    private int emit(byte op, String name, long literal, int start, int end) {
        if (size == code.length) {
            code = Arrays.copyOf(code, 2 * size);
            names = ArrayCopies.strings(names, 2 * size);
            literals = Arrays.copyOf(literals, 2 * size);
            columns = Arrays.copyOf(columns, 4 * size);
        }
        code[size] = op;
        names[size] = name;
        literals[size] = literal;
        columns[2 * size] = start - lineStart + 1;
        columns[2 * size + 1] = end - lineStart + 1;
        size++;
        return end;
    }

    private int spaces(int p) {
        while (p < lineEnd && Lexicon.isSpace(text[p])) {
            p++;
        }
        return p;
    }

    /** The scan bytes as characters, for the lexer's rules written over characters. */
    private static final class Chars implements CharSequence {
        byte[] text;

        @Override
        public int length() {
            return text.length;
        }

        @Override
        public char charAt(int index) {
            return (char) (text[index] & 0xff);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(text, start, end - start, StandardCharsets.ISO_8859_1);
        }

        @Override
        public String toString() {
            return new String(text, StandardCharsets.ISO_8859_1);
        }
    }
}
