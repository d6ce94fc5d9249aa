package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.source.ColumnPair;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The references an assembly makes, each range once (pass 1 and a fixup may evaluate the same operand), in the
 * order made. Kept in columns (name, target, file, line, columns; a range only where one was given; a label
 * target as its ordinal), so the hundreds of thousands a large program makes are no objects until the result's
 * reference table asks.
 */
public final class References {

    private String[] names = new String[64];
    /** The target when it is no label (null: nothing of that name, or a label). */
    private Referent[] targets = new Referent[64];
    /** A label target's ordinal + 1; 0 for any other. */
    private int[] labels = new int[64];
    /** The range a reference was given with, or null for one kept as file, line and columns. */
    private SourceRange[] ranges = new SourceRange[64];
    private Path[] files = new Path[64];
    private int[] lines = new int[64];
    /** In {@link ColumnPair}'s long form. */
    private long[] columns = new long[64];
    private int count;
    private final RangeSet seen = new RangeSet();

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
        addAt(next(name, target), file, line, column, endColumn);
    }

    private void addAt(int i, Path file, int line, int column, int endColumn) {
        files[i] = file;
        lines[i] = line;
        columns[i] = ColumnPair.ints(column, endColumn);
    }

    private int next(String name, Referent target) {
        if (count == names.length) {
            int n = 2 * count;
            names = Arrays.copyOf(names, n);
            targets = Arrays.copyOf(targets, n);
            labels = Arrays.copyOf(labels, n);
            ranges = Arrays.copyOf(ranges, n);
            files = Arrays.copyOf(files, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
        }
        names[count] = name;
        if (target instanceof LabelDef l) {
            labels[count] = l.ordinal() + 1;
        } else {
            targets[count] = target;
        }
        return count++;
    }

    public int size() {
        return count;
    }

    /** Every reference in the order recorded, made now; {@code label} gives the label of an ordinal. */
    public List<Reference> all(IntFunction<LabelDef> label) {
        List<Reference> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            SourceRange r = ranges[i] != null ? ranges[i]
                    : new SourceRange(files[i], lines[i], ColumnPair.column(columns[i]), lines[i],
                            ColumnPair.endColumn(columns[i]));
            out.add(new Reference(names[i], r, labels[i] != 0 ? label.apply(labels[i] - 1) : targets[i]));
        }
        return out;
    }
}
