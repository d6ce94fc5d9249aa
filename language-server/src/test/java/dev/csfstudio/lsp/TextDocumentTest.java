package dev.csfstudio.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.junit.jupiter.api.Test;

class TextDocumentTest {

    private static TextDocumentContentChangeEvent edit(int l1, int c1, int l2, int c2, String text) {
        return new TextDocumentContentChangeEvent(new Range(new Position(l1, c1), new Position(l2, c2)), text);
    }

    @Test
    void rangeEditReplacesOnlyItsRange() {
        TextDocument doc = new TextDocument("u", 1, "NOP\nMOVE32 r1, #1\nNOP\n");
        TextDocument next = doc.apply(2, List.of(edit(1, 8, 1, 9, "2")));
        assertEquals("NOP\nMOVE32 r2, #1\nNOP\n", next.text());
        assertEquals(2, next.version());
    }

    @Test
    void editsInOneNotificationApplyInOrder() {
        TextDocument doc = new TextDocument("u", 1, "abc\n");
        TextDocument next = doc.apply(2, List.of(edit(0, 0, 0, 0, "x\n"), edit(1, 3, 1, 3, "d")));
        assertEquals("x\nabcd\n", next.text());
    }

    @Test
    void editSpanningLinesJoinsThem() {
        TextDocument doc = new TextDocument("u", 1, "one\ntwo\nthree");
        assertEquals("onree", doc.apply(2, List.of(edit(0, 2, 2, 2, ""))).text());
    }

    @Test
    void changeWithoutRangeReplacesEverything() {
        TextDocument doc = new TextDocument("u", 1, "old");
        assertEquals("new", doc.apply(2, List.of(new TextDocumentContentChangeEvent("new"))).text());
    }

    @Test
    void positionsPastTheEndAreClamped() {
        TextDocument doc = new TextDocument("u", 1, "ab\ncd");
        assertEquals(2, doc.offsetAt(new Position(0, 99)));
        assertEquals(5, doc.offsetAt(new Position(7, 0)));
    }

    @Test
    void crlfLineEndingsCountAsOneBreak() {
        TextDocument doc = new TextDocument("u", 1, "ab\r\ncd\r\n");
        assertEquals(3, doc.lineCount());
        assertEquals("cd", doc.line(1));
        assertEquals(new Position(1, 1), doc.positionAt(5));
    }
}
