package dev.csfstudio.asm.emit;

import java.util.ArrayList;
import java.util.List;

/** The fixups of one assembly in statement order: recorded during pass 1, applied once after layout. */
public final class Fixups {

    private List<Fixup> pending = new ArrayList<>();

    /** Records a fixup; statements come in assembly order, so the list stays in it. */
    public void record(Fixup fixup) {
        if (pending == null) {
            throw new IllegalStateException("fixups were already applied: a fixup recorded now would never be");
        }
        pending.add(fixup);
    }

    public int size() {
        return pending == null ? 0 : pending.size();
    }

    /**
     * Hands every fixup to {@code handler} in statement order, {@code before} each (the assembly makes its
     * statement the current one), and forgets them: each is applied exactly once.
     */
    public void apply(java.util.function.Consumer<Fixup> before, Fixup.Handler handler) {
        if (pending == null) {
            throw new IllegalStateException("fixups are applied once");
        }
        List<Fixup> all = pending;
        pending = null;
        for (Fixup f : all) {
            before.accept(f);
            f.handTo(handler);
        }
    }
}
