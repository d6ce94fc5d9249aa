package dev.csfstudio.program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A stream or buffer placed at a GPU virtual address.
 *
 * @param bytes    the contents, little-endian; a stream holds {@code bytes.length / 8} instructions
 * @param vm       the GPU virtual address space the section is mapped in ({@code .vm}, default {@code main})
 * @param dumpable its contents go into core dumps after a fault ({@code .buffer NAME, dumpable})
 * @param lines    what each part of the contents came from, in address order
 */
public record Section(String name, SectionKind kind, String vm, long address, byte[] bytes, long align, boolean dumpable,
                      SourceRange declaration, List<AssembledLine> lines) {

    public Section {
        lines = ImmutableView.of(lines);
    }

    public long size() {
        return bytes.length;
    }

    public long end() {
        return address + bytes.length;
    }

    public boolean contains(long va) {
        return va >= address && va < end();
    }

    public int instructionCount() {
        return bytes.length / 8;
    }

    /** The instruction word at index {@code i} of a stream. */
    public long word(int i) {
        return ByteBuffer.wrap(bytes, i * 8, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /** The source line that produced the byte at {@code va}, or null. */
    public AssembledLine lineAt(long va) {
        // Lines are in address order and their ends (address + max(size, 1)) never decrease, so the first
        // line ending past va is the only candidate. Binary search: fault reports and core dumps ask this
        // for each of their instructions, and a stream may hold a million lines (built lazily).
        int lo = 0;
        int hi = lines.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            AssembledLine l = lines.get(mid);
            if (l.address() + Math.max(l.size(), 1) <= va) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == lines.size()) {
            return null;
        }
        AssembledLine l = lines.get(lo);
        return l.address() <= va ? l : null;
    }
}
