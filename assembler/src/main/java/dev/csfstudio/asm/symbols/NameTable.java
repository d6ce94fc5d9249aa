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
    private int[] values;
    private int[] firsts;
    private int size;
    private int mask;

    NameTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, Math.min(1 << 29, expected * 2)) - 1) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        keys = new String[capacity];
        values = new int[capacity];
        firsts = new int[capacity];
        mask = capacity - 1;
    }

    private static int spread(String name) {
        int h = name.hashCode() * 0x9e3779b9;
        return h ^ h >>> 16;
    }

    /** The slot of {@code name}, or -1 when it is not in the table. */
    int find(String name) {
        for (int i = spread(name) & mask; ; i = i + 1 & mask) {
            String k = keys[i];
            if (k == null) {
                return -1;
            }
            if (k == name || k.equals(name)) {
                return i;
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
        int i = spread(name) & mask;
        for (String k; (k = keys[i]) != null; i = i + 1 & mask) {
            if (k == name || k.equals(name)) {
                return -1 - i;
            }
        }
        keys[i] = name;
        values[i] = value;
        firsts[i] = first;
        size++;
        return i;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldValues = values;
        int[] oldFirsts = firsts;
        allocate(2 * oldKeys.length);
        for (int j = 0; j < oldKeys.length; j++) {
            String k = oldKeys[j];
            if (k != null) {
                int i = spread(k) & mask;
                while (keys[i] != null) {
                    i = i + 1 & mask;
                }
                keys[i] = k;
                values[i] = oldValues[j];
                firsts[i] = oldFirsts[j];
            }
        }
    }

    int value(int slot) {
        return values[slot];
    }

    void value(int slot, int value) {
        values[slot] = value;
    }

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
