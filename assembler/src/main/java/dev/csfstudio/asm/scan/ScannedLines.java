package dev.csfstudio.asm.scan;

import dev.csfstudio.asm.source.ColumnPair;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;

import dev.csfstudio.asm.emit.BranchToLabel;

import java.util.Arrays;

/**
 * One chunk of a file's lines as a worker scanned them, handed to the in-order pass whole: the commonest shapes
 * (an instruction encoded without findings, a branch to a label, labels alone, a data line of literals) as rows of
 * columns with their labels, any other line as its {@link ScannedStatement}. A chunk is {@link #reset} and filled again for a later
 * chunk once the pass has taken it, so the common lines of a million-line source make no object each, and the
 * pass reads them without a call per shape.
 */
public final class ScannedLines {

    /** What row {@code i} holds ({@link #shape}). */
    public static final byte BLANK = 0;
    public static final byte STATEMENT = 1;
    public static final byte ENCODED = 2;
    public static final byte LABELS_ONLY = 3;
    public static final byte DATA = 4;
    public static final byte BRANCH = 5;

    private int firstLine;
    private int count;
    private byte[] shape = new byte[0];
    private ScannedStatement[] statements = new ScannedStatement[0];
    /** In {@link ColumnPair}'s int form (a line whose columns do not fit it is a statement). */
    private int[] columns = new int[0];
    private long[] words = new long[0];
    private InstructionDef[] defs = new InstructionDef[0];
    private BitField[] targets = new BitField[0];
    private boolean[] unconditional = new boolean[0];
    /** Row {@code i}'s labels are {@code [labelsFrom[i], labelsFrom[i + 1])} of the label columns. */
    private int[] labelsFrom = new int[1];
    private String[] labelNames = new String[16];
    /** Start and end column of each label, 1-based, end exclusive. */
    private int[] labelColumns = new int[32];
    private int labelCount;
    /** A data row's values as the section holds them: {@code [dataFrom[i], dataFrom[i + 1])} of {@link #data}. */
    private int[] dataFrom = new int[1];
    private byte[] data = new byte[1024];
    private int dataLength;
    private byte[] widths = new byte[0];
    /**
     * A branch row's label name, whether it is a local reference, the name's columns ({@link ColumnPair}'s long form) and the
     * chunk's label it names ({@link #branchLabel}); its word but for the target, definition, target field and whether
     * it is unconditional are in the instruction columns.
     */
    private String[] branchNames = new String[0];
    private boolean[] branchLocal = new boolean[0];
    private long[] branchColumns = new long[0];
    private int[] branchLabels = new int[0];
    /** The chunk's first label of each name, for {@link #linkBranches}: open addressing by the name's hash. */
    private String[] linkNames = new String[16];
    private int[] linkLabels = new int[16];

    /** Empties the chunk for lines {@code firstLine..firstLine + lines - 1}, each blank until written. */
    public void reset(int firstLine, int lines) {
        this.firstLine = firstLine;
        if (shape.length < lines) {
            shape = new byte[lines];
            statements = new ScannedStatement[lines];
            columns = new int[lines];
            words = new long[lines];
            defs = new InstructionDef[lines];
            targets = new BitField[lines];
            unconditional = new boolean[lines];
            labelsFrom = new int[lines + 1];
            dataFrom = new int[lines + 1];
            widths = new byte[lines];
            branchNames = new String[lines];
            branchLocal = new boolean[lines];
            branchColumns = new long[lines];
            branchLabels = new int[lines];
        } else {
            Arrays.fill(statements, 0, count, null); // what the last chunk held may go
            Arrays.fill(branchNames, 0, count, null);
            Arrays.fill(defs, 0, count, null);
            Arrays.fill(targets, 0, count, null);
            Arrays.fill(shape, 0, count, BLANK);
            Arrays.fill(labelNames, 0, labelCount, null);
        }
        count = lines;
        labelCount = 0;
        dataLength = 0;
    }

    public int firstLine() {
        return firstLine;
    }

    public int count() {
        return count;
    }

    public byte shape(int i) {
        return shape[i];
    }

    /**
     * Row {@code i}'s statement (shape {@link #STATEMENT}). Its labels, when it has any a scanner read ({@link
     * ScannedStatement.Labelled}), are the row's labels too, in the same order.
     */
    public ScannedStatement statement(int i) {
        return statements[i];
    }

