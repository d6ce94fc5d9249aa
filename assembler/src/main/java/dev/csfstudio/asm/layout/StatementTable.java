package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.ColumnPair;
import dev.csfstudio.asm.source.SourceFile;

import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.program.SourceRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every statement of one assembly in assembly order (includes spliced in), as columns of primitives: its line,
 * where it is placed and what it produced. A million-line source is a million rows of a few arrays, not a million
 * objects the collector copies and the walks after layout chase through memory; {@link Statement} is a view of one
 * row for the code that works on one statement at a time.
 */
public final class StatementTable {

    /** Nothing (more) to do: structural directives and statements with errors. */
    private static final byte SKIP = 1;
    /** Finished in pass 1 (an instruction whose operands needed no label). */
    private static final byte DONE = 2;
    /** Occupies an instruction slot of a stream (for reachability). */
    private static final byte INSTRUCTION = 4;
    /** Produced bytes: gets an {@code AssembledLine}. */
    private static final byte EMITTED = 8;
    private static final byte UNCONDITIONAL = 16;

    /** A row's section before it is placed. */
    private static final int UNPLACED = -1;

    private final List<SourceFile> files = new ArrayList<>();
    private final Map<SourceFile, Integer> fileIds = new IdentityHashMap<>();
    /** The file of the newest row and its id: rows come file by file, so most rows find theirs here. */
    private SourceFile lastFile;
    private int lastFileId;
    private final List<SectionBuilder> sections = new ArrayList<>();

    private int[] file;
    private int[] line;
    private int[] section;
    /** Offset and size in the section: placing keeps both below {@link Layout#MAX_SECTION_BYTES}. */
    private int[] offset;
    private int[] size;
    /** In {@link ColumnPair}'s int form (else a parsed range). */
    private int[] columns;
    private byte[] flags;
    private InstructionDef[] defs;
    private long[] words;
    /** The range of a row that came from a syntax tree or whose columns do not fit the column pair: few rows. */
    private final Map<Integer, SourceRange> parsedRanges = new HashMap<>();
    private int count;

    public StatementTable() {
        allocate(64);
    }

    private void allocate(int capacity) {
        file = new int[capacity];
        line = new int[capacity];
        section = new int[capacity];
        offset = new int[capacity];
        size = new int[capacity];
        columns = new int[capacity];
        flags = new byte[capacity];
        defs = new InstructionDef[capacity];
        words = new long[capacity];
    }

    /** Room for {@code rows} rows in all without growing (about one a line of the main file). */
    public void ensureCapacity(int rows) {
        if (rows > file.length) {
            resize(rows);
        }
    }

    private void resize(int capacity) {
        file = Arrays.copyOf(file, capacity);
        line = Arrays.copyOf(line, capacity);
        section = Arrays.copyOf(section, capacity);
        offset = Arrays.copyOf(offset, capacity);
        size = Arrays.copyOf(size, capacity);
        columns = Arrays.copyOf(columns, capacity);
        flags = Arrays.copyOf(flags, capacity);
        defs = Arrays.copyOf(defs, capacity);
        words = Arrays.copyOf(words, capacity);
    }

    /** A new row for line {@code lineNo} of {@code src}, unplaced; its index. */
    public int add(SourceFile src, int lineNo) {
        if (count == file.length) {
            resize(Math.max(64, 2 * count));
        }
        int i = count++;
        file[i] = fileId(src);
        line[i] = lineNo;
        section[i] = UNPLACED;
        return i;
    }

    private int fileId(SourceFile src) {
        if (src != lastFile) {
            Integer id = fileIds.get(src);
            if (id == null) {
                id = files.size();
                files.add(src);
                fileIds.put(src, id);
            }
            lastFile = src;
            lastFileId = id;
        }
        return lastFileId;
    }

    private int sectionId(SectionBuilder sec) {
        if (sec.tableId < 0) {
            sec.tableId = sections.size();
            sections.add(sec);
        }
        return sec.tableId;
    }

    public int size() {
        return count;
    }

    /** A view of row {@code i}. */
    public Statement get(int i) {
        return new Statement(this, i);
    }

    // ---------------------------------------------------------------- one row's columns

    public SourceFile src(int i) {
        return files.get(file[i]);
    }

