package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.LineOffsets;

class LineOffsetsTest {

    @Test
    void lineAndCharacterMapToOffsetAcrossAllLineBreaks() {
        LineOffsets t = new LineOffsets("ab\ncd\r\nef\rgh");
        assertEquals(4, t.lineCount());
        assertEquals(4, t.offset(1, 1));
        assertEquals(8, t.offset(2, 1));
        assertEquals(11, t.offset(3, 1));
    }

    @Test
    void offsetMapsBackToPosition() {
        LineOffsets t = new LineOffsets("ab\r\ncd\n");
        assertArrayEquals(new int[] {0, 2}, t.position(2));
        assertArrayEquals(new int[] {1, 1}, t.position(5));
        assertArrayEquals(new int[] {2, 0}, t.position(7));
    }

    @Test
    void characterPastLineEndClampsToTheLineEndNotTheNextLine() {
        LineOffsets t = new LineOffsets("abc\ndef");
        assertEquals(3, t.offset(0, 99));
        assertEquals(7, t.offset(5, 0));
        assertEquals(0, t.offset(-1, 3));
    }

    @Test
    void charactersCountUtf16UnitsAsLspDoes() {
        LineOffsets t = new LineOffsets("// \uD83D\uDE00 x\nMOVE32");
        assertEquals(6, t.offset(0, 6)); // the emoji is two UTF-16 units, as in LSP's default encoding
        assertArrayEquals(new int[] {1, 0}, t.position(8));
    }
}
