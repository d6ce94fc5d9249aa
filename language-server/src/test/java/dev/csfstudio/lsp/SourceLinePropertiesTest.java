package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.grammar.CsfLexer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/** The editor's line scanner ends every token the grammar has where the assembler's lexer ends it. */
class SourceLinePropertiesTest {

    private static final String ALPHABET = "aZ_09xXbBfFeErd1.=;/\"\\ \t\f\u000b#-+,:[]()<>*~\u00e9\u001c$";

    @Provide
    Arbitrary<String> lines() {
        return Arbitraries.strings().withChars(ALPHABET.toCharArray()).ofMaxLength(40);
    }

    /** The lexer's tokens as "start:end" spans, the hidden comment included. */
    private static Set<String> lexerSpans(String text) {
        Set<String> spans = new HashSet<>();
        for (Token t : new CsfLexer(CharStreams.fromString(text)).getAllTokens()) {
            spans.add(t.getStartIndex() + ":" + (t.getStopIndex() + 1));
        }
        return spans;
    }

    @Property(tries = 5000)
    void namesNumbersStringsAndCommentsAreTheLexersTokens(@ForAll("lines") String text) {
        Set<String> lexer = lexerSpans(text);
        List<SourceLine.Token> tokens = SourceLine.scan(text).tokens();
        for (int k = 0; k < tokens.size(); k++) {
            SourceLine.Token t = tokens.get(k);
            int start = t.start();
            int end = t.end();
            switch (t.kind()) {
                case MNEMONIC -> {
                    // the lexer's IDENT spans the mnemonic and its modifiers
                    while (k + 1 < tokens.size() && tokens.get(k + 1).kind() == SourceLine.Kind.MODIFIER) {
                        end = tokens.get(++k).end();
                    }
                    if (text.charAt(end - 1) == '.') {
                        end--; // a modifier being typed: its dot is the lexer's punctuation
                    }
                }
                case NUMBER, SYMBOL -> {
                    // '#' and a sign are tokens of their own for the lexer
                    while (start < end && (text.charAt(start) == '#' || text.charAt(start) == '-')) {
                        start++;
                    }
                    if (start == end) {
                        continue; // '#-' of a number being typed: the lexer's punctuation
                    }
                }
                case DIRECTIVE -> {
                    if (end - start == 1) {
                        continue; // a lone '.' being typed
                    }
                }
                case OPERATOR, COMMA -> {
                    continue; // punctuation and error characters: tokens of one or two characters either way
                }
                default -> {
                }
            }
            String span = start + ":" + end;
            assertTrue(lexer.contains(span), () -> t + " (" + span + ") in '" + text + "' is no lexer token: " + lexer);
        }
    }
}
