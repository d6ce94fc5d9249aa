package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.source.SourceFile;

import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.program.AssembledLine;
import dev.csfstudio.program.SourceRange;

/**
 * One source line that has labels or a statement, in assembly order (includes spliced in): a view of its row of
 * the {@link StatementTable}, where it is placed and what it produced. Views of one row are equal.
 */
public record Statement(StatementTable table, int index) {

    public SourceFile src() {
        return table.src(index);
    }

    public int lineNo() {
        return table.lineNo(index);
    }

    /** Its section, or null before it is placed. */
    public SectionBuilder section() {
        return table.section(index);
    }

    public int offset() {
        return table.offset(index);
    }

    public int size() {
        return table.size(index);
    }

    public InstructionDef def() {
        return table.def(index);
    }

    public void def(InstructionDef def) {
        table.def(index, def);
    }

    public long word() {
        return table.word(index);
    }

    public void word(long word) {
        table.word(index, word);
    }

    public boolean skip() {
        return table.skip(index);
    }

    public void skip(boolean on) {
        table.skip(index, on);
    }

    public boolean done() {
        return table.done(index);
    }

    public void done(boolean on) {
        table.done(index, on);
    }

    public void instruction(boolean on) {
        table.instruction(index, on);
    }

    public void emitted(boolean on) {
        table.emitted(index, on);
    }

    public void unconditional(boolean on) {
        table.unconditional(index, on);
    }

    public void columns(int from, int to) {
        table.columns(index, from, to);
    }

    /** The statement's range as its syntax tree gives it. */
    public void parsedRange(SourceRange range) {
        table.parsedRange(index, range);
    }

    /** Writes the statement's instruction word at its place in its section. */
    public void writeWord() {
        table.writeWord(index);
    }

    /** The line's text, cut from the file when asked for: most lines never need it as a string. */
    public String text() {
        return table.text(index);
    }

    /** Made when asked for: a million statements need not keep a million ranges. */
    public SourceRange range() {
        return table.range(index);
    }

    public AssembledLine assembledLine() {
        SectionBuilder section = section();
        return new AssembledLine(range(), section.name, section.address + offset(), size(), def(), word(), text());
    }
}
