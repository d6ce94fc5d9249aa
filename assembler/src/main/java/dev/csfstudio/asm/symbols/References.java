package dev.csfstudio.asm.symbols;

import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The references an assembly makes, each range once (pass 1 and a fixup may evaluate the same operand), in the order made. */
public final class References {

    private final List<Reference> all = new ArrayList<>();
    /** The ranges of the references {@link #add} recorded. */
    private final Set<SourceRange> seen = new HashSet<>();

    /** Records {@code r} unless its range was recorded before; whether it was new. */
    public boolean add(Reference r) {
        if (!seen.add(r.range())) {
            return false;
        }
        all.add(r);
        return true;
    }

    /**
     * Records a reference to {@code target} (null: nothing of that name) at line {@code line}, columns
     * {@code column..endColumn} of {@code file}, that the caller knows is the only one of its range.
     */
    public void addNew(String name, Path file, int line, int column, int endColumn, Referent target) {
        all.add(new Reference(name, new SourceRange(file, line, column, line, endColumn), target));
    }

    public int size() {
        return all.size();
    }

    /** Every reference in the order recorded. */
    public List<Reference> all() {
        return all;
    }
}
