package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The fixups of one assembly in statement order, recorded during pass 1 and applied once after layout: two
 * columns (the statement's row in assembly order, the fixup), so a million forward branches are no million
 * wrapper objects.
 */
public final class Fixups {

    /** Told of each fixup's statement (its row in assembly order) before it is applied (the assembly makes it the current one). */
    public interface Position {
        void at(int row, Path file);
    }

    private int[] indexes = new int[64];
    /** The fixup, or null for the next of {@link #branches}. */
    private Fixup[] fixups = new Fixup[64];
    private final BranchFixups branches = new BranchFixups();
    private int count;
    private boolean applied;

    /** Records a fixup of statement {@code s}; statements come in assembly order, so the columns stay in it. */
    public void record(Statement s, Fixup fixup) {
        next(s.index(), fixup);
    }

    /**
     * Records the branch of the statement of row {@code row}, kept in columns; its index among the branches, which
     * {@link #branchLabel} takes.
     */
    public int recordBranch(int row, BranchToLabel branch) {
        next(row, null);
        return branches.add(branch);
    }

    /** {@link #recordBranch(int, BranchToLabel)} of a branch given as its parts. */
    public int recordBranch(int row, InstructionDef def, long word, boolean unconditional, BitField target, String name,
                            boolean local, int column, int endColumn) {
        next(row, null);
        return branches.add(def, word, unconditional, target, name, local, column, endColumn);
    }

    /** Branch {@code branch} (as {@link #recordBranch} numbered it) names the label of id {@code label}. */
    public void branchLabel(int branch, int label) {
        branches.label(branch, label);
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
        int branch = 0;
        for (int i = 0; i < count; i++) {
            before.at(indexes[i], table.src(indexes[i]).path());
            Statement s = table.get(indexes[i]);
            if (fixups[i] == null) {
                handler.branch(s, indexes[i], branches, branch++);
            } else {
                fixups[i].handTo(handler, s, indexes[i]);
                fixups[i] = null; // applied: what it held may go
            }
        }
        indexes = null;
        fixups = null;
        branches.clear();
    }
}
