package dev.csfstudio.asm.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A name read twice from one source is one string; other names, and another source, are not confused with it. */
class InternedNamesTest {

    private static final byte[] SOURCE = "loop: BRANCH.ne r0, loop\nloops: lo".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void theSameNameTwiceIsOneString() {
        InternedNames names = new InternedNames();
        String label = names.of(SOURCE, 0, 4);
        assertEquals("loop", label);
        assertSame(label, names.of(SOURCE, 20, 24));
    }

    @Test
    void longerAndShorterNamesAreTheirOwn() {
        InternedNames names = new InternedNames();
        String loop = names.of(SOURCE, 0, 4);
        assertEquals("loops", names.of(SOURCE, 25, 30));
        assertEquals("lo", names.of(SOURCE, 32, 34));
        assertSame(loop, names.of(SOURCE, 20, 24));
    }

    @Test
    void manyNamesAllComeBackAsWritten() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            sb.append("n").append(i).append(' ');
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        InternedNames names = new InternedNames();
        String[] first = new String[5000];
        int p = 0;
        for (int i = 0; i < 5000; i++) {
            int end = sb.indexOf(" ", p);
            first[i] = names.of(text, p, end);
            assertEquals("n" + i, first[i]);
            p = end + 1;
        }
        p = 0;
        for (int i = 0; i < 5000; i++) {
            int end = sb.indexOf(" ", p);
            assertSame(first[i], names.of(text, p, end));
            p = end + 1;
        }
    }

    @Test
    void forgottenNamesAreMadeAgain() {
        InternedNames names = new InternedNames();
        String a = names.of(SOURCE, 0, 4);
        names.forget();
        String b = names.of(SOURCE, 20, 24);
        assertEquals(a, b);
        assertNotSame(a, b);
    }

    @Test
    void anotherSourceStartsAfresh() {
        InternedNames names = new InternedNames();
        String a = names.of(SOURCE, 0, 4);
        byte[] other = SOURCE.clone();
        String b = names.of(other, 0, 4);
        assertEquals(a, b);
        assertNotSame(a, b);
    }
}
