package dev.csfstudio.asm.expr;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.source.Parsing.SyntaxErrors;

import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one hand-written reader of the grammar's {@code expr}: it reads an expression as the parser would build its
 * tree (unary {@code - ~ +} binding tightest, then {@code * / %}, {@code + -}, {@code << >>}, {@code &}, {@code ^},
 * {@code |}, all left-associative, by {@link Operators#precedence}; parentheses, calls, names, local references,
 * numbers, with {@link Lexicon}'s tokens: {@code 1b} is a local label reference, {@code é} no name) into the postfix
 * program of a {@link SymbolicExpression}, which evaluates it over an {@link ExpressionEvaluator.Scope}.
 *
 * <p>Two uses. The plain scanner keeps one reader per thread ({@link #ExpressionText()}, {@link #read}) and reads
 * source bytes: the reader stops before the first byte that cannot continue the expression and declines (returns
 * -1) wherever it is not sure of the parser's reading (a token it does not expect, a literal the evaluator would
 * reject, nesting deeper than {@link #SCANNER_NESTING}), so that the parser reads and reports the line. Text outside
 * a source file (a debugger's condition, watch or log message; {@link #evaluate}) is read to its end and evaluated:
 * a syntax error has the parser's words ({@link SyntaxErrors}: {@code unexpected end of line},
 * {@code unexpected 'tok'}, {@code unexpected character 'c'}, without the list of what the grammar expected, which
 * depends on the statement around an expression in source), a comment ends the text as it ends a line.
 *
 * <p>A {@link Memory} makes the debugger's dialect, an extension of the language: memory reads ({@code [va]} is a
 * 32-bit word; {@code byte}, {@code hword}, {@code word}, {@code dword} before the bracket choose the size),
 * comparisons {@code == != < <= > >=} (unsigned; between {@code &} and the shifts, as in C), {@code &&},
 * {@code ||} (below {@code |}) and unary {@code !}. Without one, those are syntax errors, as in source.
 *
 * <p>Every parenthesis, bracket, call and unary operator after an operator nests one level, at most
 * {@link #MAX_NESTING}, as source counts; a flat chain of binary operators is not nesting: it is read and evaluated
 * in a loop, so no text makes a stack overflow. Ranges of text are on line 1 of no file, columns 1-based in the text.
 */
public final class ExpressionText {

    /** The debugger's memory: {@code size} bytes at {@code va}, little-endian, or an error at {@code at}. */
    public interface Memory {
        long read(long va, int size, SourceRange at);
    }

    /** Makes the string of a name read from {@code text[from, to)} (the plain scanner interns them). */
    public interface Interner {
        String of(byte[] text, int from, int to);
    }

    /**
     * How deep unary operators, parentheses, brackets and calls may nest: source's bound, which
     * {@code scan.LineBounds} checks over a line's bytes before the parser reads it.
     */
    public static final int MAX_NESTING = 256;

    /** How deep the plain scanner reads: deeper, it declines and the parser reads the line. */
    public static final int SCANNER_NESTING = 64;

    /** The arrays' length kept between lines: a long expression's are let go when the next line is read. */
    private static final int KEPT = 512;

    private static final Interner PLAIN = (t, from, to) -> new String(t, from, to - from, StandardCharsets.ISO_8859_1);

    /** Whether comparisons, {@code && || !} and memory reads are read (the debugger's dialect). */
    private final boolean dialect;
    /** Whether a syntax error is thrown (text) rather than declined (source). */
    private final boolean strict;
    private final int maxNesting;
    /** For a text's error: the text as given, whose characters that are not ASCII the reader's bytes stand in for. */
    private final String original;

    private byte[] text;
    private int lineStart;
    private int lineEnd;
    private final Chars chars = new Chars();

    private byte[] code = new byte[16];
    private String[] names = new String[16];
    private long[] literals = new long[16];
    private int[] columns = new int[32];
    private int size;
    private int nesting;
    /** The program has a name, local reference or call: its value needs the symbols. */
    private boolean named;
    /** The program has a node whose messages quote it (a division, a remainder, a call). */
    private boolean quoted;
    private int from;
    private int to;
    private Interner interned;

    /** The plain scanner's reader of source: declines what it is unsure of; reused line after line. */
    public ExpressionText() {
        this(false, false, SCANNER_NESTING, null);
    }

    private ExpressionText(boolean dialect, boolean strict, int maxNesting, String original) {
        this.dialect = dialect;
        this.strict = strict;
        this.maxNesting = maxNesting;
        this.original = original;
    }

    /**
     * The value of {@code text} over {@code scope}, in the debugger's dialect when {@code memory} is given. Throws
     * {@link DiagnosticException} (its range's column is where it went wrong) or the scope's {@link UnresolvedException}.
     */
    public static long evaluate(String text, ExpressionEvaluator.Scope scope, Memory memory) {
        return read(text, memory != null).evaluate(scope, memory, null, 1);
    }

    /**
     * {@code text} read whole, in the debugger's dialect when {@code dialect}; its value is
     * {@link SymbolicExpression#evaluate(ExpressionEvaluator.Scope, Memory, java.nio.file.Path, int)}'s on line 1 of no
     * file. Throws {@link DiagnosticException} at the first syntax error.
     */
    public static SymbolicExpression read(String text, boolean dialect) {
        byte[] bytes = new byte[text.length()];
        for (int i = 0; i < bytes.length; i++) {
            char c = text.charAt(i);
            // a line end is a space in a text; a character that is not ASCII starts no token (the scanner's bytes)
            bytes[i] = c == '\n' || c == '\r' ? (byte) ' ' : c < 0x80 ? (byte) c : (byte) 0x80;
        }
        int start = 0;
        while (start < bytes.length && Lexicon.isSpace(bytes[start])) {
            start++;
        }
        ExpressionText reader = new ExpressionText(dialect, true, MAX_NESTING, text);
        int end = reader.spaces(reader.read(bytes, start, 0, bytes.length, PLAIN));
        if (end < bytes.length && !Lexicon.isCommentStart(bytes, end, bytes.length)) {
            throw reader.syntaxError(end);
        }
        return reader.expression();
    }

    /**
     * Reads the expression at {@code p} of the line {@code text[lineStart, lineEnd)}: the end of its last token, or
     * -1 to decline. Names are made through {@code interned}.
     */
    public int read(byte[] text, int p, int lineStart, int lineEnd, Interner interned) {
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
        nesting = 0;
        named = false;
        quoted = strict; // a text keeps itself for every message
        from = p;
        int end = binary(p, 1, false);
        to = end;
        return end;
    }

    /** Whether the expression just read names something (a name, a local reference, a call). */
    public boolean named() {
        return named;
    }

    /** The number of instructions of the expression just read (1: one token alone). */
    public int size() {
        return size;
    }

    /** The expression just read. */
    public SymbolicExpression expression() {
        String source = quoted ? new String(text, from, to - from, StandardCharsets.ISO_8859_1) : null;
        return new SymbolicExpression(Arrays.copyOf(code, size), strings(names, size),
                Arrays.copyOf(literals, size), Arrays.copyOf(columns, 2 * size), source, from - lineStart + 1);
    }

    // ---- reading

    /** The binary operator at {@code p} (a shift is {@code '<'}/{@code '>'}, the dialect's {@link Operators}' codes), or 0. */
    private int operatorAt(int p) {
        if (p >= lineEnd) {
            return 0;
        }
        int c = text[p];
        int next = p + 1 < lineEnd ? text[p + 1] : 0;
        if (c == '<' || c == '>') {
            if (next == c) {
                return c;
            }
            if (!dialect) {
                return 0;
            }
            return c == '<' ? (next == '=' ? Operators.LESS_EQUAL : Operators.LESS)
                    : next == '=' ? Operators.GREATER_EQUAL : Operators.GREATER;
        }
        if (dialect) {
            if (c == '=' && next == '=') {
                return Operators.EQUAL;
            }
            if (c == '!' && next == '=') {
                return Operators.NOT_EQUAL;
            }
            if ((c == '&' || c == '|') && next == c) {
                return c == '&' ? Operators.AND : Operators.OR;
            }
        }
        if (c == '/' && Lexicon.isCommentStart(text, p, lineEnd)) {
            return 0;
        }
        return switch (c) {
            case '*', '/', '%', '+', '-', '&', '^', '|' -> c;
            default -> 0;
        };
    }

    /** How many bytes operator {@code op} takes in the text. */
    private static int length(int op) {
        return switch (op) {
            case '<', '>', Operators.LESS_EQUAL, Operators.GREATER_EQUAL, Operators.EQUAL, Operators.NOT_EQUAL,
                 Operators.AND, Operators.OR -> 2;
            default -> 1;
        };
    }

    /**
     * Operands joined by operators of at least {@code min}'s precedence, from {@code p} (whose first operand follows
     * an operator when {@code afterOperator}): the end, or -1.
     */
    private int binary(int p, int min, boolean afterOperator) {
        int leftRoot = size;
        int e = unary(p, afterOperator);
        if (e < 0) {
            return -1;
        }
        int leftStart = columns[2 * root(leftRoot)] - 1 + lineStart; // back to an offset in the text
        while (true) {
            int q = spaces(e);
            int op = operatorAt(q);
            int precedence = Operators.precedence(op);
            if (op == 0 || precedence < min) {
                return e;
            }
            e = binary(spaces(q + length(op)), precedence + 1, true);
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

    /**
     * A unary operator and its operand, or a primary. As source counts nesting, a unary operator nests one level
     * when an operator comes right before it ({@code a - -b}, {@code --b}); one after a bracket or at the start
     * does not.
     */
    private int unary(int p, boolean afterOperator) {
        if (p >= lineEnd) {
            return fail(p);
        }
        int c = text[p];
        if (c == '-' || c == '~' || c == '+' || dialect && c == '!' && (p + 1 >= lineEnd || text[p + 1] != '=')) {
            if (afterOperator && !nest(p)) {
                return -1;
            }
            int e = unary(spaces(p + 1), true);
            if (afterOperator) {
                nesting--;
            }
            byte op = c == '-' ? SymbolicExpression.NEGATE : c == '~' ? SymbolicExpression.NOT
                    : c == '+' ? SymbolicExpression.PLUS : SymbolicExpression.LOGICAL_NOT;
            return e < 0 ? -1 : emit(op, null, 0, p, e);
        }
        return primary(p, c);
    }

    /** One level deeper at {@code at}: false (or the error, in a text) past the bound. */
    private boolean nest(int at) {
        if (++nesting <= maxNesting) {
            return true;
        }
        if (strict) {
            throw DiagnosticException.error(range(at, 1), DiagnosticCode.SYNTAX, SyntaxErrors.nestedTooDeep(maxNesting));
        }
        return false;
    }

    private int primary(int p, int c) {
        if (c == '(') {
            int e = bracketed(p, ')');
            return e < 0 ? -1 : emit(SymbolicExpression.PAREN, null, 0, p, e);
        }
        if (c == '[' && dialect) {
            return memoryRead(4, p, p);
        }
        if (Lexicon.isIdentifierStart(c)) {
            int e = Lexicon.identifierEnd(text, p, lineEnd);
            int open = spaces(e);
            if (dialect && open < lineEnd && text[open] == '[') {
                int size = sizeWord(p, e);
                if (size > 0) {
                    return memoryRead(size, p, open);
                }
            }
            named = true;
            String name = interned.of(text, p, e);
            if (open < lineEnd && text[open] == '(') {
                return call(p, name, open);
            }
            return emit(SymbolicExpression.NAME, name, 0, p, e);
        }
        if (c < '0' || c > '9') {
            return fail(p);
        }
        return number(p);
    }

    /** The bytes a memory read of the size word {@code text[p, e)} reads, or 0 when it is no size word. */
    private int sizeWord(int p, int e) {
        return switch (new String(text, p, e - p, StandardCharsets.ISO_8859_1)) {
            case "byte" -> 1;
            case "hword" -> 2;
            case "word" -> 4;
            case "dword" -> 8;
            default -> 0;
        };
    }

    /** The dialect's {@code [address]} at {@code open}, {@code size} bytes, the node from {@code p}. */
    private int memoryRead(int size, int p, int open) {
        int e = bracketed(open, ']');
        return e < 0 ? -1 : emit(SymbolicExpression.READ, null, size, p, e);
    }

    /** The expression in the bracket that opens at {@code open} and its {@code close}: the end past it, or -1. */
    private int bracketed(int open, char close) {
        if (!nest(open)) {
            return -1;
        }
        int e = binary(spaces(open + 1), 1, false);
        if (e < 0) {
            return -1;
        }
        int at = spaces(e);
        if (at >= lineEnd || text[at] != close) {
            return fail(at);
        }
        nesting--;
        return at + 1;
    }

    /** {@code name(args...)}: the call, its arguments each closed by an argument mark. */
    private int call(int p, String name, int open) {
        if (!nest(open)) {
            return -1;
        }
        int call = size;
        emit(SymbolicExpression.CALL, name, 0, p, p);
        quoted = true;
        int q = spaces(open + 1);
        if (q < lineEnd && text[q] == ')') {
            return finishCall(call, q);
        }
        while (true) {
            int e = binary(q, 1, false);
            if (e < 0) {
                return -1;
            }
            emit(SymbolicExpression.ARGUMENT, null, 0, e, e);
            q = spaces(e);
            if (q < lineEnd && text[q] == ')') {
                return finishCall(call, q);
            }
            if (q >= lineEnd || text[q] != ',') {
                return fail(q);
            }
            q = spaces(q + 1);
        }
    }

    private int finishCall(int call, int close) {
        nesting--;
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
        String token = new String(text, p, e - p, StandardCharsets.ISO_8859_1);
        int last = text[e - 1] | 0x20;
        boolean radix = e - p > 2 && text[p] == '0' && ((text[p + 1] | 0x20) == 'x' || (text[p + 1] | 0x20) == 'b');
        if (!radix && (last == 'b' || last == 'f')) {
            named = true;
            return emit(SymbolicExpression.LOCAL, interned.of(text, p, e), 0, p, e);
        }
        if (!radix && !digitsOnly(p, e)) {
            return emit(SymbolicExpression.FLOAT, token, 0, p, e);
        }
        long v;
        try {
            v = ExpressionEvaluator.parseNumber(token, SourceRange.at(null, 1, 1, 1));
        } catch (DiagnosticException tooLargeOrMalformed) {
            // source: the parser's path reports it; a text: its evaluation does, after every syntax error
            return strict ? emit(SymbolicExpression.NUMERAL, token, 0, p, e) : -1;
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
            names = strings(names, 2 * size);
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

    /**
     * The first {@code n} names as an array of their own ({@code Arrays.copyOf} of a typed array makes it by
     * reflection, a call into the JVM under the C1 compiler the assembler runs with, for every line of expressions).
     */
    private static String[] strings(String[] a, int n) {
        String[] copy = new String[n];
        System.arraycopy(a, 0, copy, 0, Math.min(n, a.length));
        return copy;
    }

    private int spaces(int p) {
        while (p < lineEnd && Lexicon.isSpace(text[p])) {
            p++;
        }
        return p;
    }

    /** Where the reading cannot go on at {@code at}: declines (-1), or in a text throws the parser's error there. */
    private int fail(int at) {
        if (strict) {
            throw syntaxError(at);
        }
        return -1;
    }

    /** The parser's error for the token at {@code at} of a text, where an expression cannot have it. */
    private DiagnosticException syntaxError(int at) {
        if (at >= lineEnd || Lexicon.isCommentStart(text, at, lineEnd)) { // where the line ends, past a comment
            return DiagnosticException.error(range(lineEnd, 1), DiagnosticCode.SYNTAX, SyntaxErrors.END_OF_LINE);
        }
        int end = text[at] < 0 ? -1 : Lexicon.tokenEnd(chars, at, lineEnd);
        if (end < 0) {
            int cp = original.codePointAt(at - lineStart);
            return DiagnosticException.error(range(at, 1), DiagnosticCode.SYNTAX,
                    SyntaxErrors.unexpectedCharacter(new String(Character.toChars(cp))));
        }
        if (text[at] == '"' && !closed(at, end)) {
            return DiagnosticException.error(range(at, end - at), DiagnosticCode.SYNTAX, SyntaxErrors.UNTERMINATED_STRING);
        }
        return DiagnosticException.error(range(at, end - at), DiagnosticCode.SYNTAX,
                SyntaxErrors.unexpected(new String(text, at, end - at, StandardCharsets.ISO_8859_1)));
    }

    /** Whether the string token {@code text[at, end)} ends with its closing quote. */
    private boolean closed(int at, int end) {
        int q = at + 1;
        while (q < end) {
            if (text[q] == '"') {
                return q == end - 1;
            }
            q += text[q] == '\\' ? 2 : 1;
        }
        return false;
    }

    private SourceRange range(int at, int length) {
        return SourceRange.at(null, 1, at - lineStart + 1, length);
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
