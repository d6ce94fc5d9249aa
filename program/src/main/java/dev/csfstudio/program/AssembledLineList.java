package dev.csfstudio.program;

import java.util.List;

/**
 * A section's lines in address order, which can also be searched by address: a list that makes its lines on
 * demand (the assembler's) answers a line's address, size and range without making the line and its source text.
 */
public abstract class AssembledLineList extends ImmutableView<AssembledLine> {

    /** The address of line {@code i}. */
    public long address(int i) {
        return get(i).address();
    }

    /** The bytes line {@code i} produced. */
    public int bytes(int i) {
        return get(i).size();
    }

    /** The source range of line {@code i}. */
    public SourceRange range(int i) {
        return get(i).range();
    }

    /** The index of the line that produced the byte at {@code va}, or -1. */
    public int indexAt(long va) {
        // Lines are in address order and their ends (address + max(size, 1)) never decrease, so the first
        // line ending past va is the only candidate. Binary search: fault reports and core dumps ask this
        // for each of their instructions, the runtime for every asynchronous operation it issues, and a
        // stream may hold a million lines.
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (address(mid) + Math.max(bytes(mid), 1) <= va) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < size() && address(lo) <= va ? lo : -1;
    }

    /** {@code lines} itself when it is such a list, else an immutable copy of it. */
    public static AssembledLineList from(List<AssembledLine> lines) {
        return lines instanceof AssembledLineList l ? l : new Copy(List.copyOf(lines));
    }

    private static final class Copy extends AssembledLineList {
        private final List<AssembledLine> lines;

        Copy(List<AssembledLine> lines) {
            this.lines = lines;
        }

        @Override
        public AssembledLine get(int index) {
            return lines.get(index);
        }

        @Override
        public int size() {
            return lines.size();
        }
    }
}
