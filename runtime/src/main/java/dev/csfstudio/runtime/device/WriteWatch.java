package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.DataBreakpoint;
import dev.csfstudio.runtime.DataWrite;
import dev.csfstudio.runtime.HostAccess;
import dev.csfstudio.runtime.HostAccessException;

/**
 * Data breakpoints as the GPU's writes see them. Each range is resolved once into the pieces of physical
 * frames it covers (page tables never change once a program is placed). A GPU write asks
 * {@link #watches} about its frame, one array load, and only a write into a watched frame is compared with
 * the ranges: the instruction's first write into a range keeps the range's old bytes, and
 * {@link #pending} tells the interpreter to stop once the instruction is done. The debugger's own writes
 * go through {@link HostAccess} and are not watched.
 */
public final class WriteWatch {

    /** Whether a hit stops the run (off while history re-executes to a position). */
    public boolean armed = true;
    /** Set by a write into a watched range; cleared by {@link #take} and {@link #discard}. */
    public boolean pending;

    private final HostAccess host;
    private final boolean[] watched;
    private final List<Watch> watches = new ArrayList<>();
    private final Map<DataBreakpoint, Hit> hits = new LinkedHashMap<>();

    /** Frame bytes {@code [from, to)} of {@code frame} hold the VAs from {@code va}. */
    public record Piece(int frame, int from, int to, long va) {
    }

    private record Watch(DataBreakpoint breakpoint, List<Piece> pieces) {
    }

    /** What the current instruction wrote into one range so far. */
    private static final class Hit {
        long valuesAt;
        byte[] before;
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
    }

    WriteWatch(HostAccess host, int frames) {
        this.host = host;
        this.watched = new boolean[frames];
    }

    boolean watches(long pa) {
        return watched[(int) (pa >>> PhysicalMemory.PAGE_SHIFT)];
    }

    /** Adds a range; false when it is already watched. */
    public boolean add(DataBreakpoint breakpoint, List<Piece> pieces) {
        if (watches.stream().anyMatch(w -> w.breakpoint.equals(breakpoint))) {
            return false;
        }
        watches.add(new Watch(breakpoint, List.copyOf(pieces)));
        pieces.forEach(p -> watched[p.frame] = true);
        return true;
    }

    public boolean remove(DataBreakpoint breakpoint) {
        if (!watches.removeIf(w -> w.breakpoint.equals(breakpoint))) {
            return false;
        }
        java.util.Arrays.fill(watched, false);
        watches.forEach(w -> w.pieces.forEach(p -> watched[p.frame] = true));
        return true;
    }

    public List<DataBreakpoint> all() {
        return watches.stream().map(Watch::breakpoint).toList();
    }

    /** Called before the GPU writes {@code length} bytes at {@code pa} (inside one watched frame). */
    void writing(long pa, int length) {
        if (!armed) {
            return;
        }
        int frame = (int) (pa >>> PhysicalMemory.PAGE_SHIFT);
        int from = (int) (pa & PhysicalMemory.PAGE_MASK);
        int to = from + length;
        for (Watch w : watches) {
            for (Piece p : w.pieces) {
                if (p.frame == frame && from < p.to && to > p.from) {
                    long lo = p.va + Math.max(from, p.from) - p.from;
                    long hi = p.va + Math.min(to, p.to) - p.from;
                    Hit hit = hits.get(w.breakpoint);
                    if (hit == null) {
                        hit = firstWrite(w.breakpoint, lo);
                        hits.put(w.breakpoint, hit);
                    }
                    hit.from = Math.min(hit.from, lo);
                    hit.to = Math.max(hit.to, hi);
                    pending = true;
                }
            }
        }
    }

    private Hit firstWrite(DataBreakpoint bp, long at) {
        Hit hit = new Hit();
        hit.valuesAt = bp.length() <= DataWrite.VALUE_LIMIT ? bp.va() : at;
        hit.before = read(bp, hit.valuesAt, (int) Math.min(DataWrite.VALUE_LIMIT, bp.end() - hit.valuesAt));
        return hit;
    }

    /** The writes of the instruction just done, with the values now; clears them. */
    public List<DataWrite> take() {
        List<DataWrite> out = new ArrayList<>(hits.size());
        hits.forEach((bp, hit) -> {
            long lo = Math.max(hit.from, hit.valuesAt);
            long hi = Math.min(hit.to, hit.valuesAt + hit.before.length);
            int off = (int) (lo - hit.valuesAt);
            int n = (int) Math.max(0, hi - lo);
            byte[] before = java.util.Arrays.copyOfRange(hit.before, off, off + n);
            out.add(new DataWrite(bp, hit.from, hit.to, lo, before, read(bp, lo, n)));
        });
        discard();
        return out;
    }

    public void discard() {
        hits.clear();
        pending = false;
    }

    private byte[] read(DataBreakpoint bp, long va, int length) {
        try {
            return host.read(bp.vm(), va, length);
        } catch (HostAccessException e) {
            throw new IllegalStateException("a watched range is no longer mapped: " + e.getMessage(), e);
        }
    }
}
