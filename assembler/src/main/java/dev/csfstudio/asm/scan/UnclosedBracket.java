package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;

/**
 * The syntax error of an instruction line whose last operand opens a bracket it never closes, worded and placed as
 * the parser reports it, for the shapes where that report depends on nothing else: the parser's error path (full
 * LL prediction and recovery) costs tens of microseconds a line, which a file of 40,000 such lines would pay
 * 40,000 times.
 *
 * <p>The shapes, after operands the plain scanner read ({@link PlainInstructionScanner.HandOff}), each to the end of
 * the line but for a comment (a <em>simple</em> expression is names and number tokens with unary and binary
 * operators, no brackets):
 * <ul>
 *   <li>{@code '#'? '(' simple}: the parser inserts the missing {@code ')'} at the line end;</li>
 *   <li>{@code '[' name (('+' | '-') '#'? simple)?}: it inserts the missing {@code ']'} after an offset, and expects
 *       {@code ']'}, {@code '+'} or {@code '-'} after a bare base;</li>
 *   <li>{@code '['} alone, or {@code '['} and a number then no name, no comma and no string: it expects a name
 *       (the base) and its recovery drops the rest of the line.</li>
 * </ul>
 * Any other line is the parser's. {@code UnclosedBracketPropertiesTest} holds the whole assembly result equal to
 * the parser's path.
 */
public final class UnclosedBracket {

    /** ANTLR's report where it inserts a missing token: it names nothing expected. */
    private static final String MISSING = "missing";
    /** How ANTLR words what the memory operand expects after its base. */
    private static final String AFTER_BASE = "expecting {']', '+', '-'}";
    private static final String BASE = "expecting IDENT";

    private UnclosedBracket() {
    }

    /**
     * The parser's one error for {@code line} (line number {@code n}) whose operand at {@code operand} opens a bracket
     * never closed, or null when it is not one of the shapes (or holds a character whose column or token the lexer
     * counts otherwise: beyond ASCII, escapes, line ends).
     */
    public static Diagnostic error(Path file, String line, int n, int operand) {
        int end = line.length();
        for (int i = 0; i < end; i++) {
            char c = line.charAt(i);
            if (c >= 0x80 || c == '?' || c == '\\' || c == '\r' || c == '\n') {
                return null; // '?' is what the scanners' bytes hold for a character beyond ASCII
            }
        }
        int p = operand;
        if (line.charAt(p) == '[') {
            return memoryOperand(file, line, n, blanks(line, p + 1));
        }
        if (line.charAt(p) == '#') {
            p = blanks(line, p + 1);
        }
        if (p < end && line.charAt(p) == '(' && done(line, simple(line, blanks(line, p + 1)))) {
            return atLineEnd(file, line, n, MISSING);
        }
        return null;
    }

    /** After a memory operand's {@code '['}, from {@code p}. */
    private static Diagnostic memoryOperand(Path file, String line, int n, int p) {
        int end = line.length();
        if (done(line, p)) {
            return atLineEnd(file, line, n, BASE);
        }
        char c = line.charAt(p);
        if (Lexicon.isIdentifierStart(c)) {
            int q = blanks(line, Lexicon.identifierEnd(line, p, end));
            if (done(line, q)) {
                return atLineEnd(file, line, n, AFTER_BASE);
            }
            if (line.charAt(q) != '+' && line.charAt(q) != '-') {
                return null;
            }
            q = blanks(line, q + 1);
            if (q < end && line.charAt(q) == '#') {
                q = blanks(line, q + 1);
            }
            return done(line, simple(line, q)) ? atLineEnd(file, line, n, MISSING) : null;
        }
        if (!Lexicon.isDigit(c)) {
            return null;
        }
        int e = Lexicon.numberEnd(line, p, end);
        int q = blanks(line, e);
        if (q < end && Lexicon.isIdentifierStart(line.charAt(q))) {
            return null; // the parser drops the number as an extra token and reads on
        }
        for (; q < end && !Lexicon.isCommentStart(line, q, end); q++) {
            if (line.charAt(q) == ',' || line.charAt(q) == '"') {
                return null; // its recovery stops at a comma and reads the next operand
            }
        }
        return Diagnostic.error(new SourceRange(file, n, p + 1, n, e + 1), DiagnosticCode.SYNTAX,
                Parsing.SyntaxErrors.describe(0, line.substring(p, e), BASE));
    }

    /**
     * The end of the simple expression from {@code p} (after the blanks that follow it), or -1 when there is none:
     * operands of names and number tokens, each after any unary {@code - ~ +}, joined by binary operators.
     */
    private static int simple(String line, int p) {
        int end = line.length();
        while (true) {
            while (p < end && "-~+".indexOf(line.charAt(p)) >= 0) {
                p = blanks(line, p + 1);
            }
            if (p >= end) {
                return -1;
            }
            char c = line.charAt(p);
            int e;
            if (Lexicon.isIdentifierStart(c)) {
                e = Lexicon.identifierEnd(line, p, end);
            } else if (Lexicon.isDigit(c)) {
                e = Lexicon.numberEnd(line, p, end);
            } else {
                return -1;
            }
            int q = blanks(line, e);
            int op = done(line, q) ? 0 : binaryOperator(line, q);
            if (op == 0) {
                return q;
            }
            p = blanks(line, q + op);
        }
    }

    /** The length of the binary operator at {@code p}, or 0. */
    private static int binaryOperator(String line, int p) {
        char c = line.charAt(p);
        if ("*/%+-&^|".indexOf(c) >= 0) {
            return 1;
        }
        boolean shift = (c == '<' || c == '>') && p + 1 < line.length() && line.charAt(p + 1) == c;
        return shift ? 2 : 0;
    }

    /** The error at the line's end, where the parser meets the {@code NEWLINE} after the last token. */
    private static Diagnostic atLineEnd(Path file, String line, int n, String antlrMessage) {
        int column = line.length() + 1;
        return Diagnostic.error(new SourceRange(file, n, column, n, column + 1), DiagnosticCode.SYNTAX,
                Parsing.SyntaxErrors.describe(CsfLexer.NEWLINE, "\n", antlrMessage));
    }

    /** Whether only a comment, or nothing, follows from {@code p}; false for -1. */
    private static boolean done(String line, int p) {
        return p >= 0 && (p >= line.length() || Lexicon.isCommentStart(line, p, line.length()));
    }

    private static int blanks(String line, int p) {
        while (p < line.length() && Lexicon.isSpace(line.charAt(p))) {
            p++;
        }
        return p;
    }
}
