package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SourceLineTest {

    private static List<SourceLine.Kind> kinds(String text) {
        return SourceLine.scan(text).tokens().stream().map(SourceLine.Token::kind).toList();
    }

    @Test
    void mnemonicModifiersAndOperandsAreSeparateTokens() {
        assertEquals(List.of(SourceLine.Kind.LABEL_DEFINITION, SourceLine.Kind.OPERATOR, SourceLine.Kind.MNEMONIC,
                SourceLine.Kind.MODIFIER, SourceLine.Kind.REGISTER, SourceLine.Kind.COMMA, SourceLine.Kind.SYMBOL,
                SourceLine.Kind.COMMENT), kinds("loop: BRANCH.ne r40, loop ; again"));
    }

    @Test
    void modifierWithValueIsOneToken() {
        SourceLine line = SourceLine.scan("RUN_FRAGMENT.tile_order=zorder");
        assertEquals(".tile_order=zorder", line.modifiers().get(0).text());
    }

    @Test
    void operandIndexCountsCommasAfterTheHead() {
        SourceLine line = SourceLine.scan("LOAD_MULTIPLE r40:r41, [d76 + 8]");
        assertEquals(-1, line.operandIndexAt(5));
        assertEquals(0, line.operandIndexAt(16));
        assertEquals(1, line.operandIndexAt(26));
    }

    @Test
    void descriptorFieldNamesAreRecognised() {
        assertEquals(List.of(SourceLine.Kind.DIRECTIVE, SourceLine.Kind.FIELD_NAME, SourceLine.Kind.OPERATOR,
                SourceLine.Kind.NUMBER), kinds(".rt row_stride=64"));
    }

    @Test
    void unterminatedStringRunsToTheEndOfTheLine() {
        SourceLine line = SourceLine.scan(".include \"never closed");
        assertTrue(line.inCommentOrString(15));
        assertEquals(SourceLine.Kind.STRING, line.tokens().get(1).kind());
    }

    @Test
    void binaryGarbageScansWithoutError() {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 0x3000; c += 7) {
            sb.append((char) c);
        }
        SourceLine line = SourceLine.scan(sb.toString());
        assertTrue(line.tokens().size() > 0);
    }
}
