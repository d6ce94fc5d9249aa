package dev.csfstudio.runtime;

import java.util.List;

/**
 * The bytes of a GPU VA range as a VM sees them, read page by page through its page tables: the range in
 * order as spans of bytes that are mapped and spans that are not. Unreadable bytes are never made up.
 */
public record MemoryRead(String vm, long address, long length, List<Span> spans) {

    public MemoryRead {
        spans = List.copyOf(spans);
    }

    /** A piece of the range. */
    public sealed interface Span permits Readable, Unreadable {
        long address();

        long length();
    }

    public record Readable(long address, byte[] bytes) implements Span {
        @Override
        public long length() {
            return bytes.length;
        }
    }

    /** Bytes no page maps (or past the 48-bit address space); {@code reason} says which. */
    public record Unreadable(long address, long length, String reason) implements Span {
    }

    /** The bytes readable from the start of the range, up to the first unreadable byte. */
    public byte[] readablePrefix() {
        return !spans.isEmpty() && spans.get(0) instanceof Readable r ? r.bytes() : new byte[0];
    }

    /** Unreadable bytes right after {@link #readablePrefix} (DAP's {@code unreadableBytes}). */
    public long unreadableAfterPrefix() {
        int i = !spans.isEmpty() && spans.get(0) instanceof Readable ? 1 : 0;
        return i < spans.size() && spans.get(i) instanceof Unreadable u ? u.length() : 0;
    }
}
