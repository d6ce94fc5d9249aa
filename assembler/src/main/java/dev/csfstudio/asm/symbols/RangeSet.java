package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.source.ColumnPair;
import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A set of source ranges that keeps a range of one line as two longs in an open-addressing table (file, line,
 * columns), not as an object in a hash set: every symbol a large source evaluates is checked against it. A range
 * over several lines is kept as it is.
 */
final class RangeSet {

    /** By equality, as ranges compare their files (two equal paths are one file); the last one is checked first. */
    private final Map<Path, Integer> fileIds = new HashMap<>();
    private Path lastFile;
    private int lastFileId;
    /**
     * Two longs a range: file id and line (plus one, so never 0: file ids are small), then the columns in
     * {@link ColumnPair}'s long form; a free slot has 0 first.
     */
    private long[] slots = new long[2 * 1024];
    private int size;
    private static final long FREE = 0;
    private final Set<SourceRange> others = new HashSet<>();

    /** Adds {@code r}; whether it was not in the set. */
    boolean add(SourceRange r) {
        if (r.line() != r.endLine()) {
            return others.add(r);
        }
        long a = ((long) fileId(r.file()) << 32 | (r.line() & 0xffff_ffffL)) + 1;
        long b = ColumnPair.ints(r.column(), r.endColumn());
        if (2 * (size + 1) > slots.length / 2) {
            grow();
        }
        if (insert(slots, a, b)) {
            size++;
            return true;
        }
        return false;
    }

    private boolean insert(long[] table, long a, long b) {
        int mask = table.length / 2 - 1;
        long h = (a * 0x9e3779b97f4a7c15L) ^ (b * 0xc2b2ae3d27d4eb4fL);
        for (int i = (int) (h ^ h >>> 32) & mask; ; i = i + 1 & mask) {
            long x = table[2 * i];
            if (x == FREE) {
                table[2 * i] = a;
                table[2 * i + 1] = b;
                return true;
            }
            if (x == a && table[2 * i + 1] == b) {
                return false;
            }
        }
    }

    private void grow() {
        long[] old = slots;
        slots = new long[4 * old.length]; // fourfold: a large source references hundreds of thousands of ranges
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != FREE) {
                insert(slots, old[i], old[i + 1]);
            }
        }
    }

    private int fileId(Path file) {
        if (file != lastFile || lastFile == null) {
            Integer id = fileIds.get(file);
            if (id == null) {
                id = fileIds.size();
                fileIds.put(file, id);
            }
            lastFile = file;
            lastFileId = id;
        }
        return lastFileId;
    }
}
