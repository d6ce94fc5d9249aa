package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.Document;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITypedRegion;
import org.eclipse.jface.text.TextUtilities;
import org.eclipse.jface.text.rules.IToken;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.text.CsfPartitions;
import dev.csfstudio.eclipse.text.CsfScanner;
import dev.csfstudio.eclipse.text.TokenKind;

class CsfScannerTest {

    /** "KIND:text" for each non-blank token of the text. */
    private static List<String> tokens(String text) {
        Document d = new Document(text);
        CsfScanner s = CsfScanner.classifying();
        s.setRange(d, 0, d.getLength());
        List<String> out = new ArrayList<>();
        for (IToken t = s.nextToken(); !t.isEOF(); t = s.nextToken()) {
            if (t.isWhitespace()) {
                continue;
            }
            String word = text.substring(s.getTokenOffset(), s.getTokenOffset() + s.getTokenLength());
            TokenKind kind = (TokenKind) t.getData();
            if (kind == TokenKind.IDENTIFIER && word.length() == 1 && !Character.isLetter(word.charAt(0))) {
                continue; // punctuation
            }
            out.add(kind + ":" + word);
        }
        return out;
    }

    @Test
    void mnemonicAtStatementStartWithModifiersApart() {
        assertEquals(List.of("MNEMONIC:RUN_FRAGMENT", "MODIFIER:.tile_order=zorder"), tokens("    RUN_FRAGMENT.tile_order=zorder"));
        assertEquals(List.of("MNEMONIC:FLUSH_CACHE2", "MODIFIER:.clean_invalidate_l2", "MODIFIER:.nop_other", "REGISTER:r0"),
                tokens("FLUSH_CACHE2.clean_invalidate_l2.nop_other r0"));
    }

    @Test
    void labelsThenTheStatementHead() {
        assertEquals(List.of("LABEL:loop", "LABEL:1", "MNEMONIC:BRANCH", "MODIFIER:.ne", "LABEL:1b"), tokens("loop: 1: BRANCH.ne 1b"));
    }

    @Test
    void directivesAtStatementStartAndKeys() {
        assertEquals(List.of("LABEL:fbd", "DIRECTIVE:.fbd", "KEY:width", "IDENTIFIER:WIDTH", "KEY:height", "NUMBER:16"),
                tokens("fbd: .fbd width=WIDTH, height = 16"));
    }

    @Test
    void anyRNumberIsARegisterTheServersTokensTellWhichExist() {
        assertEquals(List.of("MNEMONIC:MOVE48", "REGISTER:d40", "REGISTER:R95", "REGISTER:r96", "REGISTER:d95", "IDENTIFIER:rx"),
                tokens("MOVE48 d40, R95, r96, d95, rx"));
    }

    @Test
    void numbersWithHashSignAndBases() {
        assertEquals(List.of("MNEMONIC:X", "NUMBER:#0x1F", "NUMBER:#-3", "NUMBER:0b1010", "NUMBER:1.5e3", "NUMBER:#  7"),
                tokens("X #0x1F, #-3, 0b1010, 1.5e3, #  7"));
    }

    @Test
    void minusAfterAnOperandIsAnOperator() {
        assertEquals(List.of("MNEMONIC:MOVE32", "REGISTER:r43", "IDENTIFIER:HEIGHT", "NUMBER:1", "NUMBER:16"),
                tokens("MOVE32 r43, (HEIGHT - 1) << 16"));
        assertEquals(List.of("IDENTIFIER:A", "NUMBER:2"), tokens(".equ A-2").subList(1, 3));
    }

    @Test
    void commentsToEndOfLineBothStyles() {
        assertEquals(List.of("MNEMONIC:WAIT", "NUMBER:#0x1", "COMMENT:; wait // all"), tokens("WAIT #0x1 ; wait // all"));
        assertEquals(List.of("COMMENT:// MOVE32 r1, #0"), tokens("// MOVE32 r1, #0"));
    }

    @Test
    void stringsIncludingEscapesAndUnterminated() {
        assertEquals(List.of("DIRECTIVE:.include", "STRING:\"a\\\"b;c\""), tokens(".include \"a\\\"b;c\""));
        assertEquals(List.of("DIRECTIVE:.include", "STRING:\"open\n", "MNEMONIC:X"), tokens(".include \"open\nX"));
    }

    @Test
    void secondLineStartsANewStatement() {
        assertEquals(List.of("MNEMONIC:WAIT", "NUMBER:#1", "MNEMONIC:WAIT", "NUMBER:#2"), tokens("WAIT #1\r\n  WAIT #2"));
    }

    @Test
    void partitionsSplitCommentsAndStringsFromCode() throws Exception {
        IDocument d = new Document("MOVE32 r1, #0 ; one\n.include \"a;b\" // two\n");
        CsfPartitions.install(d);
        List<String> types = new ArrayList<>();
        for (ITypedRegion r : TextUtilities.computePartitioning(d, CsfPartitions.PARTITIONING, 0, d.getLength(), false)) {
            if (!r.getType().equals(IDocument.DEFAULT_CONTENT_TYPE)) {
                types.add(r.getType() + ":" + d.get().substring(r.getOffset(), r.getOffset() + r.getLength()).strip());
            }
        }
        assertEquals(List.of(CsfPartitions.COMMENT + ":; one", CsfPartitions.STRING + ":\"a;b\"", CsfPartitions.COMMENT + ":// two"), types);
    }
}
