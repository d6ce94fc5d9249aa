package dev.csfstudio.grammar;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.atn.DecisionInfo;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parser decides whether an operator continues an expression from the tokens next to it, never by reading to
 * the end of the line: a flat chain of binary operators parses in time linear in its length.
 */
class ExpressionPredictionTest {

    private static final int TERMS = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {".equ X, ", ".expect r2 == ", "MOVE32 r2, ", ".expect word [", ".dword 2, ", ".expect status "})
    void aFlatChainIsDecidedFromTheNextFewTokens(String head) {
        for (String op : new String[] {"+", "-", "*", "<<", "|"}) {
            String line = head + "1" + (" " + op + " 1").repeat(TERMS - 1) + (head.endsWith("[") ? "]" : "");
            CsfParser parser = new CsfParser(new CommonTokenStream(new CsfLexer(CharStreams.fromString(line))));
            parser.removeErrorListeners();
            parser.setProfile(true);
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            parser.singleLine();
            long furthest = 0;
            for (DecisionInfo d : parser.getParseInfo().getDecisionInfo()) {
                furthest = Math.max(furthest, Math.max(d.SLL_MaxLook, d.LL_MaxLook));
            }
            assertTrue(furthest <= 4, head + "... " + op + ": a decision looked " + furthest + " tokens ahead");
        }
    }
}
