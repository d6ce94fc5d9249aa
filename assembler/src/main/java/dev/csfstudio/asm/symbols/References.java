package dev.csfstudio.asm.symbols;

import dev.csfstudio.program.SourceRange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The references an assembly makes, each range once (pass 1 and a fixup may evaluate the same operand). */
public final class References {

    private final List<Reference> all = new ArrayList<>();
    private final Set<SourceRange> ranges = new HashSet<>();

    /** Records {@code r} unless its range was recorded before; whether it was new. */
    public boolean add(Reference r) {
        if (!ranges.add(r.range())) {
            return false;
        }
        all.add(r);
        return true;
    }

    /** Records a reference the caller knows is the only one of its range (no need to remember the range). */
    public void addNew(Reference r) {
        all.add(r);
    }

    public List<Reference> all() {
        return all;
    }
}
