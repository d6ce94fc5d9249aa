package dev.csfstudio.runtime.control;

import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import dev.csfstudio.runtime.device.PhysicalMemory;
import dev.csfstudio.runtime.device.StepMeter;

/**
 * The snapshots reverse execution goes back with, by position. A periodic snapshot is taken every
 * {@link #INTERVAL} steps (instructions plus fragment work; the machine splits its runs there), or
 * longer, up to {@link #MAX_INTERVAL}, after an interval whose writes made many frames be copied (a
 * loop of large clears in changing colours): keeping a snapshot costs the frames written after it; any
 * earlier position is reached by restoring the latest usable snapshot before it and re-executing, which
 * is exact because the device is deterministic. Memory is bounded: snapshots share unchanged frames with
 * each other and with the live memory (copy on write), and when the frames only they hold, plus their
 * tables, pass the cap, the oldest snapshots are dropped, which moves the start of history forward.
 */
public final class History {

    /**
     * Steps between periodic snapshots, so that going back re-executes at most this many: half a millisecond of a
     * straight-line loop, about ten of a loop that issues a store and waits for it every few instructions (the
     * asynchronous path; bench/runtime.sh's restore, whose worst case 2^18 took past 20 ms).
     */
    public static final long INTERVAL = 1L << 17;
    /** The longest interval: re-executing it takes about ten milliseconds. */
    static final long MAX_INTERVAL = 1L << 21;
    /** An interval is at least this many times the steps its predecessor's frame copies are worth. */
    private static final long COPY_WEIGHT = 8;
    /** Default bound on what snapshots hold. */
    public static final long DEFAULT_CAP_BYTES = 256L << 20;
    /** Per snapshot besides frames: the frame table's references and each queue's saved state, roughly. */
    private static final long REFERENCE_BYTES = 8, QUEUE_BYTES = 1536;

    private final long cap;
    private final long interval;
    private final int queues;
    private final TreeMap<Long, Entry> snapshots = new TreeMap<>();
    private long bytes;

    /**
     * A snapshot, the frames in it that differ from the next snapshot's (its own memory cost) and the
     * steps until the next periodic snapshot is due.
     */
    private static final class Entry {
        final Snapshot snapshot;
        final long interval;
        long changed;

        Entry(Snapshot snapshot, long interval) {
            this.snapshot = snapshot;
            this.interval = interval;
        }

        long bytes(int queues) {
            return changed * PhysicalMemory.PAGE_SIZE + snapshot.memory().length * REFERENCE_BYTES
                    + (long) queues * QUEUE_BYTES;
        }
    }

    History(long cap, long interval, int queues) {
        this.cap = cap;
        this.interval = interval;
        this.queues = queues;
    }

    long interval() {
        return interval;
    }

    long cap() {
        return cap;
    }

    long bytes() {
        return bytes;
    }

    int size() {
        return snapshots.size();
    }

    /** The oldest position history can go back to. */
    long earliest() {
        return snapshots.firstKey();
    }

    Snapshot oldest() {
        return snapshots.firstEntry().getValue().snapshot;
    }

    /** Whether a periodic snapshot is due at {@code position} after {@code steps} steps. */
    boolean due(long position, long steps) {
        return stepsToNext(position, steps) <= 0;
    }

    /** Steps until the next periodic snapshot is due (at most the interval). */
    long stepsToNext(long position, long steps) {
        Map.Entry<Long, Entry> floor = snapshots.floorEntry(position);
        return floor == null ? 0 : floor.getValue().interval - (steps - floor.getValue().snapshot.steps());
    }

    /** The snapshot to re-execute from to reach {@code position} exactly; null when history starts later. */
    Snapshot usable(long position) {
        Map.Entry<Long, Entry> floor = snapshots.floorEntry(position);
        if (floor != null && (floor.getKey() < position || floor.getValue().snapshot.exact())) {
            return floor.getValue().snapshot;
        }
        Map.Entry<Long, Entry> lower = snapshots.lowerEntry(position);
        return lower == null ? null : lower.getValue().snapshot;
    }

    /** The latest snapshot strictly before {@code position}, or null. */
    Snapshot before(long position) {
        Map.Entry<Long, Entry> lower = snapshots.lowerEntry(position);
        return lower == null ? null : lower.getValue().snapshot;
    }

    /** Whether an edit's snapshot lies after {@code position}: execution from there leaves that timeline. */
    boolean editedAfter(long position) {
        return snapshots.tailMap(position, false).values().stream().anyMatch(e -> e.snapshot.exact());
    }

    /** Adds {@code s}; {@code copies}: frames copied on write since the snapshot before it was taken. */
    void add(Snapshot s, long copies) {
        remove(s.position());
        long copySteps = copies * (PhysicalMemory.PAGE_SIZE / StepMeter.BYTES_PER_STEP);
        Entry e = new Entry(s, Math.max(interval, Math.min(MAX_INTERVAL, COPY_WEIGHT * copySteps)));
        snapshots.put(s.position(), e);
        bytes += e.bytes(queues);
        recount(s.position());
        Map.Entry<Long, Entry> lower = snapshots.lowerEntry(s.position());
        if (lower != null) {
            recount(lower.getKey());
        }
        thin();
    }

    /** Forgets every snapshot at {@code position} or later. */
    void truncateFrom(long position) {
        for (Long key : new ArrayList<>(snapshots.tailMap(position, true).keySet())) {
            bytes -= snapshots.remove(key).bytes(queues);
        }
        if (!snapshots.isEmpty()) {
            recount(snapshots.lastKey());
        }
    }

    private void remove(long position) {
        Entry e = snapshots.remove(position);
        if (e == null) {
            return;
        }
        bytes -= e.bytes(queues);
        Map.Entry<Long, Entry> lower = snapshots.lowerEntry(position);
        if (lower != null) {
            recount(lower.getKey());
        }
    }

    /**
     * Recomputes what the snapshot at {@code position} alone holds: its frames the next snapshot no longer has
     * (written after it), which dropping it frees. Each frame is counted once, by the last snapshot that holds it;
     * the newest shares its frames with the live memory until they are written, and counts them when the next
     * snapshot is taken.
     */
    private void recount(long position) {
        Entry e = snapshots.get(position);
        bytes -= e.bytes(queues);
        Map.Entry<Long, Entry> higher = snapshots.higherEntry(position);
        e.changed = higher == null ? 0 : differing(e.snapshot.memory(), higher.getValue().snapshot.memory());
        bytes += e.bytes(queues);
    }

    private static long differing(byte[][] a, byte[][] b) {
        long n = 0;
        for (int f = 0; f < a.length; f++) {
            if (a[f] != b[f]) {
                n++;
            }
        }
        return n;
    }

    /**
     * Drops the oldest snapshots until the rest fit the cap (the newest stays): the start of history moves
     * forward, and the snapshots kept stay at most {@link #MAX_INTERVAL} apart, so going back anywhere in
     * history costs at most that much re-execution.
     */
    private void thin() {
        while (bytes > cap && snapshots.size() > 1) {
            remove(snapshots.firstKey());
        }
    }
}
