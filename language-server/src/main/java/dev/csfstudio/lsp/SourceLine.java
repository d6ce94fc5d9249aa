package dev.csfstudio.lsp;

import dev.csfstudio.grammar.Lexicon;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lexical parts of one source line, as an editor needs them while the user is typing: which word is
 * the mnemonic or directive, which dotted modifiers follow it, which operand the cursor is in. It works
 * on incomplete and broken lines, where a parse tree has nothing to offer; meaning (values, addresses,
 * errors) still comes from the assembler.
 */
public final class SourceLine {

    public enum Kind {
        LABEL_DEFINITION, MNEMONIC, MODIFIER, DIRECTIVE, REGISTER, NUMBER, SYMBOL, FIELD_NAME, STRING,
        OPERATOR, COMMA, COMMENT
    }

    /** A token: {@code start} inclusive, {@code end} exclusive, as columns of the line (0-based). */
    public record Token(Kind kind, int start, int end, String text) {
        public boolean covers(int column) {
            return column >= start && column <= end;
        }
    }

    private final String text;
    private final List<Token> tokens;

    private SourceLine(String text, List<Token> tokens) {
        this.text = text;
        this.tokens = List.copyOf(tokens);
    }

    public String text() {
        return text;
    }

    public List<Token> tokens() {
        return tokens;
    }

    /** The instruction mnemonic or directive of the line, if any. */
    public Optional<Token> head() {
        return tokens.stream().filter(t -> t.kind() == Kind.MNEMONIC || t.kind() == Kind.DIRECTIVE).findFirst();
    }

    public List<Token> modifiers() {
        return tokens.stream().filter(t -> t.kind() == Kind.MODIFIER).toList();
    }

    /** The token under (or just before) a column, preferring a word over punctuation. */
    public Optional<Token> tokenAt(int column) {
        Token best = null;
        for (Token t : tokens) {
            if (t.covers(column) && (best == null || best.kind() == Kind.COMMA || best.kind() == Kind.OPERATOR)) {
                best = t;
            }
        }
        return Optional.ofNullable(best);
    }

    public Optional<Token> comment() {
        return tokens.stream().filter(t -> t.kind() == Kind.COMMENT).findFirst();
    }

    /** Whether a column lies inside a comment or a string, where no completion makes sense. */
    public boolean inCommentOrString(int column) {
        for (Token t : tokens) {
            if (t.kind() == Kind.COMMENT && column > t.start()) {
                return true;
            }
            if (t.kind() == Kind.STRING && column > t.start() && column < t.end()) {
                return true;
            }
        }
        return false;
    }

    /** Index of the operand a column is in (0 = first operand), or -1 when the column is not past the head. */
    public int operandIndexAt(int column) {
        Optional<Token> head = head();
        if (head.isEmpty()) {
            return -1;
        }
        int headEnd = lastModifierEnd(head.get());
        if (column <= headEnd) {
            return -1;
        }
        int index = 0;
        for (Token t : tokens) {
            if (t.start() >= headEnd && t.end() <= column && t.kind() == Kind.COMMA) {
                index++;
            }
        }
        return index;
    }

    private int lastModifierEnd(Token head) {
        int end = head.end();
        for (Token t : tokens) {
            if (t.kind() == Kind.MODIFIER && t.start() >= head.end()) {
                end = Math.max(end, t.end());
            }
        }
        return end;
    }

    /** The identifier-like characters around a column: what a completion replaces. */
    public int[] wordAround(int column) {
        int start = Math.min(column, text.length());
        while (start > 0 && isWordChar(text.charAt(start - 1))) {
            start--;
        }
        int end = Math.min(column, text.length());
        while (end < text.length() && isWordChar(text.charAt(end))) {
            end++;
        }
        return new int[] {start, end};
    }

