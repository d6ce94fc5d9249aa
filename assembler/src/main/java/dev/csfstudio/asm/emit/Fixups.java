package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * The fixups of one assembly in statement order, recorded during pass 1 and applied once after layout: each
 * beside its statement's row in assembly order.
 */
public final class Fixups {

    /** Told of each fixup's statement (its row in assembly order) before it is applied (the assembly makes it the current one). */
    public interface Position {
        void at(int row, Path file);
    }

    private int[] indexes = new int[64];
    private Fixup[] fixups = new Fixup[64];
    private int count;
    private boolean applied;

    /** Records a fixup of statement {@code s}; statements come in assembly order, so the columns stay in it. */
    public void record(Statement s, Fixup fixup) {
        next(s.index(), fixup);
    }

    /** Records a fixup of the statement of row {@code row}, which comes after every row recorded so far. */
    public void record(int row, Fixup fixup) {
        next(row, fixup);
    }

    private void next(int row, Fixup fixup) {
        if (applied) {
            throw new IllegalStateException("fixups were already applied: a fixup recorded now would never be");
        }
        if (count == fixups.length) {
            int n = 2 * count;
            indexes = Arrays.copyOf(indexes, n);
            fixups = Arrays.copyOf(fixups, n);
        }
        indexes[count] = row;
        fixups[count++] = fixup;
    }

    public int size() {
        return applied ? 0 : count;
    }

    /**
     * Hands every fixup to {@code handler} in statement order, telling {@code before} of each first, and forgets
     * them: each is applied exactly once.
     */
    public void apply(StatementTable table, Position before, Fixup.Handler handler) {
        if (applied) {
            throw new IllegalStateException("fixups are applied once");
        }
        applied = true;
        for (int i = 0; i < count; i++) {
            Statement s = table.get(indexes[i]);
            before.at(indexes[i], s.src().path());
            fixups[i].handTo(handler, s, indexes[i]);
            fixups[i] = null; // applied: what it held may go
        }
        indexes = null;
        fixups = null;
    }
}
