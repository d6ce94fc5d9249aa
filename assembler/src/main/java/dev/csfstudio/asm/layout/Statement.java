package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.SourceFile;

import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.SourceRange;

/**
 * One source line that has labels or a statement, in assembly order (includes spliced in): where it is
 * placed and what it produced.
 */
public final class Statement {
    public final SourceFile src;
    public final int lineNo;
    public SectionBuilder section;
    /** Offset and size in the section: placing keeps both below {@link Layout#MAX_SECTION_BYTES}. */
    public int offset;
    public int size;
    /**
     * The statement's range when it came from a syntax tree or its columns do not fit a char; else
     * {@link #column}..{@link #endColumn}. Narrow fields: a million statements are the largest live data.
     */
    public SourceRange parsedRange;
    public char column;
    public char endColumn;
    /** {@link #SKIP}, {@link #DONE}, ... in one byte: a million statements are the largest live data. */
    private byte flags;
    public InstructionDef def;
    public long word;

    /** Nothing (more) to do: structural directives and statements with errors. */
    private static final int SKIP = 1;
    /** Finished in pass 1 (an instruction whose operands needed no label). */
    private static final int DONE = 2;
    /** Occupies an instruction slot of a stream (for reachability). */
    private static final int INSTRUCTION = 4;
    /** Produced bytes: gets an {@link AssembledLine}. */
    private static final int EMITTED = 8;
    private static final int UNCONDITIONAL = 16;

    private boolean has(int flag) {
        return (flags & flag) != 0;
    }

    private void set(int flag, boolean on) {
        flags = (byte) (on ? flags | flag : flags & ~flag);
    }

    public boolean skip() {
        return has(SKIP);
    }

    public void skip(boolean on) {
        set(SKIP, on);
    }

    public boolean done() {
        return has(DONE);
    }

    public void done(boolean on) {
        set(DONE, on);
    }

    public boolean instruction() {
        return has(INSTRUCTION);
    }

    public void instruction(boolean on) {
        set(INSTRUCTION, on);
    }

    public boolean emitted() {
        return has(EMITTED);
    }

    public void emitted(boolean on) {
        set(EMITTED, on);
    }

    public boolean unconditional() {
        return has(UNCONDITIONAL);
    }

    public void unconditional(boolean on) {
        set(UNCONDITIONAL, on);
    }

    public Statement(SourceFile src, int lineNo) {
        this.src = src;
        this.lineNo = lineNo;
    }

    public void columns(int from, int to) {
        if (from <= Character.MAX_VALUE && to <= Character.MAX_VALUE) {
            column = (char) from;
            endColumn = (char) to;
        } else {
            parsedRange = new SourceRange(src.path(), lineNo, from, lineNo, to);
        }
    }

    /** The line's text, cut from the file when asked for: most lines never need it as a string. */
    /** Writes the statement's instruction word at its place in its section. */
    public void writeWord() {
        section.write(offset, word, 8);
    }

    public String text() {
        return src.lineText(lineNo);
    }

    /** Made when asked for: a million statements need not keep a million ranges. */
    public SourceRange range() {
        return parsedRange != null ? parsedRange : new SourceRange(src.path(), lineNo, column, lineNo, endColumn);
    }

    public AssembledLine assembledLine() {
        return new AssembledLine(range(), section.name, section.address + offset, size, def, word, text());
    }
}
