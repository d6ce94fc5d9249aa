package dev.csfstudio.grammar;

import java.util.Arrays;

/**
 * The character classes and token rules of {@code Csf.g4}'s lexer, for the hand-written scanners that read
 * source without ANTLR (the assembler's fast instruction scanner and line classifier, the {@code .arch}
 * search, the language server's line scanner). Each rule here says which grammar rule it is;
 * {@code LexiconPropertiesTest} proves them equal to the generated lexer on random text.
 *
 * <p>Methods come in two forms, over scanner bytes (ASCII as is, anything else a byte no rule accepts) and
 * over characters; both read only {@code [from, end)}.
 */
public final class Lexicon {

    private static final int SPACE = 1;
    private static final int IDENTIFIER_START = 2;
    private static final int IDENTIFIER_PART = 4;
    private static final int DIGIT = 8;
    private static final int HEX_DIGIT = 16;
    /**
     * Classes of the ASCII characters; every other character is in none. Indexed by a scanner byte's 8 bits, so a
     * byte needs no range check (bytes 128..255, which no ASCII source has, are in none).
     */
    private static final byte[] CLASSES = new byte[256];

    static {
        for (int c = 0; c < 128; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean digit = c >= '0' && c <= '9';
            int classes = (letter ? IDENTIFIER_START | IDENTIFIER_PART : 0) | (digit ? DIGIT | IDENTIFIER_PART : 0)
                    | (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? HEX_DIGIT : 0)
                    | (c == ' ' || c == '\t' || c == '\f' || c == 0x0b ? SPACE : 0);
            CLASSES[c] = (byte) classes;
        }
    }

    /** The value of each ASCII digit and hex letter, -1 for any other character. */
    private static final byte[] DIGIT_VALUES = new byte[128];

