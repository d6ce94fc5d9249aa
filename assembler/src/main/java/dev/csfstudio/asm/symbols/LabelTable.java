package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.source.ColumnPair;

import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Every label of one assembly in definition order, as columns: name, section, offset, where it is written and
 * the statement it precedes. A source with hundreds of thousands of labels keeps no object per label (nor per
 * range) for the collector to copy; {@link LabelDef} is a view of one row. A label's id is its row.
 */
final class LabelTable {

    private String[] names = new String[64];
    private SectionBuilder[] sections = new SectionBuilder[64];
    private int[] offsets = new int[64];
    private Path[] files = new Path[64];
    private int[] lines = new int[64];
    /** In {@link ColumnPair}'s int form when they fit it; else a range below. */
    private int[] columns = new int[64];
    private int[] indexes = new int[64];
    /** The range of a label whose columns do not fit a char each: few or none. */
    private final Map<Integer, SourceRange> ranges = new HashMap<>();
    private int count;

    /**
     * A new label {@code name} at {@code offset} of {@code section}, written at columns {@code column..endColumn}
     * of {@code line} of {@code file}, before statement {@code index}; its id.
     */
    int add(String name, SectionBuilder section, long offset, Path file, int line, int column, int endColumn,
            int index) {
        if (count == names.length) {
            int n = 2 * count;
            names = Arrays.copyOf(names, n);
            sections = Arrays.copyOf(sections, n);
            offsets = Arrays.copyOf(offsets, n);
            files = Arrays.copyOf(files, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
            indexes = Arrays.copyOf(indexes, n);
        }
        int id = count++;
        names[id] = name;
        sections[id] = section;
        offsets[id] = (int) offset; // a section's offsets stay below its size limit, which an int holds
        files[id] = file;
        lines[id] = line;
        indexes[id] = index;
        if (ColumnPair.fitsChars(column, endColumn)) {
            columns[id] = ColumnPair.chars(column, endColumn);
        } else {
            ranges.put(id, new SourceRange(file, line, column, line, endColumn));
        }
        return id;
    }

    int size() {
        return count;
    }

    String name(int id) {
        return names[id];
    }

    SectionBuilder section(int id) {
        return sections[id];
    }

    long offset(int id) {
        return offsets[id];
    }

    int index(int id) {
        return indexes[id];
    }

    /** Made when asked for: a label's range is kept as its columns. */
    SourceRange range(int id) {
        if (!ranges.isEmpty() && ranges.containsKey(id)) {
            return ranges.get(id);
        }
        return new SourceRange(files[id], lines[id], ColumnPair.column(columns[id]), lines[id],
                ColumnPair.endColumn(columns[id]));
    }

    LabelDef get(int id) {
        return new LabelDef(this, id);
    }
}