    void statement(int i, ScannedStatement s) {
        shape[i] = s == null ? BLANK : STATEMENT;
        statements[i] = s;
        // its labels count among the chunk's (a branch of the chunk may name one), in the order pass 1 defines them
        ScannedStatement.Labelled labelled = s instanceof ScannedStatement.FlaggedInstruction flagged ? flagged.line()
                : s instanceof ScannedStatement.Labelled l ? l : null;
        if (labelled != null) {
            String[] names = labelled.labelNames();
            int[] cols = labelled.labelColumns();
            for (int k = 0; k < names.length; k++) {
                label(names[k], cols[2 * k], cols[2 * k + 1]);
            }
        }
        closeRow(i);
    }

    // ---------------------------------------------------------------- the worker's side: writing a row

    /** Starts row {@code i}'s labels (before any {@link #label}); the shape methods close the row. */
    void openRow(int i) {
        labelsFrom[i] = labelCount;
        dataFrom[i] = dataLength;
    }

    /** Row {@code i} ends here: its labels and data so far are its own. */
    private void closeRow(int i) {
        labelsFrom[i + 1] = labelCount;
        dataFrom[i + 1] = dataLength;
    }

    /** A label of the open row, at 1-based columns {@code column..endColumn}. */
    void label(String name, int column, int endColumn) {
        if (labelCount == labelNames.length) {
            labelNames = ArrayCopies.strings(labelNames, 2 * labelCount);
            labelColumns = Arrays.copyOf(labelColumns, 4 * labelCount);
        }
        labelNames[labelCount] = name;
        labelColumns[2 * labelCount] = column;
        labelColumns[2 * labelCount + 1] = endColumn;
        labelCount++;
    }

    /** Row {@code i}: an instruction encoded without findings. */
    void encoded(int i, int column, int endColumn, InstructionDef def, long word, boolean unconditional,
                 BitField target) {
        shape[i] = ENCODED;
        columns[i] = ColumnPair.chars(column, endColumn);
        defs[i] = def;
        words[i] = word;
        this.unconditional[i] = unconditional;
        targets[i] = target;
        closeRow(i);
    }

    /** Row {@code i}: labels and nothing else. */
    void labelsOnly(int i) {
        shape[i] = LABELS_ONLY;
        closeRow(i);
    }

    /** Row {@code i}: a data line of {@code width}-byte values, {@code bytes[0, length)} as the section holds them. */
    void data(int i, int column, int endColumn, int width, byte[] bytes, int length) {
        if (dataLength + length > data.length) {
            data = Arrays.copyOf(data, Math.max(2 * data.length, dataLength + length));
        }
        System.arraycopy(bytes, 0, data, dataLength, length);
        dataLength += length;
        shape[i] = DATA;
        columns[i] = ColumnPair.chars(column, endColumn);
        widths[i] = (byte) width;
        closeRow(i);
    }

    /**
     * Row {@code i}: a branch to the label {@code name} (a local reference when {@code local}) at columns
     * {@code nameColumn..nameEndColumn}, encoded but for its {@code target} field.
     */
    void branch(int i, int column, int endColumn, InstructionDef def, long word, boolean unconditional, BitField target,
                String name, boolean local, int nameColumn, int nameEndColumn) {
        shape[i] = BRANCH;
        columns[i] = ColumnPair.chars(column, endColumn);
        defs[i] = def;
        words[i] = word;
        targets[i] = target;
        this.unconditional[i] = unconditional;
        branchNames[i] = name;
        branchLocal[i] = local;
        branchColumns[i] = ColumnPair.ints(nameColumn, nameEndColumn);
        branchLabels[i] = -1;
        closeRow(i);
    }

    /**
     * Once every row is written: each branch row learns which of the chunk's labels its target names (the first
     * label of the chunk with that name), so that pass 1, defining that label, gives the branch its id without a
     * lookup by name. A local reference ({@code 1f}) names none. Names are compared as the strings they are (a
     * chunk's scanner makes one of each name); a name read twice as two strings is only not linked.
     */
    void linkBranches() {
        int mask = -1;
        for (int i = 0; i < count; i++) {
            if (shape[i] != BRANCH || branchLocal[i]) {
                continue;
            }
            if (mask < 0) {
                mask = firstLabels();
            }
            String name = branchNames[i];
            int k = -1;
            for (int slot = name.hashCode() & mask; linkNames[slot] != null; slot = slot + 1 & mask) {
                if (linkNames[slot] == name) {
                    k = linkLabels[slot];
                    break;
                }
            }
            branchLabels[i] = k;
        }
        if (mask >= 0) {
            Arrays.fill(linkNames, null);
        }
    }