    public int lineNo(int i) {
        return line[i];
    }

    /** The id of the row's section ({@link #sectionOf}), or -1 before it is placed. */
    public int sectionId(int i) {
        return section[i];
    }

    /** The section of id {@code id}. */
    public SectionBuilder sectionOf(int id) {
        return sections.get(id);
    }

    /** How many sections rows are placed in (their ids are {@code 0..sectionCount() - 1}). */
    public int sectionCount() {
        return sections.size();
    }

    /** The row's section, or null before it is placed. */
    public SectionBuilder section(int i) {
        int id = section[i];
        return id == UNPLACED ? null : sections.get(id);
    }

    public int offset(int i) {
        return offset[i];
    }

    public int size(int i) {
        return size[i];
    }

    /** Places row {@code i} at {@code at} of {@code sec}, {@code bytes} long. */
    public void place(int i, SectionBuilder sec, int at, int bytes) {
        section[i] = sectionId(sec);
        offset[i] = at;
        size[i] = bytes;
    }

    /** Row {@code i} as an instruction placed at {@code at} of {@code sec}, done, its word {@code word} of {@code def}. */
    public void placeEncoded(int i, SectionBuilder sec, int at, InstructionDef def, long word, boolean unconditional) {
        place(i, sec, at, 8);
        encoded(i, def, word, unconditional);
        flags[i] |= INSTRUCTION;
    }

    /** Row {@code i}, placed, as done with {@code word} of {@code def} (not yet written to its section). */
    public void encoded(int i, InstructionDef def, long word, boolean unconditional) {
        defs[i] = def;
        words[i] = word;
        flags[i] = (byte) (flags[i] | DONE | EMITTED | (unconditional ? UNCONDITIONAL : 0));
    }

    public InstructionDef def(int i) {
        return defs[i];
    }

    public void def(int i, InstructionDef def) {
        defs[i] = def;
    }

    public long word(int i) {
        return words[i];
    }

    public void word(int i, long word) {
        words[i] = word;
    }

    private boolean has(int i, byte flag) {
        return (flags[i] & flag) != 0;
    }

    private void set(int i, byte flag, boolean on) {
        flags[i] = (byte) (on ? flags[i] | flag : flags[i] & ~flag);
    }

    public boolean skip(int i) {
        return has(i, SKIP);
    }

    public void skip(int i, boolean on) {
        set(i, SKIP, on);
    }

    public boolean done(int i) {
        return has(i, DONE);
    }

    public void done(int i, boolean on) {
        set(i, DONE, on);
    }

    public boolean instruction(int i) {
        return has(i, INSTRUCTION);
    }

    public void instruction(int i, boolean on) {
        set(i, INSTRUCTION, on);
    }

    public boolean emitted(int i) {
        return has(i, EMITTED);
    }

    public void emitted(int i, boolean on) {
        set(i, EMITTED, on);
    }

    public boolean unconditional(int i) {
        return has(i, UNCONDITIONAL);
    }

    public void unconditional(int i, boolean on) {
        set(i, UNCONDITIONAL, on);
    }

    /** The row's columns on its line: kept as a pair of chars when they fit, else as a range. */
    public void columns(int i, int from, int to) {
        if (ColumnPair.fitsChars(from, to)) {
            columns[i] = ColumnPair.chars(from, to);
        } else {
            parsedRanges.put(i, new SourceRange(src(i).path(), line[i], from, line[i], to));
        }
    }

    /** The range of a row that came from a syntax tree. */
    public void parsedRange(int i, SourceRange range) {
        parsedRanges.put(i, range);
    }

    /** Made when asked for: a million statements need not keep a million ranges. */
    public SourceRange range(int i) {
        SourceRange r = parsedRanges.isEmpty() ? null : parsedRanges.get(i);
        return r != null ? r : new SourceRange(src(i).path(), line[i], ColumnPair.column(columns[i]), line[i],
                ColumnPair.endColumn(columns[i]));
    }

    /** Writes row {@code i}'s instruction word at its place in its section. */
    public void writeWord(int i) {
        sections.get(section[i]).write(offset[i], words[i], 8);
    }

    /** The row's line's text, cut from the file when asked for: most lines never need it as a string. */
    public String text(int i) {
        return src(i).lineText(line[i]);
    }
}