    /**
     * The line's tokens. Where a token is one of the grammar's (spaces, comments, strings, names with their
     * dotted modifiers, directives, numbers) it ends where the assembler's lexer ends it ({@link Lexicon});
     * the editor's own distinctions are finer: a mnemonic apart from its modifiers, registers, field names,
     * and a number with its {@code #} and sign.
     */
    public static SourceLine scan(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = text.length();
        boolean headSeen = false;
        while (i < n) {
            char c = text.charAt(i);
            if (Lexicon.isSpace(c)) {
                i++;
            } else if (Lexicon.isCommentStart(text, i, n)) {
                tokens.add(new Token(Kind.COMMENT, i, n, text.substring(i)));
                break;
            } else if (c == '"') {
                i = add(tokens, Kind.STRING, text, i, Lexicon.stringEnd(text, i, n));
            } else if (!headSeen && c == '.') {
                // a lone '.' too: what a directive being typed looks like
                i = add(tokens, Kind.DIRECTIVE, text, i, Lexicon.isDirectiveStart(text, i, n)
                        ? Lexicon.directiveEnd(text, i, n) : i + 1);
                headSeen = true;
            } else if (!headSeen && (Lexicon.isIdentifierStart(c) || Lexicon.isDigit(c))) {
                boolean name = Lexicon.isIdentifierStart(c);
                int end = name ? Lexicon.identifierEnd(text, i, n) : Lexicon.numberEnd(text, i, n);
                String word = text.substring(i, end);
                if (end < n && text.charAt(end) == ':' && !word.contains(".")) {
                    tokens.add(new Token(Kind.LABEL_DEFINITION, i, end, word));
                    i = add(tokens, Kind.OPERATOR, text, end, end + 1);
                } else if (name) {
                    if (end < n && text.charAt(end) == '.') {
                        end++; // the dot of a modifier being typed ("BRANCH.") belongs to the mnemonic's modifiers
                    }
                    addMnemonic(tokens, text, i, end);
                    headSeen = true;
                    i = end;
                } else {
                    // a stray number at the start of a statement: let the assembler complain
                    i = add(tokens, Kind.NUMBER, text, i, end);
                    headSeen = true;
                }
            } else if (Lexicon.isDirectiveStart(text, i, n)) {
                // a directive's name after the statement's head: one token, as the lexer reads it
                i = add(tokens, Kind.DIRECTIVE, text, i, Lexicon.directiveEnd(text, i, n));
            } else if (Lexicon.isIdentifierStart(c)) {
                int end = Lexicon.identifierEnd(text, i, n);
                String word = text.substring(i, end);
                Kind kind;
                if (isRegister(word)) {
                    kind = Kind.REGISTER;
                } else if (end < n && text.charAt(end) == '=' && (end + 1 >= n || text.charAt(end + 1) != '=')) {
                    kind = Kind.FIELD_NAME;
                } else {
                    kind = Kind.SYMBOL;
                }
                i = add(tokens, kind, text, i, end);
            } else if (Lexicon.isDigit(c) || (c == '#' && i + 1 < n && (Lexicon.isDigit(text.charAt(i + 1))
                    || text.charAt(i + 1) == '-'))) {
                int digits = c == '#' ? i + 1 : i;
                if (c == '#' && text.charAt(digits) == '-') {
                    digits++;
                }
                int end = digits < n && Lexicon.isDigit(text.charAt(digits)) ? Lexicon.numberEnd(text, digits, n) : digits;
                String word = text.substring(i, end);
                boolean localRef = word.matches("\\d+[bfBF]");
                i = add(tokens, localRef ? Kind.SYMBOL : Kind.NUMBER, text, i, end);
            } else if (c == ',') {
                i = add(tokens, Kind.COMMA, text, i, i + 1);
            } else {
                int end = i + 1;
                if ((c == '<' || c == '>') && end < n && text.charAt(end) == c) {
                    end++;
                }
                i = add(tokens, Kind.OPERATOR, text, i, end);
            }
        }
        return new SourceLine(text, tokens);
    }

    /** Adds the token {@code [start, end)}; returns its end. */
    private static int add(List<Token> tokens, Kind kind, String text, int start, int end) {
        tokens.add(new Token(kind, start, end, text.substring(start, end)));
        return end;
    }

    /** {@code BRANCH.ne} becomes a mnemonic token and one modifier token per dotted part (dot included). */
    private static void addMnemonic(List<Token> tokens, String text, int start, int end) {
        int dot = text.indexOf('.', start);
        int mnemonicEnd = dot < 0 || dot >= end ? end : dot;
        tokens.add(new Token(Kind.MNEMONIC, start, mnemonicEnd, text.substring(start, mnemonicEnd)));
        int i = mnemonicEnd;
        while (i < end) {
            int next = text.indexOf('.', i + 1);
            int partEnd = next < 0 || next >= end ? end : next;
            tokens.add(new Token(Kind.MODIFIER, i, partEnd, text.substring(i, partEnd)));
            i = partEnd;
        }
    }

    static boolean isRegister(String word) {
        if (word.length() < 2 || word.length() > 4) { // r0..r999: v12 has r127
            return false;
        }
        char c = Character.toLowerCase(word.charAt(0));
        return (c == 'r' || c == 'd') && word.substring(1).chars().allMatch(Character::isDigit);
    }

    /** A character of a name: the lexer's {@code [a-zA-Z_0-9]}. */
    static boolean isWordChar(char c) {
        return Lexicon.isIdentifierPart(c);
    }
}
