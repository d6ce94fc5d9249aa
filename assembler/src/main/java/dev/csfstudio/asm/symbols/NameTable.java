package dev.csfstudio.asm.symbols;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The program's global names (labels, constants, sections) by open addressing over a string array, each with two
 * ints for its owner: no entry object per name, so a map of several hundred thousand labels is three arrays.
 */
final class NameTable {

    private String[] keys;
    /**
     * Per slot: the name's hash (its low bit set, so that 0 means a free slot) in the high half and its value in the
     * low half: a probe reads one long, and the name's string only when the hashes agree.
     */
    private long[] meta;
    private int[] firsts;
    private int size;
    private int mask;

    /**
     * Starts small and doubles: a table sized for the names a large source might have costs its pages whether or not
     * it has them, while doubling moves each name's long and string only, the hash kept.
     */
    NameTable() {
        allocate(1024);
    }

    private void allocate(int capacity) {
        keys = new String[capacity];
        meta = new long[capacity];
        firsts = new int[capacity];
        mask = capacity - 1;
    }

    /** The high half of a slot's {@link #meta} for {@code name}: never 0. */
    private static long hashBits(String name) {
        return (long) (name.hashCode() | 1) << 32;
    }

    private static int start(long hashBits) {
        int h = (int) (hashBits >>> 32) * 0x9e3779b9;
        return h ^ h >>> 16;
    }

    /** The slot of {@code name}, or -1 when it is not in the table. */
    int find(String name) {
        long hash = hashBits(name);
        for (int i = start(hash) & mask; ; i = i + 1 & mask) {
            long m = meta[i];
            if (m == 0) {
                return -1;
            }
            if ((m & 0xffff_ffff_0000_0000L) == hash) {
                String k = keys[i];
                if (k == name || k.equals(name)) {
                    return i;
                }
            }
        }
    }

    /**
     * The slot of {@code name}, added with value {@code value} and first definition {@code first} when it is new; a new
     * name's slot is returned as is, an existing one's as {@code -1 - slot}.
     */
    int add(String name, int value, int first) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        long hash = hashBits(name);
        int i = start(hash) & mask;
        for (long m; (m = meta[i]) != 0; i = i + 1 & mask) {
            if ((m & 0xffff_ffff_0000_0000L) == hash) {
                String k = keys[i];
                if (k == name || k.equals(name)) {
                    return -1 - i;
                }
            }
        }
        keys[i] = name;
        meta[i] = hash | (value & 0xffff_ffffL);
        if (first != 0) {
            firsts[i] = first;
        }
        size++;
        return i;
    }

    private void grow() {
        String[] oldKeys = keys;
        long[] oldMeta = meta;
        int[] oldFirsts = firsts;
        // fourfold once large: each doubling moves every name, and a large source has hundreds of thousands
        allocate(oldKeys.length >= 1 << 16 ? 4 * oldKeys.length : 2 * oldKeys.length);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldMeta[j] != 0) {
                int i = start(oldMeta[j]) & mask;
                while (meta[i] != 0) {
                    i = i + 1 & mask;
                }
                keys[i] = oldKeys[j];
                meta[i] = oldMeta[j];
                firsts[i] = oldFirsts[j];
            }
        }
    }

    int value(int slot) {
        return (int) meta[slot];
    }

    void value(int slot, int value) {
        meta[slot] = meta[slot] & 0xffff_ffff_0000_0000L | (value & 0xffff_ffffL);
    }

    /** The slot's first definition, 0 unless one was given (the table's users give 0 a meaning of their own). */
    int first(int slot) {
        return firsts[slot];
    }

    void first(int slot, int first) {
        firsts[slot] = first;
    }

    int size() {
        return size;
    }

    /** The names as a set, read through to the table. */
    java.util.Set<String> names() {
        return new AbstractSet<>() {
            @Override
            public boolean contains(Object o) {
                return o instanceof String s && find(s) >= 0;
            }

            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<String> iterator() {
                return new Iterator<>() {
                    private int next = advance(0);

                    private int advance(int from) {
                        while (from < keys.length && keys[from] == null) {
                            from++;
                        }
                        return from;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    public String next() {
                        if (next >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        String k = keys[next];
                        next = advance(next + 1);
                        return k;
                    }
                };
            }
        };
    }
}
