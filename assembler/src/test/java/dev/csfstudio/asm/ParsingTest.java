package dev.csfstudio.asm;

import dev.csfstudio.asm.source.ParsedSource;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.csfstudio.grammar.CsfLexer;
import dev.csfstudio.grammar.CsfParser;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;

/** The whole-document parse the language server uses for semantic tokens and folding. */
class ParsingTest {

    @Test
    void treeHasOneLineNodePerSourceLine() {
        ParsedSource p = Parsing.parse("loop: NOP\n\n.buffer b\n");
        assertEquals(4, p.tree().line().size());
        CsfParser.LineContext first = p.tree().line(0);
        assertEquals("loop", first.label(0).name.getText());
        assertEquals("NOP", first.statement().instruction().mnemonic.getText());
        assertEquals(".buffer", p.tree().line(2).statement().directive().name.getText());
    }

    @Test
    void commentsAreOnTheHiddenChannel() {
        ParsedSource p = Parsing.parse("NOP ; one\n// two\n");
        List<Token> comments = p.tokens().getTokens().stream().filter(t -> t.getType() == CsfLexer.COMMENT).toList();
        assertEquals(List.of("; one", "// two"), comments.stream().map(Token::getText).toList());
        assertTrue(comments.stream().allMatch(t -> t.getChannel() == Token.HIDDEN_CHANNEL));
    }

    @Test
    void syntaxErrorsComeWithTheirRange() {
        ParsedSource p = Parsing.parse("NOP\nMOVE32 r1, @\n");
        assertEquals(1, p.diagnostics().size());
        Diagnostic d = p.diagnostics().get(0);
        assertEquals("unexpected character '@'", d.message());
        assertEquals(new SourceRange(null, 2, 12, 2, 13), d.range());
    }

    @Test
    void aLineMayEndTheFileWithoutANewline() {
        assertTrue(Parsing.parse("NOP").diagnostics().isEmpty());
    }

    @Test
    void expressionsParseOnTheirOwn() {
        assertTrue(Parsing.parseExpression("width - 1") instanceof CsfParser.BinaryExprContext);
        assertEquals(null, Parsing.parseExpression("width -"));
    }
}
