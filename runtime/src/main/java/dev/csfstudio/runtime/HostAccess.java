package dev.csfstudio.runtime;

import dev.csfstudio.program.Section;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.device.AddressSpace;
import dev.csfstudio.runtime.device.PhysicalMemory;

/**
 * Host-side access to simulated memory, the way a kernel driver touches buffers whose pages are not
 * contiguous: a page at a time through the VM's page tables, every request bounds-checked first so an
 * access past the end fails with an error and copies nothing. Readback, reports, dumps and debuggers
 * use only this.
 */
public final class HostAccess {

    private final PhysicalMemory memory;
    private final Map<String, AddressSpace> vms;
    private final Map<String, Section> buffers;

    public HostAccess(PhysicalMemory memory, Map<String, AddressSpace> vms, Map<String, Section> buffers) {
        this.memory = memory;
        this.vms = vms;
        this.buffers = buffers;
    }

    /** Reads {@code length} bytes at GPU address {@code va} as VM {@code vm} sees them. */
    public byte[] read(String vm, long va, int length) throws HostAccessException {
        long[] pages = pages(vm, va, length);
        byte[] out = new byte[length];
        int done = 0;
        for (long page : pages) {
            long at = va + done;
            int n = (int) Math.min(length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.read(page | (at & PhysicalMemory.PAGE_MASK), out, done, n);
            done += n;
        }
        return out;
    }

    /**
     * Reads what is mapped of {@code length} bytes at {@code va} in VM {@code vm}, page by page: the spans
     * of mapped bytes and the spans no page maps, in order. Fails only for an unknown VM or a negative length.
     */
    public MemoryRead readSpans(String vm, long va, int length) throws HostAccessException {
        AddressSpace as = addressSpace(vm);
        if (length < 0) {
            throw new HostAccessException("cannot read " + length + " bytes");
        }
        List<MemoryRead.Span> spans = new ArrayList<>();
        if (!AddressSpace.validVa(va) && length > 0) {
            spans.add(new MemoryRead.Unreadable(va, length, "outside the 48-bit GPU address space"));
            return new MemoryRead(vm, va, length, spans);
        }
        long at = va;
        long end = va + length;
        while (at < end) {
            long pa = AddressSpace.validVa(at) ? as.walk(at) : -1;
            long spanStart = at;
            boolean mapped = pa >= 0;
            // Extend the span over following pages of the same kind.
            long next = pageEnd(at, end);
            while (next < end && (AddressSpace.validVa(next) && as.walk(next) >= 0) == mapped) {
                next = pageEnd(next, end);
            }
            if (mapped) {
                byte[] bytes = new byte[(int) (next - spanStart)];
                for (long p = spanStart; p < next; p = pageEnd(p, next)) {
                    int n = (int) (pageEnd(p, next) - p);
                    memory.read(as.walk(p) | (p & PhysicalMemory.PAGE_MASK), bytes, (int) (p - spanStart), n);
                }
                spans.add(new MemoryRead.Readable(spanStart, bytes));
            } else {
                spans.add(new MemoryRead.Unreadable(spanStart, next - spanStart, AddressSpace.validVa(spanStart)
                        ? "not mapped in VM " + vm : "outside the 48-bit GPU address space"));
            }
            at = next;
        }
        return new MemoryRead(vm, va, length, spans);
    }

    /** The end of {@code at}'s page, or {@code limit} when that comes first. */
    private static long pageEnd(long at, long limit) {
        return Math.min(limit, (at | PhysicalMemory.PAGE_MASK) + 1);
    }

    /** Writes {@code data} at GPU address {@code va} in VM {@code vm}. */
    public void write(String vm, long va, byte[] data) throws HostAccessException {
        long[] pages = pages(vm, va, data.length);
        int done = 0;
        for (long page : pages) {
            long at = va + done;
            int n = (int) Math.min(data.length - done, PhysicalMemory.PAGE_SIZE - (at & PhysicalMemory.PAGE_MASK));
            memory.write(page | (at & PhysicalMemory.PAGE_MASK), data, done, n);
            done += n;
        }
    }

    /** The whole of a buffer or stream. */
    public byte[] readBuffer(String name) throws HostAccessException {
        Section s = buffer(name);
        return read(s.vm(), s.address(), (int) s.size());
    }

    /** {@code length} bytes at {@code offset} of a buffer or stream. */
    public byte[] readBuffer(String name, long offset, int length) throws HostAccessException {
        Section s = checkedRange(name, offset, length, "read");
        return read(s.vm(), s.address() + offset, length);
    }

    public void writeBuffer(String name, long offset, byte[] data) throws HostAccessException {
        Section s = checkedRange(name, offset, data.length, "write");
        write(s.vm(), s.address() + offset, data);
    }

    public Section buffer(String name) throws HostAccessException {
        Section s = buffers.get(name);
        if (s == null) {
            throw new HostAccessException("no buffer or stream named '" + name + "'");
        }
        return s;
    }

    private Section checkedRange(String name, long offset, int length, String what) throws HostAccessException {
        Section s = buffer(name);
        if (offset < 0 || length < 0 || offset > s.size() - length) {
            throw new HostAccessException(what + " of " + length + " bytes at offset " + offset + " of '" + name
                    + "' runs past its end (size " + s.size() + " bytes)");
        }
        return s;
    }

    AddressSpace addressSpace(String vm) throws HostAccessException {
        AddressSpace as = vms.get(vm);
        if (as == null) {
            throw new HostAccessException("no VM named '" + vm + "'");
        }
        return as;
    }

    /** The physical page of every page the range touches, or an error naming the first unmapped one. */
    private long[] pages(String vm, long va, int length) throws HostAccessException {
        AddressSpace as = addressSpace(vm);
        if (length < 0 || !AddressSpace.validVa(va) || (length > 0 && !AddressSpace.validVa(va + length - 1))) {
            throw new HostAccessException("range of " + length + " bytes at 0x" + Long.toHexString(va)
                    + " is outside the 48-bit GPU address space");
        }
        if (length == 0) {
            return new long[0];
        }
        long first = va >>> PhysicalMemory.PAGE_SHIFT;
        long last = (va + length - 1) >>> PhysicalMemory.PAGE_SHIFT;
        long[] pages = new long[(int) (last - first + 1)];
        for (int i = 0; i < pages.length; i++) {
            long pageVa = (first + i) << PhysicalMemory.PAGE_SHIFT;
            long pa = as.walk(pageVa);
            if (pa < 0) {
                throw new HostAccessException("GPU VA 0x" + Long.toHexString(Math.max(va, pageVa))
                        + " is not mapped in VM " + vm + " (access of " + length + " bytes at 0x"
                        + Long.toHexString(va) + ")");
            }
            pages[i] = pa;
        }
        return pages;
    }
}
