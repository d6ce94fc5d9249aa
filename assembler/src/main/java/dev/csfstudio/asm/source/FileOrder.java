package dev.csfstudio.asm.source;

import dev.csfstudio.program.Diagnostic;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
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

    @Override
    public int applyAsInt(Path file) {
        return order.getOrDefault(file, Integer.MAX_VALUE);
    }

    /** The diagnostics without repeats, by file, line and column (found in any order by any phase). */
    public List<Diagnostic> sorted(Collection<Diagnostic> diagnostics) {
        List<Diagnostic> sorted = new ArrayList<>(new LinkedHashSet<>(diagnostics));
        sorted.sort(Comparator.comparingInt((Diagnostic d) -> applyAsInt(d.range().file()))
                .thenComparingInt(d -> d.range().line()).thenComparingInt(d -> d.range().column()));
        return sorted;
    }
}
