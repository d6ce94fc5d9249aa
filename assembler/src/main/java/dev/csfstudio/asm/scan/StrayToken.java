package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;

/**
 * The syntax error of a line that holds a token where only its end may be (after a whole statement, after a
 * mnemonic when it cannot start an operand, or as the line's first token), worded and placed as the parser
 * reports it: the parser's error path costs tens of microseconds a line, which a file of 40,000 such lines
 * would pay 40,000 times.
 *
 * <p>The parser reports exactly one error there: the single-line rule expects the end of the line, and its
 * recovery drops the rest of the line. A jqwik property holds this equal to the parser's report.
 */
public final class StrayToken {

    /** How ANTLR words the tokens the single-line rule expects after a line's statement. */
    private static final String LINE_END_EXPECTED = "expecting {<EOF>, NEWLINE}";
    /** The grammar's one-character literal tokens ({@code <<}, {@code >>} and the comparisons are two). */
    private static final String LITERALS = ":=()[],+-*/%#~&^|";

    private StrayToken() {
    }

    /**
     * Whether {@code c}, after an operand, may be where the operand's expression goes on (an operator, a call's
     * parenthesis, a register list's colon): such a line is the parser's to judge.
     */
    static boolean mayContinueOperand(int c) {
        return c >= 0 && "*/%+-<>&^|(:=~".indexOf(c) >= 0;
    }

    /** Whether an operand may start with {@code c}: a mnemonic followed by anything else has no operands. */
    static boolean mayStartOperand(int c) {
        return Lexicon.isIdentifierStart(c) || Lexicon.isDigit(c) || (c >= 0 && "[#-~+(".indexOf(c) >= 0);
    }

    /**
     * The parser's error for the token at {@code offset} of {@code line} (line number {@code n}), or null when
     * this cannot say it the same (characters beyond ASCII count differently in columns; escapes and line ends
     * are the lexer's to read).
     */
    public static Diagnostic error(Path file, String line, int n, int offset) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c >= 0x80 || c == '\r' || c == '\n' || c == '\\') {
                return null;
            }
        }
        int end = line.length();
        char c = line.charAt(offset);
        int type = 0; // any token the message names by its text
        int e;
        if (Lexicon.isIdentifierStart(c)) {
            e = Lexicon.identifierEnd(line, offset, end);
        } else if (Lexicon.isDigit(c)) {
            e = Lexicon.numberEnd(line, offset, end);
        } else if (Lexicon.isDirectiveStart(line, offset, end)) {
            e = Lexicon.directiveEnd(line, offset, end);
        } else if (c == '"') {
            e = Lexicon.stringEnd(line, offset, end);
            if (e == offset + 1 || line.charAt(e - 1) != '"') {
                type = CsfLexer.UNTERMINATED_STRING;
            }
        } else if (c == '<' || c == '>') {
            if (offset + 1 >= end || line.charAt(offset + 1) != c) {
                return null; // the lexer's half of a shift operator is not always ERROR_CHAR: the parser says
            }
            e = offset + 2;
        } else if ((c == '=' || c == '!') && offset + 1 < end && line.charAt(offset + 1) == '=') {
            e = offset + 2; // .expect's comparisons == and != are tokens of their own
        } else {
            e = offset + 1;
            type = LITERALS.indexOf(c) >= 0 ? 0 : CsfLexer.ERROR_CHAR;
        }
        String message = Parsing.SyntaxErrors.describe(type, line.substring(offset, e), LINE_END_EXPECTED);
        return Diagnostic.error(new SourceRange(file, n, offset + 1, n, e + 1), DiagnosticCode.SYNTAX, message);
    }
}
