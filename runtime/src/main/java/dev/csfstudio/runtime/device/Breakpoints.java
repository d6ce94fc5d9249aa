package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.InstructionBreakpoint;

/**
 * Instruction breakpoints, each stamped into the decoded page of the physical frame its VA maps to
 * ({@link DecodedPage#STAMP}). A page decoded again after a write to its frame is stamped again from
 * here, so the interpreter's loop never asks whether a breakpoint is set; it only looks here when it
 * meets a stamp. Page tables never change once a program is placed, so a VA's frame stays its frame.
 */
public final class Breakpoints {

    /** Whether a stamped instruction stops the run (off while history re-executes to a position). */
    public boolean armed = true;
    /** Each breakpoint with its physical address. */
    private final Map<InstructionBreakpoint, Long> physical = new LinkedHashMap<>();
    /** Per frame, the slots stamped (a slot appears once per breakpoint on it). */
    private final Map<Integer, List<Integer>> slotsByFrame = new HashMap<>();

    /** Whether a breakpoint is set on {@code va} of {@code vm} (a stamp on an aliasing frame is not enough). */
    boolean contains(String vm, long va) {
        return physical.containsKey(new InstructionBreakpoint(vm, va));
    }

    /** Adds {@code bp}, whose VA translates to {@code pa}; returns the frame to decode again, or -1 if it was set. */
    public int add(InstructionBreakpoint bp, long pa) {
        if (physical.putIfAbsent(bp, pa) != null) {
            return -1;
        }
        int frame = (int) (pa >>> PhysicalMemory.PAGE_SHIFT);
        slotsByFrame.computeIfAbsent(frame, f -> new ArrayList<>()).add(slot(pa));
        return frame;
    }

    /** Removes {@code bp}; returns the frame to decode again, or -1 if it was not set. */
    public int remove(InstructionBreakpoint bp) {
        Long pa = physical.remove(bp);
        if (pa == null) {
            return -1;
        }
        int frame = (int) (pa >>> PhysicalMemory.PAGE_SHIFT);
        List<Integer> slots = slotsByFrame.get(frame);
        slots.remove(Integer.valueOf(slot(pa)));
        if (slots.isEmpty()) {
            slotsByFrame.remove(frame);
        }
        return frame;
    }

    public List<InstructionBreakpoint> all() {
        return List.copyOf(physical.keySet());
    }

    /** Stamps the breakpoints of {@code frame} into its freshly decoded page. */
    void stampInto(int frame, DecodedPage page) {
        List<Integer> slots = slotsByFrame.get(frame);
        if (slots != null) {
            for (int slot : slots) {
                page.stamp(slot, true);
            }
        }
    }

    private static int slot(long pa) {
        return (int) (pa & PhysicalMemory.PAGE_MASK) >>> 3;
    }
}
