package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.source.ColumnPair;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;

import java.util.Arrays;

/**
 * The branches to labels of one assembly, each encoded but for its target field, in columns: a large source's
 * forward branches are no object each for the collector to copy until layout. A branch may know its label's id
 * already (pass 1 saw the label defined with its name in the same chunk of lines), so its fixup looks up no name.
 */
public final class BranchFixups {

    private InstructionDef[] defs = new InstructionDef[64];
    private long[] words = new long[64];
    private BitField[] targets = new BitField[64];
    private String[] names = new String[64];
    /** Bit 0: a local reference ({@code 1b}); bit 1: an unconditional branch. */
    private byte[] flags = new byte[64];
    /** The name's columns in {@link ColumnPair}'s long form. */
    private long[] columns = new long[64];
    /** The label's id when pass 1 knew it, else -1: looked up by name then. */
    private int[] labels = new int[64];
    private int count;

    /** A branch's columns; its index, for {@link #label(int, int)}. */
    int add(BranchToLabel b) {
        return add(b.def(), b.word(), b.unconditional(), b.target(), b.name(), b.local(), b.column(), b.endColumn());
    }

    /** {@link #add(BranchToLabel)} of a branch given as its parts. */
    int add(InstructionDef def, long word, boolean unconditional, BitField target, String name, boolean local,
            int column, int endColumn) {
        if (count == defs.length) {
            int n = 2 * count;
            defs = Arrays.copyOf(defs, n);
            words = Arrays.copyOf(words, n);
            targets = Arrays.copyOf(targets, n);
            names = Arrays.copyOf(names, n);
            flags = Arrays.copyOf(flags, n);
            columns = Arrays.copyOf(columns, n);
            labels = Arrays.copyOf(labels, n);
        }
        int i = count++;
        defs[i] = def;
        words[i] = word;
        targets[i] = target;
        names[i] = name;
        flags[i] = (byte) ((local ? 1 : 0) | (unconditional ? 2 : 0));
        columns[i] = ColumnPair.ints(column, endColumn);
        labels[i] = -1;
        return i;
    }

    /** Branch {@code i} names the label of id {@code label} (-1: not known). */
    public void label(int i, int label) {
        labels[i] = label;
    }

    public InstructionDef def(int i) {
        return defs[i];
    }

    public long word(int i) {
        return words[i];
    }

    public BitField target(int i) {
        return targets[i];
    }

    public String name(int i) {
        return names[i];
    }

    public boolean local(int i) {
        return (flags[i] & 1) != 0;
    }

    public boolean unconditional(int i) {
        return (flags[i] & 2) != 0;
    }

    public int column(int i) {
        return ColumnPair.column(columns[i]);
    }

    public int endColumn(int i) {
        return ColumnPair.endColumn(columns[i]);
    }

    /** The label's id if pass 1 knew it, else -1. */
    public int label(int i) {
        return labels[i];
    }

    /** Lets what the branches hold go once they are applied. */
    void clear() {
        defs = null;
        words = null;
        targets = null;
        names = null;
        flags = null;
        columns = null;
        labels = null;
    }
}
