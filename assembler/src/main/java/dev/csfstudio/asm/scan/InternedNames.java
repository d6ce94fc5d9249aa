package dev.csfstudio.asm.scan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One {@code String} per distinct name a scanner reads from one source (a label, the branches to it and the
 * expressions naming it share it, and its hash is computed once), found by an open-addressing table over the
 * source bytes, so a name seen before makes no new string. Bounded: past {@link #MAX_NAMES} names, or for
 * another source, it starts again empty; {@link #forget} lets the source and its names go (a scanner lives on
 * a pool thread long after the assembly that used it).
 */
final class InternedNames {

    static final int MAX_NAMES = 1 << 16;

    private byte[] source;
    private String[] names = new String[1 << 10];
    private int[] hashes = new int[1 << 10];
    private int size;

    /** The name {@code text[from, to)} (ASCII identifier characters). */
    String of(byte[] text, int from, int to) {
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
            if (hashes[i] == h && spells(s, text, from, to)) {
                return s;
            }
            i = (i + 1) & mask;
        }
        String name = new String(text, from, to - from, StandardCharsets.ISO_8859_1);
        names[i] = name;
        hashes[i] = h;
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

    private static boolean spells(String s, byte[] text, int from, int to) {
        if (s.length() != to - from) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (s.charAt(k) != text[from + k]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        String[] oldNames = names;
        int[] oldHashes = hashes;
        names = new String[2 * oldNames.length];
        hashes = new int[names.length];
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
            }
        }
    }
}
