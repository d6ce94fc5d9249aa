package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.expr.ExpressionText;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One {@code String} per distinct name a scanner reads from one source (a label, the branches to it and the
 * expressions naming it share it, and its hash is computed once), found by an open-addressing table over the
 * source bytes, so a name seen before makes no new string. Bounded: past {@link #MAX_NAMES} names, or for
 * another source, it starts again empty; {@link #forget} lets the source and its names go (a scanner lives on
 * a pool thread long after the assembly that used it).
 */
final class InternedNames implements ExpressionText.Interner {

    static final int MAX_NAMES = 1 << 16;

    private byte[] source;
    private String[] names = new String[1 << 10];
    private int[] hashes = new int[1 << 10];
    /** Where in the source each name was first read: a later reading is compared with those bytes, not the string. */
    private int[] starts = new int[1 << 10];
    private int size;

    /** The name {@code text[from, to)} (ASCII identifier characters). */
    @Override
    public String of(byte[] text, int from, int to) {
        if (text != source || size == MAX_NAMES) {
            forget();
            source = text;
        }
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + text[i];
        }
        int mask = names.length - 1;
        int i = (h ^ (h >>> 16)) & mask;
        for (String s = names[i]; s != null; s = names[i]) {
            if (hashes[i] == h && s.length() == to - from && sameBytes(text, starts[i], from, to - from)) {
                return s;
            }
            i = (i + 1) & mask;
        }
        String name = new String(text, from, to - from, StandardCharsets.ISO_8859_1);
        names[i] = name;
        hashes[i] = h;
        starts[i] = from;
        if (++size > names.length / 2) {
            grow();
        }
        return name;
    }

    /** Drops the source and every name read from it. */
    void forget() {
        source = null;
        if (size > 0) {
            Arrays.fill(names, null);
            size = 0;
        }
    }

    private static boolean sameBytes(byte[] text, int a, int b, int length) {
        for (int k = 0; k < length; k++) {
            if (text[a + k] != text[b + k]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        String[] oldNames = names;
        int[] oldHashes = hashes;
        int[] oldStarts = starts;
        names = new String[2 * oldNames.length];
        hashes = new int[names.length];
        starts = new int[names.length];
        int mask = names.length - 1;
        for (int j = 0; j < oldNames.length; j++) {
            if (oldNames[j] != null) {
                int h = oldHashes[j];
                int i = (h ^ (h >>> 16)) & mask;
                while (names[i] != null) {
                    i = (i + 1) & mask;
                }
                names[i] = oldNames[j];
                hashes[i] = h;
                starts[i] = oldStarts[j];
            }
        }
    }
}
