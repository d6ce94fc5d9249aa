package dev.csfstudio.asm.symbols;

import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The references an assembly makes, each range once (pass 1 and a fixup may evaluate the same operand), in the
 * order made. Kept in columns (name, target, file, line, columns; a range only where one was given), so the
 * hundreds of thousands a large program makes are no objects until the result's reference table asks.
 */
public final class References {

    private String[] names = new String[64];
    private Referent[] targets = new Referent[64];
    /** The range a reference was given with, or null for one kept as file, line and columns. */
    private SourceRange[] ranges = new SourceRange[64];
    private Path[] files = new Path[64];
    private int[] lines = new int[64];
    /** Start column in the high half, end column in the low half. */
    private long[] columns = new long[64];
    private int count;
    private final Set<SourceRange> seen = new HashSet<>();

    /** Records {@code r} unless its range was recorded before; whether it was new. */
    public boolean add(Reference r) {
        if (!seen.add(r.range())) {
            return false;
        }
        int i = next(r.name(), r.target());
        ranges[i] = r.range();
        return true;
    }

    /**
     * Records a reference to {@code target} (null: nothing of that name) at line {@code line}, columns
     * {@code column..endColumn} of {@code file}, that the caller knows is the only one of its range (no need
     * to remember the range).
     */
    public void addNew(String name, Path file, int line, int column, int endColumn, Referent target) {
        int i = next(name, target);
        files[i] = file;
        lines[i] = line;
        columns[i] = (long) column << 32 | (endColumn & 0xffff_ffffL);
    }

    private int next(String name, Referent target) {
        if (count == names.length) {
            int n = 2 * count;
            names = Arrays.copyOf(names, n);
            targets = Arrays.copyOf(targets, n);
            ranges = Arrays.copyOf(ranges, n);
            files = Arrays.copyOf(files, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
        }
        names[count] = name;
        targets[count] = target;
        return count++;
    }

    public int size() {
        return count;
    }

    /** Every reference in the order recorded, made now. */
    public List<Reference> all() {
        List<Reference> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            SourceRange r = ranges[i] != null ? ranges[i]
                    : new SourceRange(files[i], lines[i], (int) (columns[i] >>> 32), lines[i], (int) columns[i]);
            out.add(new Reference(names[i], r, targets[i]));
        }
        return out;
    }
}