    static {
        Arrays.fill(DIGIT_VALUES, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            DIGIT_VALUES[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            DIGIT_VALUES[c] = (byte) (c - 'a' + 10);
            DIGIT_VALUES[c - 'a' + 'A'] = (byte) (c - 'a' + 10);
        }
    }

    private Lexicon() {
    }

    /**
     * The value of the ASCII digit {@code c} in {@code radix} (2 to 16: {@code [0-9a-fA-F]} as far as the radix goes),
     * or -1 for any other character or byte: a table, not {@code Character.digit}.
     */
    public static int digit(int c, int radix) {
        int d = c >= 0 && c < 128 ? DIGIT_VALUES[c] : -1;
        return d < radix ? d : -1;
    }

    private static boolean is(int c, int cls) {
        return c >= 0 && c < 128 && (CLASSES[c] & cls) != 0;
    }

    /** {@link #is(int, int)} of a scanner byte: its table entry, with no range check (the hot loops' form). */
    private static boolean is(byte b, int cls) {
        return (CLASSES[b & 0xff] & cls) != 0;
    }

    /** {@code WS}: {@code [ \t\f\u000B]} (line ends are {@code NEWLINE}, every other character an error). */
    public static boolean isSpace(int c) {
        return is(c, SPACE);
    }

    public static boolean isSpace(byte b) {
        return is(b, SPACE);
    }

    /** The first character of {@code IDENT} and, after the dot, of {@code DIRECTIVE}: {@code [a-zA-Z_]}. */
    public static boolean isIdentifierStart(int c) {
        return is(c, IDENTIFIER_START);
    }

    public static boolean isIdentifierStart(byte b) {
        return is(b, IDENTIFIER_START);
    }

    /** {@code [a-zA-Z_0-9]}: the rest of an identifier and each dotted part of {@code IDENT}. */
    public static boolean isIdentifierPart(int c) {
        return is(c, IDENTIFIER_PART);
    }

    public static boolean isIdentifierPart(byte b) {
        return is(b, IDENTIFIER_PART);
    }

    public static boolean isDigit(int c) {
        return is(c, DIGIT);
    }

    public static boolean isDigit(byte b) {
        return is(b, DIGIT);
    }

    /** {@code COMMENT}'s start: {@code //} or {@code ;} (the comment runs to the end of the line). */
    public static boolean isCommentStart(byte[] t, int p, int end) {
        return p < end && (t[p] == ';' || (t[p] == '/' && p + 1 < end && t[p + 1] == '/'));
    }

    public static boolean isCommentStart(CharSequence t, int p, int end) {
        return p < end && (t.charAt(p) == ';' || (t.charAt(p) == '/' && p + 1 < end && t.charAt(p + 1) == '/'));
    }

    /** The end of {@code [a-zA-Z_0-9]*} from {@code p}. */
    public static int identifierPartEnd(byte[] t, int p, int end) {
        while (p < end && isIdentifierPart(t[p])) {
            p++;
        }
        return p;
    }

    public static int identifierPartEnd(CharSequence t, int p, int end) {
        while (p < end && isIdentifierPart(t.charAt(p))) {
            p++;
        }
        return p;
    }

    /**
     * The end of the {@code IDENT} token starting at {@code p} (an identifier start): the name, then any
     * {@code .part} each with an optional {@code =part}, as in {@code BRANCH.ne} or {@code RUN_FRAGMENT.tile_order=zorder}.
     */
    public static int identifierEnd(byte[] t, int p, int end) {
        int e = identifierPartEnd(t, p + 1, end);
        while (e + 1 < end && t[e] == '.' && isIdentifierPart(t[e + 1])) {
            e = identifierPartEnd(t, e + 2, end);
            if (e + 1 < end && t[e] == '=' && isIdentifierPart(t[e + 1])) {
                e = identifierPartEnd(t, e + 2, end);
            }
        }
        return e;
    }

    public static int identifierEnd(CharSequence t, int p, int end) {
        int e = identifierPartEnd(t, p + 1, end);
        while (e + 1 < end && t.charAt(e) == '.' && isIdentifierPart(t.charAt(e + 1))) {
            e = identifierPartEnd(t, e + 2, end);
            if (e + 1 < end && t.charAt(e) == '=' && isIdentifierPart(t.charAt(e + 1))) {
                e = identifierPartEnd(t, e + 2, end);
            }
        }
        return e;
    }

    /** Whether {@code DIRECTIVE} starts at {@code p}: a dot and an identifier start. */
    public static boolean isDirectiveStart(CharSequence t, int p, int end) {
        return p + 1 < end && t.charAt(p) == '.' && isIdentifierStart(t.charAt(p + 1));
    }

    /** The end of the {@code DIRECTIVE} token at {@code p}: the dot and {@code [a-zA-Z_][a-zA-Z_0-9]*}. */
    public static int directiveEnd(CharSequence t, int p, int end) {
        return identifierPartEnd(t, p + 1, end);
    }

    /**
     * The end of the number token starting at digit {@code p}, the longest of {@code HEX}, {@code BIN},
     * {@code FLOAT}, {@code LOCAL_REF} and {@code DEC} as the lexer chooses: {@code 0x1f}, {@code 0b101},
     * {@code 1.5e3}, {@code 2b}, {@code 42}.
     */
    public static int numberEnd(CharSequence t, int p, int end) {
        int digits = digitsEnd(t, p, end);
        int best = digits;
        if (t.charAt(p) == '0' && p + 2 < end) {
            char radix = t.charAt(p + 1);
            String digitsOf = radix == 'x' || radix == 'X' ? "0123456789abcdefABCDEF_"
                    : radix == 'b' || radix == 'B' ? "01_" : "";
            best = Math.max(best, runEnd(t, p + 2, end, digitsOf));
        }
        if (digits + 1 < end && t.charAt(digits) == '.' && isDigit(t.charAt(digits + 1))) {
            int fraction = digitsEnd(t, digits + 1, end);
            best = Math.max(best, Math.max(fraction, exponentEnd(t, fraction, end)));
        } else {
            best = Math.max(best, exponentEnd(t, digits, end));
        }
        if (digits < end && "bfBF".indexOf(t.charAt(digits)) >= 0) {
            best = Math.max(best, digits + 1);
        }
        return best;
    }

    /** {@code [eE] [+-]? [0-9]+} from {@code p}: its end, or {@code p} when there is none. */
    private static int exponentEnd(CharSequence t, int p, int end) {
        if (p >= end || (t.charAt(p) != 'e' && t.charAt(p) != 'E')) {
            return p;
        }
        int q = p + 1;
        if (q < end && (t.charAt(q) == '+' || t.charAt(q) == '-')) {
            q++;
        }
        return q < end && isDigit(t.charAt(q)) ? digitsEnd(t, q, end) : p;
    }

    private static int digitsEnd(CharSequence t, int p, int end) {
        while (p < end && isDigit(t.charAt(p))) {
            p++;
        }
        return p;
    }

    /** The end of a run of at least one of {@code chars} from {@code p}, or 0 when there is none. */
    private static int runEnd(CharSequence t, int p, int end, String chars) {
        int q = p;
        while (q < end && chars.indexOf(t.charAt(q)) >= 0) {
            q++;
        }
        return q > p ? q : 0;
    }

    /**
     * The end of {@code STRING} (past its closing quote) or {@code UNTERMINATED_STRING} starting at the quote
     * {@code p}: backslash escapes any character but a line end.
     */
    public static int stringEnd(byte[] t, int p, int end) {
        int q = p + 1;
        while (q < end) {
            byte c = t[q];
            if (c == '"') {
                return q + 1;
            }
            if (c == '\r' || c == '\n') {
                return q;
            }
            if (c == '\\') {
                if (q + 1 >= end || t[q + 1] == '\r' || t[q + 1] == '\n') {
                    return q;
                }
                q += 2;
            } else {
                q++;
            }
        }
        return q;
    }

    public static int stringEnd(CharSequence t, int p, int end) {
        int q = p + 1;
        while (q < end) {
            char c = t.charAt(q);
            if (c == '"') {
                return q + 1;
            }
            if (c == '\r' || c == '\n') {
                return q;
            }
            if (c == '\\') {
                if (q + 1 >= end || t.charAt(q + 1) == '\r' || t.charAt(q + 1) == '\n') {
                    return q;
                }
                q += 2;
            } else {
                q++;
            }
        }
        return q;
    }
    /**
     * The end of the token the lexer makes at {@code p}, where no space, line end or comment starts: a name, a directive, a
     * number, a string (terminated or not) or punctuation ({@code << >> == != <= >=} before their one-character
     * prefixes); -1 where the lexer makes an {@code ERROR_CHAR} (a character no rule starts with, {@code !} alone,
     * {@code .} before no name, anything not ASCII). What a hand-written reader quotes when it meets an unexpected
     * token, as the parser quotes the lexer's.
     */
    public static int tokenEnd(CharSequence t, int p, int end) {
        char c = t.charAt(p);
        if (isIdentifierStart(c)) {
            return identifierEnd(t, p, end);
        }
        if (isDigit(c)) {
            return numberEnd(t, p, end);
        }
        if (c == '"') {
            return stringEnd(t, p, end);
        }
        if (isDirectiveStart(t, p, end)) {
            return directiveEnd(t, p, end);
        }
        char next = p + 1 < end ? t.charAt(p + 1) : 0;
        if ((c == '<' || c == '>') && next == c || (c == '=' || c == '!' || c == '<' || c == '>') && next == '=') {
            return p + 2;
        }
        return "()[],+-*/%&|^~#:=<>".indexOf(c) >= 0 ? p + 1 : -1;
    }
}
