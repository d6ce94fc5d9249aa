package dev.csfstudio.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/** Lexicon's character classes and token rules give every token the generated lexer makes, with its end. */
class LexiconPropertiesTest {

    /** Characters every rule meets: parts of names, numbers, radixes, exponents, strings, comments, blanks. */
    private static final String ALPHABET = "aZ_09xXbBfFeE1.=;/\"\\ \t\f\u000b\r\n#-+,:[]()<>*~!%&|^'\u00e9\u001c$";

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars(ALPHABET.toCharArray()).ofMaxLength(40);
    }

    /** The text as the assembler's scanners see it: one byte per character, anything not ASCII as '?'. */
    private static byte[] scannerBytes(String text) {
        byte[] b = new byte[text.length()];
        for (int i = 0; i < b.length; i++) {
            char c = text.charAt(i);
            b[i] = c < 0x80 ? (byte) c : (byte) '?';
        }
        return b;
    }

    private static List<? extends Token> tokens(String text) {
        return new CsfLexer(CharStreams.fromString(text)).getAllTokens();
    }

    @Property(tries = 5000)
    void everyTokenStartsAndEndsWhereTheLexiconSays(@ForAll("texts") String text) {
        int n = text.length();
        byte[] bytes = scannerBytes(text);
        for (Token t : tokens(text)) {
            int start = t.getStartIndex();
            int end = t.getStopIndex() + 1;
            char c = text.charAt(start);
            String what = t + " in '" + text + "'";
            switch (t.getType()) {
                case CsfLexer.IDENT -> {
                    assertTrue(Lexicon.isIdentifierStart(c), what);
                    assertEquals(end, Lexicon.identifierEnd(text, start, n), what);
                    assertEquals(end, Lexicon.identifierEnd(bytes, start, n), what);
                }
                case CsfLexer.DIRECTIVE -> {
                    assertTrue(Lexicon.isDirectiveStart(text, start, n), what);
                    assertEquals(end, Lexicon.directiveEnd(text, start, n), what);
                }
                case CsfLexer.HEX, CsfLexer.BIN, CsfLexer.FLOAT, CsfLexer.LOCAL_REF, CsfLexer.DEC -> {
                    assertTrue(Lexicon.isDigit(c), what);
                    assertEquals(end, Lexicon.numberEnd(text, start, n), what);
                }
                case CsfLexer.STRING, CsfLexer.UNTERMINATED_STRING -> {
                    assertEquals('"', c, what);
                    assertEquals(end, Lexicon.stringEnd(text, start, n), what);
                    assertEquals(end, Lexicon.stringEnd(bytes, start, n), what);
                }
                case CsfLexer.COMMENT -> {
                    assertTrue(Lexicon.isCommentStart(text, start, n), what);
                    assertTrue(end == n || text.charAt(end) == '\r' || text.charAt(end) == '\n', what);
                }
                default -> {
                    // punctuation, line ends and error characters start no rule of the lexicon
                    assertTrue(!Lexicon.isIdentifierStart(c) && !Lexicon.isDigit(c) && c != '"'
                            && !Lexicon.isCommentStart(text, start, n) && !Lexicon.isDirectiveStart(text, start, n)
                            && !Lexicon.isSpace(c), what);
                }
            }
        }
    }

    /** Every token but a comment or a line end is as long as {@link Lexicon#tokenEnd} says; an error character is -1. */
    @Property(tries = 5000)
    void tokenEndIsTheLexersToken(@ForAll("texts") String text) {
        int n = text.length();
        for (Token t : tokens(text)) {
            if (t.getType() == CsfLexer.COMMENT || t.getType() == CsfLexer.NEWLINE) {
                continue;
            }
            int end = t.getType() == CsfLexer.ERROR_CHAR ? -1 : t.getStopIndex() + 1;
            assertEquals(end, Lexicon.tokenEnd(text, t.getStartIndex(), n), t + " in '" + text + "'");
        }
    }

    @Property(tries = 5000)
    void exactlySpacesOutsideCommentsAndStringsAreSkipped(@ForAll("texts") String text) {
        int[] coveredBy = new int[text.length()]; // token type, 0 = skipped
        for (Token t : tokens(text)) {
            for (int i = t.getStartIndex(); i <= t.getStopIndex(); i++) {
                coveredBy[i] = t.getType();
            }
        }
        for (int i = 0; i < text.length(); i++) {
            boolean inText = coveredBy[i] == CsfLexer.COMMENT || coveredBy[i] == CsfLexer.STRING
                    || coveredBy[i] == CsfLexer.UNTERMINATED_STRING;
            assertEquals(coveredBy[i] == 0, Lexicon.isSpace(text.charAt(i)) && !inText,
                    "column " + i + " of '" + text + "'");
        }
    }
}
