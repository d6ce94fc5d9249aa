package dev.csfstudio.asm;

import java.util.ArrayList;
import java.util.List;

/** A stream or buffer while it is being assembled: size in pass 1, address after layout, bytes in pass 2. */
final class SectionBuilder {
    final String name;
    final SectionKind kind;
    final String vm;
    SourceRange declaration;
    final int order;
    Long at;
    long align;
    Long fixedSize;
    boolean dumpable;
    long cursor;
    long address;
    byte[] bytes;
    /** The statements that produced this section's bytes, in address order. */
    final List<Assembly.Stmt> lines = new ArrayList<>();
    /** Offsets that carry a label: code there is reachable by a branch. */
    final java.util.Set<Long> labelOffsets = new java.util.HashSet<>();
    /** The last instruction placed so far was an unconditional branch (pass 2, reachability). */
    boolean afterUnconditional;

    SectionBuilder(String name, SectionKind kind, String vm, SourceRange declaration, int order) {
        this.name = name;
        this.kind = kind;
        this.vm = vm;
        this.declaration = declaration;
        this.order = order;
        this.align = kind == SectionKind.STREAM ? 8 : 1;
    }

    long size() {
        return fixedSize != null ? Math.max(fixedSize, cursor) : cursor;
    }

    Section build() {
        return new Section(name, kind, vm, address, bytes, align, dumpable, declaration, new AssembledLines(lines));
    }
}
