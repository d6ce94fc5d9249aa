package dev.csfstudio.asm.symbols;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The program's global names (labels, constants, sections) by open addressing over one long per slot: the name's
 * hash and an int standing for its owner, whose own table holds the name's string ({@link Owners}). A new name is
 * one long written, and a name is compared as a string only when the hashes agree: no entry object per name, so
 * the names of several hundred thousand labels are two arrays.
 */
final class NameTable {

    /** The name of the owner an int stands for: what a slot's name is compared with. */
    interface Owners {
        String nameOf(int owner);
    }

    private final Owners owners;
    /** Per slot: the name's hash (its low bit set, so that 0 means a free slot) in the high half, its owner in the low. */
    private long[] meta;
    private int[] firsts;
    private int size;
    private int mask;

    /**
     * Starts small and grows: a table sized for the names a large source might have costs its pages whether or not
     * it has them, while growing moves one long a name.
     */
    NameTable(Owners owners) {
        this.owners = owners;
        allocate(1024);
    }

    private void allocate(int capacity) {
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

    private boolean named(long m, String name) {
        String k = owners.nameOf((int) m);
        return k == name || k.equals(name);
    }

    /** The slot of {@code name}, or -1 when it is not in the table. */
    int find(String name) {
        long hash = hashBits(name);
        for (int i = start(hash) & mask; ; i = i + 1 & mask) {
            long m = meta[i];
            if (m == 0) {
                return -1;
            }
            if ((m & 0xffff_ffff_0000_0000L) == hash && named(m, name)) {
                return i;
            }
        }
    }

    /**
     * The slot of {@code name}, added with owner {@code owner} (whose table must name it so from now on) and first
     * definition {@code first} when it is new; a new name's slot is returned as is, an existing one's as
     * {@code -1 - slot}.
     */
    int add(String name, int owner, int first) {
        if (2 * (size + 1) > meta.length) {
            grow();
        }
        long hash = hashBits(name);
        int i = start(hash) & mask;
        for (long m; (m = meta[i]) != 0; i = i + 1 & mask) {
            if ((m & 0xffff_ffff_0000_0000L) == hash && named(m, name)) {
                return -1 - i;
            }
        }
        meta[i] = hash | (owner & 0xffff_ffffL);
        if (first != 0) {
            firsts[i] = first;
        }
        size++;
        return i;
    }

    private void grow() {
        long[] oldMeta = meta;
        int[] oldFirsts = firsts;
        // fourfold once large: each growth moves every name, and a large source has hundreds of thousands
        allocate(oldMeta.length >= 1 << 16 ? 4 * oldMeta.length : 2 * oldMeta.length);
        for (int j = 0; j < oldMeta.length; j++) {
            if (oldMeta[j] != 0) {
                int i = start(oldMeta[j]) & mask;
                while (meta[i] != 0) {
                    i = i + 1 & mask;
                }
                meta[i] = oldMeta[j];
                firsts[i] = oldFirsts[j];
            }
        }
    }

    /** The owner of the name at {@code slot}. */
    int owner(int slot) {
        return (int) meta[slot];
    }

    /** Gives the name at {@code slot} a new owner (whose table must name it so). */
    void owner(int slot, int owner) {
        meta[slot] = meta[slot] & 0xffff_ffff_0000_0000L | (owner & 0xffff_ffffL);
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
    Set<String> names() {
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
                        while (from < meta.length && meta[from] == 0) {
                            from++;
                        }
                        return from;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < meta.length;
                    }

                    @Override
                    public String next() {
                        if (next >= meta.length) {
                            throw new NoSuchElementException();
                        }
                        String k = owners.nameOf((int) meta[next]);
                        next = advance(next + 1);
                        return k;
                    }
                };
            }
        };
    }
}
