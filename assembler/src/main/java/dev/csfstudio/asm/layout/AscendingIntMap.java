package dev.csfstudio.asm.layout;

import java.util.Arrays;

/**
 * Values kept for some int keys, put mostly in ascending order and read mostly in that order too: a directive's facts
 * by its statement's row (pass 1 places statements in row order, and the fixups run in it) or by its offset in its
 * section. A read after the last one costs a step or two, not a hash lookup and a boxed key.
 */
public final class AscendingIntMap<T> {

    private int[] rows = new int[16];
    private Object[] values = new Object[16];
    private int count;
    /** Where the last read found its row: the next read in row order starts there. */
    private int cursor;

    /** Keeps {@code value} for key {@code row} (in place of any value kept for it before). */
    public void put(int row, T value) {
        int at = count == 0 || row > rows[count - 1] ? count : Arrays.binarySearch(rows, 0, count, row);
        if (at >= 0 && at < count) {
            values[at] = value;
            return;
        }
        at = at < 0 ? -1 - at : at; // before a later row: rare, kept sorted
        if (count == rows.length) {
            rows = Arrays.copyOf(rows, 2 * count);
            values = Arrays.copyOf(values, 2 * count);
        }
        System.arraycopy(rows, at, rows, at + 1, count - at);
        System.arraycopy(values, at, values, at + 1, count - at);
        rows[at] = row;
        values[at] = value;
        count++;
    }

    /** The value kept for key {@code row}, or null. */
    @SuppressWarnings("unchecked")
    public T get(int row) {
        int i = cursor;
        while (i < count && rows[i] < row) {
            i++;
        }
        if (i >= count || rows[i] != row) {
            i = Arrays.binarySearch(rows, 0, count, row); // out of order: look it up
            if (i < 0) {
                return null;
            }
        }
        cursor = i;
        return (T) values[i];
    }
}
