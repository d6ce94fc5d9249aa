package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Which queue groups run, as the Mali-G610's firmware and panthor's scheduler decide it. The firmware
 * exposes {@link #CSG_SLOTS} command stream group slots; a group runs only while it is resident in one.
 * Each round every resident group runs one time slice. While more groups have work than there are slots,
 * they take turns (panthor's tick): groups that can run come before groups blocked on a sync object, and
 * within each kind the groups that waited longest come first; a blocked group counts as runnable once
 * its sync object holds the awaited value (panthor re-evaluates waits the same way). When a group
 * becomes resident its VM gets an address-space slot: the one it holds, else a free one, else the least
 * recently used slot whose VM no resident group needs (panthor's {@code panthor_vm_active}); with eight
 * of each, one is always free of resident groups. A group is named by its first queue (its leader); all its
 * queues are resident together, in the leader's CSG slot.
 */
public final class GroupScheduler {

    /** Command stream group slots of the Mali-G610 firmware (panthor reads the count from the firmware). */
    public static final int CSG_SLOTS = 8;

    private final List<Queue> groups;
    private final Map<Queue, Integer> indexOf = new java.util.IdentityHashMap<>();
    /** Each group's queues, by its leader (the group's first queue), in CS slot order. */
    private final Map<Queue, List<Queue>> members = new java.util.IdentityHashMap<>();
    private final Map<String, AddressSpace> vms;
    private final Mmu mmu;
    private final PhysicalMemory memory;
    /**
     * Groups that may still have work, in the order they get their turn: the longest-waiting first. A
     * group without work leaves for good (every job is submitted before the run starts).
     */
    private final LinkedHashSet<Queue> turns;
    private final Queue[] resident = new Queue[CSG_SLOTS];
    /** Per address-space slot: the round its VM was last used in (for least-recently-used rebinding). */
    private final long[] slotUsed = new long[Mmu.SLOTS];
    private long round;
    private long lastProgress;

    /** {@code vms} in declaration order; the first {@link Mmu#SLOTS} are bound to slots 0, 1, ... */
    GroupScheduler(List<Queue> groups, Map<String, AddressSpace> vms, Mmu mmu, PhysicalMemory memory) {
        this.groups = groups;
        for (int i = 0; i < groups.size(); i++) {
            indexOf.put(groups.get(i), i);
        }
        this.vms = vms;
        this.mmu = mmu;
        this.memory = memory;
        Map<String, Queue> leaders = new java.util.HashMap<>();
        for (Queue q : groups) {
            Queue leader = leaders.computeIfAbsent(q.group, g -> q);
            members.computeIfAbsent(leader, l -> new ArrayList<>()).add(q);
        }
        this.turns = new LinkedHashSet<>(members.keySet().stream().sorted(
                java.util.Comparator.comparingInt(indexOf::get)).toList());
        int slot = 0;
        for (AddressSpace as : vms.values()) {
            if (slot < Mmu.SLOTS) {
                mmu.bind(slot++, as);
            }
        }
        for (Queue q : groups) {
            q.slot = mmu.slotOf(vms.get(q.vm));
        }
    }

    /** Where the scheduler stands (queues by their index in the list it was made with). */
    public record Saved(int[] turns, int[] resident, long[] slotUsed, long round, long lastProgress,
                 AddressSpace[] addressSpaces) {
    }

    public Saved save() {
        int[] residentIndex = new int[CSG_SLOTS];
        for (int s = 0; s < CSG_SLOTS; s++) {
            residentIndex[s] = resident[s] == null ? -1 : indexOf.get(resident[s]);
        }
        return new Saved(turns.stream().mapToInt(indexOf::get).toArray(), residentIndex, slotUsed.clone(), round,
                lastProgress, mmu.bindings());
    }

    public void restore(Saved saved) {
        turns.clear();
        for (int q : saved.turns) {
            turns.add(groups.get(q));
        }
        for (int s = 0; s < CSG_SLOTS; s++) {
            resident[s] = saved.resident[s] < 0 ? null : groups.get(saved.resident[s]);
        }
        System.arraycopy(saved.slotUsed, 0, slotUsed, 0, slotUsed.length);
        round = saved.round;
        lastProgress = saved.lastProgress;
        mmu.rebind(saved.addressSpaces);
    }

    /** The groups that run this round, in CSG slot order; empty when no group has work left. */
    public List<Queue> nextRound() {
        round++;
        List<Queue> wanted = new ArrayList<>(CSG_SLOTS);
        pick(wanted, true);
        pick(wanted, false);
        for (int s = 0; s < CSG_SLOTS; s++) {
            if (resident[s] != null && !wanted.contains(resident[s])) {
                for (Queue m : members.get(resident[s])) {
                    m.csgSlot = -1; // suspended: its state stays in the queue until its next turn
                }
                resident[s] = null;
            }
        }
        for (Queue q : wanted) {
            if (q.csgSlot < 0) {
                int s = 0;
                while (resident[s] != null) {
                    s++;
                }
                resident[s] = q;
                int as = addressSpaceSlot(q);
                for (Queue m : members.get(q)) {
                    m.csgSlot = s;
                    m.slot = as;
                }
            }
        }
        List<Queue> running = new ArrayList<>(wanted.size());
        for (Queue q : resident) {
            if (q != null) {
                for (Queue m : members.get(q)) {
                    if (m.hasWork()) {
                        running.add(m);
                    }
                    m.lastResident = round;
                }
                slotUsed[q.slot] = round;
                turns.remove(q);
                turns.add(q); // to the back of the line
            }
        }
        return running;
    }

    /** Adds groups with work, runnable or blocked as asked, in turn order, while slots are left. */
    private void pick(List<Queue> wanted, boolean runnable) {
        for (Iterator<Queue> it = turns.iterator(); it.hasNext() && wanted.size() < CSG_SLOTS; ) {
            Queue q = it.next();
            if (!hasWork(q)) {
                it.remove();
            } else if (runnable(q) == runnable && !wanted.contains(q)) {
                wanted.add(q);
            }
        }
    }

    /** Whether a group (by its leader) has work: any of its queues has. */
    private boolean hasWork(Queue leader) {
        return members.get(leader).stream().anyMatch(Queue::hasWork);
    }

    /** A group can run when one of its queues with work can. */
    private boolean runnable(Queue leader) {
        return members.get(leader).stream().anyMatch(q -> q.hasWork() && queueRunnable(q));
    }

    private boolean queueRunnable(Queue q) {
        if (q.state != Queue.State.WAITING) {
            return true;
        }
        if (q.oomHeld) {
            return !q.oomUnresolved(); // its tiler job completes once the TILER_OOM handler has returned
        }
        long page = vms.get(q.vm).walk(q.waitAddress);
        if (page < 0) {
            return false;
        }
        long pa = page | (q.waitAddress & PhysicalMemory.PAGE_MASK);
        long current = q.waitWide ? memory.read64(pa) : memory.read32(pa) & 0xffff_ffffL;
        return Interpreter.syncSatisfied(q.waitCond, current, q.waitExpected);
    }

    /** The address-space slot for a group that becomes resident, binding its VM if it has none. */
    private int addressSpaceSlot(Queue q) {
        AddressSpace as = vms.get(q.vm);
        int slot = mmu.slotOf(as);
        if (slot >= 0) {
            return slot;
        }
        int victim = -1;
        for (int s = 0; s < Mmu.SLOTS; s++) {
            if (mmu.slot(s) == null) {
                victim = s;
                break;
            }
            if (!inUse(mmu.slot(s)) && (victim < 0 || slotUsed[s] < slotUsed[victim])) {
                victim = s;
            }
        }
        mmu.bind(victim, as);
        return victim;
    }

    private boolean inUse(AddressSpace as) {
        for (Queue r : resident) {
            if (r != null && vms.get(r.vm) == as) {
                return true;
            }
        }
        return false;
    }

    /**
     * Records whether the round's slices executed anything; true when nothing has run since the last
     * progress and every group with work left has had a turn since: all of them wait for good (false when
     * none has work left).
     */
    public boolean stalled(boolean progressed) {
        if (progressed) {
            lastProgress = round;
            return false;
        }
        boolean work = false;
        for (Queue q : turns) {
            if (hasWork(q) && q.lastResident <= lastProgress) {
                return false;
            }
            work |= hasWork(q);
        }
        return work; // with no work left (the last group was just terminated) the run is over, not stalled
    }
}
