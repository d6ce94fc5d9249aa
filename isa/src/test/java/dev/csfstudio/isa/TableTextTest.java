package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TableTextTest {

    @Test
    void wordsAreSplitAtBlanksOfAnyLength() {
        assertArrayEquals(new String[] {"field", "dst", "47:40"}, TableText.words("field  dst\t47:40 "));
    }

    @Test
    void wordsEndWhereADocTextStarts() {
        assertArrayEquals(new String[] {"operand", "r", "dst"},
                TableText.words("operand r dst doc=the optional wrap destination"));
    }

    @Test
    void aRowsKeywordIsItsFirstWordWithoutSplittingTheRest() {
        TableText.Row row = new TableText.Row(7, "doc Loads a 48-bit immediate: rD = imm[31:0].");
        assertEquals("doc", row.keyword());
        assertEquals(7, row.line());
    }
}
