package dev.csfstudio.asm.source;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The place of each file of one assembly in the order the files were first read (a file not among them
 * last): what orders its diagnostics and references by source position.
 */
public final class FileOrder implements ToIntFunction<Path> {

    /** Sorting asks twice per step: a map lookup (identity first) beats Path.equals on the file list. */
    private final Map<Path, Integer> order = new HashMap<>();

    public FileOrder(List<Path> files) {
        for (int i = 0; i < files.size(); i++) {
            order.putIfAbsent(files.get(i), i);
        }
    }

    /** A file and its place. */
    private record Place(Path file, int index) {
    }

    /**
     * The file asked about last and its place: sorting a file's diagnostics asks about the same file twice a step.
     * Immutable, so a thread that sees another's is still right.
     */
    private Place last = new Place(null, Integer.MAX_VALUE);

    @Override
    public int applyAsInt(Path file) {
        Place known = last;
        if (known.file() == file) {
            return known.index();
        }
        int index = order.getOrDefault(file, Integer.MAX_VALUE);
        last = new Place(file, index);
        return index;
    }

    /** The diagnostics without repeats, by file, line and column (found in any order by any phase). */
    public List<Diagnostic> sorted(Collection<Diagnostic> diagnostics) {
        List<Diagnostic> sorted = new ArrayList<>(new LinkedHashSet<>(diagnostics));
        if (sorted.size() > 1) { // most results have none to sort, and the comparator's link is start-up work
            sorted.sort(this::compare);
        }
        return sorted;
    }

    /** By file, line and column: one method, not a chain of three comparators, for a sort of a hundred thousand. */
    private int compare(Diagnostic a, Diagnostic b) {
        SourceRange x = a.range();
        SourceRange y = b.range();
        int c = Integer.compare(applyAsInt(x.file()), applyAsInt(y.file()));
        if (c == 0) {
            c = Integer.compare(x.line(), y.line());
        }
        return c != 0 ? c : Integer.compare(x.column(), y.column());
    }
}