    /** Fills the table of each name's first label in the chunk; its mask. */
    private int firstLabels() {
        int capacity = Integer.highestOneBit(Math.max(8, 2 * labelCount) - 1) << 1;
        if (linkNames.length < capacity) {
            linkNames = new String[capacity];
            linkLabels = new int[capacity];
        }
        int mask = linkNames.length - 1;
        for (int k = 0; k < labelCount; k++) {
            String name = labelNames[k];
            int slot = name.hashCode() & mask;
            while (linkNames[slot] != null && linkNames[slot] != name) {
                slot = slot + 1 & mask;
            }
            if (linkNames[slot] == null) {
                linkNames[slot] = name;
                linkLabels[slot] = k;
            }
        }
        return mask;
    }

    // ---------------------------------------------------------------- the in-order pass's side: reading a row

    /** Row {@code i}'s columns in {@link ColumnPair}'s int form. */
    public int columns(int i) {
        return columns[i];
    }

    public int column(int i) {
        return ColumnPair.column(columns[i]);
    }

    public int endColumn(int i) {
        return ColumnPair.endColumn(columns[i]);
    }

    public long word(int i) {
        return words[i];
    }

    public InstructionDef def(int i) {
        return defs[i];
    }

    public BitField target(int i) {
        return targets[i];
    }

    public boolean unconditional(int i) {
        return unconditional[i];
    }

    public int labelsFrom(int i) {
        return labelsFrom[i];
    }

    public int labelsTo(int i) {
        return labelsFrom[i + 1];
    }

    public String labelName(int k) {
        return labelNames[k];
    }

    public int labelColumn(int k) {
        return labelColumns[2 * k];
    }

    public int labelEndColumn(int k) {
        return labelColumns[2 * k + 1];
    }

    public int width(int i) {
        return widths[i];
    }

    /** A branch row's branch, made from its columns. */
    public BranchToLabel branch(int i) {
        return new BranchToLabel(defs[i], words[i], unconditional[i], targets[i], branchNames[i], branchLocal[i],
                ColumnPair.column(branchColumns[i]), ColumnPair.endColumn(branchColumns[i]));
    }

    public String branchName(int i) {
        return branchNames[i];
    }

    public boolean branchLocal(int i) {
        return branchLocal[i];
    }

    /** The column where a branch row's label name starts, and where it ends. */
    public int branchNameColumn(int i) {
        return ColumnPair.column(branchColumns[i]);
    }

    public int branchNameEndColumn(int i) {
        return ColumnPair.endColumn(branchColumns[i]);
    }

    /** The label of the chunk ({@link #labelName} index) a branch row's target names, or -1 (none, or not known). */
    public int branchLabel(int i) {
        return branchLabels[i];
    }

    /** How many labels the chunk's rows define. */
    public int labelCount() {
        return labelCount;
    }

    /** The data row's bytes: {@link #dataLength(int)} of them from {@link #dataFrom(int)} of {@link #data()}. */
    public byte[] data() {
        return data;
    }

    public int dataFrom(int i) {
        return dataFrom[i];
    }

    public int dataLength(int i) {
        return dataFrom[i + 1] - dataFrom[i];
    }

    /** Row {@code i} as the statement it stands for (what a pandecode reading of the line takes). */
    public ScannedStatement asStatement(int i) {
        if (shape[i] == STATEMENT || shape[i] == BLANK) {
            return statements[i];
        }
        int from = labelsFrom[i];
        int labels = labelsFrom[i + 1] - from;
        String[] names = Arrays.copyOfRange(labelNames, from, from + labels);
        int[] labelCols = Arrays.copyOfRange(labelColumns, 2 * from, 2 * (from + labels));
        return switch (shape[i]) {
            case ENCODED -> new LineScanner.EncodedLine(names, labelCols, column(i), endColumn(i), defs[i], words[i],
                    unconditional[i], targets[i], true, false);
            case LABELS_ONLY -> new LineScanner.EncodedLine(names, labelCols, 0, 0, null, 0, false, null, false, true);
            case DATA -> new LineScanner.DataLine(names, labelCols, column(i), endColumn(i), widths[i],
                    Arrays.copyOfRange(data, dataFrom[i], dataFrom[i + 1]));
            case BRANCH -> new LineScanner.LabelBranch(names, labelCols, column(i), endColumn(i), branch(i));
            default -> null;
        };
    }
}
