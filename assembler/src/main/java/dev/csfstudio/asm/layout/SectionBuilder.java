package dev.csfstudio.asm.layout;

import dev.csfstudio.program.Section;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;

import java.util.Arrays;

/**
 * A stream or buffer while it is being assembled: its size and the bytes already known in pass 1, its address
 * after layout, the rest from fixups.
 */
public final class SectionBuilder {
    public final String name;
    public final SectionKind kind;
    public final String vm;
    public SourceRange declaration;
    public final int order;
    public Long at;
    public long align;
    public Long fixedSize;
    public boolean dumpable;
    public long cursor;
    public long address;
    /**
     * The contents: written from pass 1 on as statements are placed, made one array of the section's size by layout,
     * then only written inside it ({@link #bytes}).
     */
    private final SectionContents contents = new SectionContents();
    /** The lines that produced this section's bytes, in address order (given after lint). */
    public AssembledLines lines = AssembledLines.NONE;
    /** The section's id in the {@link StatementTable}, given when a statement is first placed in it. */
    int tableId = -1;
    /**
     * Offsets something may jump to (a label, or the target of a branch with a numeric offset), ascending
     * without repeats: code there is reachable. A plain array, not a set of boxed longs: large programs have
     * hundreds of thousands of labels.
     */
    private long[] jumpTargets = new long[8];
    private int targetCount;
    private boolean targetsUnsorted;

    public SectionBuilder(String name, SectionKind kind, String vm, SourceRange declaration, int order) {
        this.name = name;
        this.kind = kind;
        this.vm = vm;
        this.declaration = declaration;
        this.order = order;
        this.align = kind == SectionKind.STREAM ? 8 : 1;
    }

    /**
     * Records that a branch may land at {@code offset}. Targets are appended in any order (a fixup's target may lie
     * behind the cursor) and sorted once, when reachability first asks: inserting each in order made a source with
     * many backward branches quadratic.
     */
    public void addJumpTarget(long offset) {
        if (targetCount == jumpTargets.length) {
            jumpTargets = Arrays.copyOf(jumpTargets, targetCount * 2);
        }
        if (targetCount > 0 && jumpTargets[targetCount - 1] > offset) {
            targetsUnsorted = true;
        }
        jumpTargets[targetCount++] = offset;
    }

    public boolean isJumpTarget(long offset) {
        if (targetsUnsorted) {
            Arrays.sort(jumpTargets, 0, targetCount);
            targetsUnsorted = false;
        }
        return Arrays.binarySearch(jumpTargets, 0, targetCount, offset) >= 0;
    }

    /** How many offsets something may jump to ({@link #jumpTarget}). */
    public int jumpTargetCount() {
        return targetCount;
    }

    /** The {@code i}th offset something may jump to, as recorded (unsorted, maybe repeated): a walk needs no sort. */
    public long jumpTarget(int i) {
        return jumpTargets[i];
    }

    /** Writes the low {@code width} bytes of {@code value}, little-endian, at {@code offset}. */
    public void write(int offset, long value, int width) {
        contents.write(offset, value, width);
    }

    /** Writes {@code data} at {@code offset}. */
    public void write(int offset, byte[] data) {
        write(offset, data, 0, data.length);
    }

    /** Writes {@code data[from, from + length)} at {@code offset}. */
    public void write(int offset, byte[] data, int from, int length) {
        contents.write(offset, data, from, length);
    }

    /** Gives the contents the section's final size (zeros after what was written). */
    void fixSize() {
        contents.fix((int) size());
    }

    /** The section's bytes, once layout has given them their final size: the phases after it write them in place. */
    public byte[] bytes() {
        return contents.bytes();
    }

    public long size() {
        return fixedSize != null ? Math.max(fixedSize, cursor) : cursor;
    }

    public Section build() {
        return new Section(name, kind, vm, address, contents.bytes(), align, dumpable, declaration, lines);
    }
}
