package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.SourceFile;

import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.SourceRange;

/**
 * One source line that has labels or a statement, in assembly order (includes spliced in, {@code index} its
 * position): where it is placed and what it produced.
 */
public final class Statement {

    private final StatementTable table;
    private final int index;
    private final SourceFile src;
    private final int lineNo;
    /** Null before it is placed. */
    private SectionBuilder section;
    /** Offset and size in the section: placing keeps both below {@link Layout#MAX_SECTION_BYTES}. */
    private int offset;
    private int size;
    /** Its columns on its line (0 when not given), or its range as a syntax tree gives it. */
    private int column;
    private int endColumn;
    private SourceRange parsedRange;
    private InstructionDef def;
    private long word;
    /** Nothing (more) to do: structural directives and statements with errors. */
    private boolean skip;
    /** Finished in pass 1 (an instruction whose operands needed no label). */
    private boolean done;
    /** Occupies an instruction slot of a stream (for reachability). */
    private boolean instruction;
    /** Produced bytes: gets an {@code AssembledLine}. */
    private boolean emitted;
    private boolean unconditional;

    Statement(StatementTable table, int index, SourceFile src, int lineNo) {
        this.table = table;
        this.index = index;
        this.src = src;
        this.lineNo = lineNo;
    }

    public int index() {
        return index;
    }

    public SourceFile src() {
        return src;
    }

    public int lineNo() {
        return lineNo;
    }

    /** Its section, or null before it is placed. */
    public SectionBuilder section() {
        return section;
    }

    /** Its section's id ({@link StatementTable#sectionOf}), or -1 before it is placed. */
    public int sectionId() {
        return section == null ? -1 : section.tableId;
    }

    public int offset() {
        return offset;
    }

    public int size() {
        return size;
    }

    /** Places it at {@code at} of {@code sec}, {@code bytes} long. */
    public void place(SectionBuilder sec, int at, int bytes) {
        table.register(sec);
        section = sec;
        offset = at;
        size = bytes;
    }

    public InstructionDef def() {
        return def;
    }

    public void def(InstructionDef def) {
        this.def = def;
    }

    public long word() {
        return word;
    }

    public void word(long word) {
        this.word = word;
    }

    public boolean skip() {
        return skip;
    }

    public void skip(boolean on) {
        skip = on;
    }

    public boolean done() {
        return done;
    }

    public void done(boolean on) {
        done = on;
    }

    public boolean instruction() {
        return instruction;
    }

    public void instruction(boolean on) {
        instruction = on;
    }

    public boolean emitted() {
        return emitted;
    }

    public void emitted(boolean on) {
        emitted = on;
    }

    public boolean unconditional() {
        return unconditional;
    }

    public void unconditional(boolean on) {
        unconditional = on;
    }

    /** Its columns on its line. */
    public void columns(int from, int to) {
        column = from;
        endColumn = to;
    }

    /** The statement's range as its syntax tree gives it. */
    public void parsedRange(SourceRange range) {
        parsedRange = range;
    }

    /** Its range, made when asked for unless a syntax tree gave it. */
    public SourceRange range() {
        return parsedRange != null ? parsedRange : new SourceRange(src.path(), lineNo, column, lineNo, endColumn);
    }

    /** Writes its instruction word at its place in its section. */
    public void writeWord() {
        section.write(offset, word, 8);
    }

    /** The line's text, cut from the file when asked for: most lines never need it as a string. */
    public String text() {
        return src.lineText(lineNo);
    }

    /** Its address once placed. */
    public long address() {
        return section.address + offset;
    }

    public AssembledLine assembledLine() {
        return new AssembledLine(range(), section.name, address(), size, def, word, text());
    }
}
