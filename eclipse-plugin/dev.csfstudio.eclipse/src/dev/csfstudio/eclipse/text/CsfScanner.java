package dev.csfstudio.eclipse.text;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.ICharacterScanner;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.PatternRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WhitespaceRule;

import dev.csfstudio.grammar.Lexicon;

/**
 * Rule-based token scanner of CSF source: comments, strings, labels ({@code name:}, {@code 1:} and the
 * references {@code 1b}/{@code 1f}), directives and mnemonics at statement start (a mnemonic's dotted
 * modifiers apart), registers rN and dN (which exist is the architecture's: the server's semantic tokens
 * show one it lacks as a name), numbers (decimal, 0x, 0b, float, with {@code #} and a sign), {@code key=}
 * arguments, with the grammar's character classes ({@link Lexicon}, from the bundled csf.jar). Token data come
 * from a function of the {@link TokenKind}; with
 * {@link #classifying()} the data is the kind itself, which needs no Display.
 */
public class CsfScanner extends RuleBasedScanner {

    /** Any rN or dN: which exist is the document's architecture's, told by the server's semantic tokens. */
    static boolean isRegister(CharSequence word) {
        if (word.length() < 2 || "rRdD".indexOf(word.charAt(0)) < 0) {
            return false;
        }
        for (int i = 1; i < word.length(); i++) {
            if (!Lexicon.isDigit(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code before} is what may precede a statement's head on its line: blanks and labels ({@code a:}, {@code 1:}). */
    static boolean isHeadPrefix(CharSequence before) {
        int p = 0;
        int end = before.length();
        while (true) {
            while (p < end && Lexicon.isSpace(before.charAt(p))) {
                p++;
            }
            if (p == end) {
                return true;
            }
            int word = Lexicon.isIdentifierStart(before.charAt(p)) ? Lexicon.identifierPartEnd(before, p + 1, end)
                    : digitsEnd(before, p, end);
            if (word == p) {
                return false;
            }
            p = word;
            while (p < end && Lexicon.isSpace(before.charAt(p))) {
                p++;
            }
            if (p >= end || before.charAt(p) != ':' || p + 1 < end && before.charAt(p + 1) == ':') {
                return false;
            }
            p++;
        }
    }

    private static int digitsEnd(CharSequence t, int p, int end) {
        while (p < end && Lexicon.isDigit(t.charAt(p))) {
            p++;
        }
        return p;
    }

    private final Map<TokenKind, IToken> tokens = new EnumMap<>(TokenKind.class);

    public CsfScanner(Function<TokenKind, IToken> tokenOf) {
        for (TokenKind k : TokenKind.values()) {
            tokens.put(k, tokenOf.apply(k));
        }
        setRules(new IRule[] {
            new WhitespaceRule(Character::isWhitespace),
            new EndOfLineRule("//", tokens.get(TokenKind.COMMENT)),
            new EndOfLineRule(";", tokens.get(TokenKind.COMMENT)),
            new PatternRule("\"", "\"", tokens.get(TokenKind.STRING), '\\', true, true),
            new NumberRule(),
            new DotRule(),
            new WordRule(),
        });
        setDefaultReturnToken(tokens.get(TokenKind.IDENTIFIER));
    }

    /** A scanner whose tokens carry their {@link TokenKind} as data. */
    public static CsfScanner classifying() {
        return new CsfScanner(Token::new);
    }

    public IToken token(TokenKind kind) {
        return tokens.get(kind);
    }

    /** True when only blanks and labels precede the current token on its line. */
    boolean atStatementStart() {
        try {
            IRegion line = fDocument.getLineInformationOfOffset(fTokenOffset);
            String before = fDocument.get(line.getOffset(), fTokenOffset - line.getOffset());
            return isHeadPrefix(before);
        } catch (BadLocationException e) {
            return false;
        }
    }

    /** The character before the current token, or 0 at the start of the document. */
    char charBefore() {
        try {
            return fTokenOffset > 0 ? fDocument.getChar(fTokenOffset - 1) : 0;
        } catch (BadLocationException e) {
            return 0;
        }
    }

    // the character classes are the grammar's (Lexicon, from the bundled csf.jar), not this scanner's own

    static boolean identStart(int c) {
        return Lexicon.isIdentifierStart(c);
    }

    static boolean identPart(int c) {
        return Lexicon.isIdentifierPart(c);
    }

    private static boolean digit(int c) {
        return Lexicon.isDigit(c);
    }

    /** {@code HEX}'s digits after {@code 0x}: hex digits and {@code _}. */
    private static boolean hexDigit(int c) {
        return Lexicon.digit(c, 16) >= 0 || c == '_';
    }

    /** Reads characters while they match; returns how many. */
    private static int readWhile(ICharacterScanner s, java.util.function.IntPredicate p) {
        int n = 0;
        int c;
        while ((c = s.read()) != ICharacterScanner.EOF && p.test(c)) {
            n++;
        }
        s.unread();
        return n;
    }

    private static void unread(ICharacterScanner s, int n) {
        for (int i = 0; i < n; i++) {
            s.unread();
        }
    }

    /** Peeks past blanks: true when a ':' that is not '::' follows (a label definition). */
    private static boolean colonFollows(ICharacterScanner s) {
        int n = readWhile(s, c -> c == ' ' || c == '\t');
        int c = s.read();
        int next = s.read();
        boolean label = c == ':' && next != ':';
        s.unread();
        s.unread();
        unread(s, n);
        return label;
    }

    /** Peeks past blanks: true when a '=' that is not '==' follows (a key=value argument). */
    private static boolean equalsFollows(ICharacterScanner s) {
        int n = readWhile(s, c -> c == ' ' || c == '\t');
        int c = s.read();
        int next = s.read();
        s.unread();
        s.unread();
        unread(s, n);
        return c == '=' && next != '=';
    }

    /** Identifiers: labels, mnemonics (statement head), registers, keys and other symbols. */
    private final class WordRule implements IRule {
        @Override
        public IToken evaluate(ICharacterScanner s) {
            int c = s.read();
            if (!identStart(c) || identPart(charBefore())) {
                s.unread();
                return Token.UNDEFINED;
            }
            StringBuilder word = new StringBuilder().append((char) c);
            while (identPart(c = s.read())) {
                word.append((char) c);
            }
            s.unread();
            boolean head = atStatementStart();
            if (head && colonFollows(s)) {
                return tokens.get(TokenKind.LABEL);
            }
            if (head) {
                return tokens.get(TokenKind.MNEMONIC);
            }
            if (isRegister(word)) {
                return tokens.get(TokenKind.REGISTER);
            }
            if (equalsFollows(s)) {
                return tokens.get(TokenKind.KEY);
            }
            return tokens.get(TokenKind.IDENTIFIER);
        }
    }

    /** '.' at statement start: a directive; right after a word: a modifier ({@code .tile_order=zorder}). */
    private final class DotRule implements IRule {
        @Override
        public IToken evaluate(ICharacterScanner s) {
            int c = s.read();
            if (c != '.') {
                s.unread();
                return Token.UNDEFINED;
            }
            if (atStatementStart()) {
                if (!identStart(s.read())) {
                    s.unread();
                    s.unread();
                    return Token.UNDEFINED;
                }
                readWhile(s, CsfScanner::identPart);
                return tokens.get(TokenKind.DIRECTIVE);
            }
            char before = charBefore();
            if (identPart(before)) {
                int n = readWhile(s, CsfScanner::identPart);
                if (n == 0) {
                    s.unread();
                    return Token.UNDEFINED;
                }
                int eq = s.read();
                if (eq == '=' && identPart(peek(s))) {
                    readWhile(s, CsfScanner::identPart);
                } else {
                    s.unread();
                }
                return tokens.get(TokenKind.MODIFIER);
            }
            s.unread();
            return Token.UNDEFINED;
        }
    }

    private static int peek(ICharacterScanner s) {
        int c = s.read();
        s.unread();
        return c;
    }

    /**
     * Numbers with an optional '#' and a sign that belongs to them (not a minus after an operand);
     * {@code 1:} at statement start and {@code 1b}/{@code 1f} are labels.
     */
    private final class NumberRule implements IRule {
        @Override
        public IToken evaluate(ICharacterScanner s) {
            int read = 0;
            int c = s.read();
            read++;
            char before = charBefore();
            if (identPart(before) && c != '#') {
                unread(s, read);
                return Token.UNDEFINED;
            }
            if (c == '#') {
                read += readWhile(s, x -> x == ' ' || x == '\t');
                c = s.read();
                read++;
            }
            if (c == '-' && !(identPart(before) || before == ')' || before == ']')) {
                c = s.read();
                read++;
            }
            if (!digit(c)) {
                unread(s, read);
                return Token.UNDEFINED;
            }
            int next = s.read();
            if (c == '0' && (next == 'x' || next == 'X') && hexDigit(peek(s))) {
                readWhile(s, CsfScanner::hexDigit);
                return tokens.get(TokenKind.NUMBER);
            }
            if (c == '0' && (next == 'b' || next == 'B') && (peek(s) == '0' || peek(s) == '1' || peek(s) == '_')) {
                readWhile(s, x -> x == '0' || x == '1' || x == '_');
                return tokens.get(TokenKind.NUMBER);
            }
            s.unread();
            readWhile(s, CsfScanner::digit);
            int after = s.read();
            if ((after == 'b' || after == 'f' || after == 'B' || after == 'F') && !identPart(peek(s))) {
                return tokens.get(TokenKind.LABEL); // 1b / 1f: a reference to a numeric label
            }
            if (after == '.' && digit(peek(s))) {
                readWhile(s, CsfScanner::digit);
                after = s.read();
            }
            if (after == 'e' || after == 'E') {
                int sign = s.read();
                if ((sign == '+' || sign == '-') && digit(peek(s)) || digit(sign)) {
                    readWhile(s, CsfScanner::digit);
                    return tokens.get(TokenKind.NUMBER);
                }
                s.unread();
            }
            s.unread();
            if (read == 1 && atStatementStart() && colonFollows(s)) {
                return tokens.get(TokenKind.LABEL);
            }
            return tokens.get(TokenKind.NUMBER);
        }
    }
}
