package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.operations.completion.CompletionText;

class CompletionTextTest {

    @Test
    void placeholdersBecomeTheirDefaultText() {
        assertEquals("MOVE32 r0, #0", CompletionText.fromSnippet("MOVE32 ${1:r0}, ${2:#0}").text());
    }

    @Test
    void firstPlaceholderIsSelectedAfterInsertion() {
        CompletionText.Result r = CompletionText.fromSnippet("MOVE32 ${2:#0}, ${1:r0}");
        assertEquals(11, r.selectionStart());
        assertEquals(2, r.selectionLength());
    }

    @Test
    void bareTabStopsVanishAndFinalStopIsTheCaret() {
        CompletionText.Result r = CompletionText.fromSnippet("WAIT #$0");
        assertEquals("WAIT #", r.text());
        assertEquals(6, r.selectionStart());
        assertEquals(0, r.selectionLength());
    }

    @Test
    void choiceBecomesItsFirstOption() {
        assertEquals(".tile_order=zorder", CompletionText.fromSnippet(".tile_order=${1|zorder,linear|}").text());
    }

    @Test
    void escapesBecomeTheCharacter() {
        assertEquals("a$b}c\\", CompletionText.fromSnippet("a\\$b\\}c\\\\").text());
    }

    @Test
    void nestedPlaceholdersKeepAllText() {
        assertEquals("fbd(label)", CompletionText.fromSnippet("${1:fbd(${2:label})}").text());
    }

    @Test
    void variablesWithoutDefaultInsertNothing() {
        assertEquals("x  y", CompletionText.fromSnippet("x $TM_SELECTED_TEXT y").text());
    }

    @Test
    void plainTextIsInsertedAsIsWithCaretAtTheEnd() {
        CompletionText.Result r = CompletionText.plain("${1:x}");
        assertEquals("${1:x}", r.text());
        assertEquals(6, r.selectionStart());
    }
}
