package dev.csfstudio.program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A stream or buffer placed at a GPU virtual address.
 *
 * @param bytes    the contents, little-endian; a stream holds {@code bytes.length / 8} instructions
 * @param vm       the GPU virtual address space the section is mapped in ({@code .vm}, default {@code main})
 * @param dumpable its contents go into core dumps after a fault ({@code .buffer NAME, dumpable})
 * @param lines    what each part of the contents came from, in address order
 */
public record Section(String name, SectionKind kind, String vm, long address, byte[] bytes, long align, boolean dumpable,
                      SourceRange declaration, AssembledLineList lines) {

    public Section {
        Objects.requireNonNull(lines, "lines");
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
        int i = lines.indexAt(va);
        return i < 0 ? null : lines.get(i);
    }

    /** Where the line that produced the byte at {@code va} stands in the source, or null (without its text). */
    public SourceRange rangeAt(long va) {
        int i = lines.indexAt(va);
        return i < 0 ? null : lines.range(i);
    }
}
