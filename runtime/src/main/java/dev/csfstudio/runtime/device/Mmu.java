package dev.csfstudio.runtime.device;

import dev.csfstudio.runtime.Access;
import dev.csfstudio.runtime.FaultKind;

/**
 * The GPU MMU: eight address-space slots, each with the page tables of the VM bound to it (which VM is
 * the scheduler's choice, and may change between time slices) and its own
 * TLB (direct mapped, 64 entries) and walk cache (the last-level table of 16 recent 2 MiB regions, so a
 * miss while streaming through a buffer reads one descriptor instead of four). Every GPU access names its
 * slot; there is no "try the other address spaces" fallback (one made a queue
 * whose VM lacked a mapping silently read another VM's memory at the same VA). Page tables are
 * only ever added to, never changed, so neither cache needs invalidating.
 */
public final class Mmu {

    public static final int SLOTS = 8;
    private static final int TLB_ENTRIES = 64;

    private final AddressSpace[] slots = new AddressSpace[SLOTS];
    /** Per slot: virtual page number + 1 (0 = empty) and the physical page address. */
    private final long[][] tlbTag = new long[SLOTS][TLB_ENTRIES];
    private final long[][] tlbPage = new long[SLOTS][TLB_ENTRIES];
    private static final int WALK_CACHE_ENTRIES = 16;
    /** Per slot: 2 MiB region number + 1 (0 = empty) and its last-level table's physical address. */
    private final long[][] walkTag = new long[SLOTS][WALK_CACHE_ENTRIES];
    private final long[][] walkTable = new long[SLOTS][WALK_CACHE_ENTRIES];
    private long walks;
    private long hits;

    /** Binds {@code as} to {@code slot} (unbinding whichever VM held it) with empty TLB and walk cache. */
    public void bind(int slot, AddressSpace as) {
        int old = slotOf(as);
        if (old >= 0 && old != slot) {
            slots[old] = null;
        }
        slots[slot] = as;
        java.util.Arrays.fill(tlbTag[slot], 0);
        java.util.Arrays.fill(walkTag[slot], 0);
    }

    /** Which VM each slot holds (null: none). */
    AddressSpace[] bindings() {
        return slots.clone();
    }

    /** Binds every slot as {@code bindings} says, with empty TLBs and walk caches. */
    void rebind(AddressSpace[] bindings) {
        for (int s = 0; s < SLOTS; s++) {
            slots[s] = bindings[s];
            java.util.Arrays.fill(tlbTag[s], 0);
            java.util.Arrays.fill(walkTag[s], 0);
        }
    }

    public AddressSpace slot(int slot) {
        return slots[slot];
    }

    /** The slot {@code as} is bound to, or -1. */
    public int slotOf(AddressSpace as) {
        for (int i = 0; i < SLOTS; i++) {
            if (slots[i] == as) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The physical address for {@code va} in {@code slot}; a translation fault when nothing maps it, naming the
     * page-table level without a valid descriptor and what the {@code access} was doing.
     */
    public long translate(int slot, long va, Access access) {
        long vpn = va >>> PhysicalMemory.PAGE_SHIFT;
        int i = (int) (vpn & (TLB_ENTRIES - 1));
        long[] tags = tlbTag[slot];
        if (tags[i] == vpn + 1) {
            hits++;
            return tlbPage[slot][i] | (va & PhysicalMemory.PAGE_MASK);
        }
        AddressSpace as = slots[slot];
        walks++;
        long page = as == null ? -1 : walk(slot, as, va);
        if (page < 0) {
            throw new GpuFault(FaultKind.TRANSLATION, va, "translation fault: GPU VA " + GpuFault.hex(va)
                    + " is not mapped in address space " + slot + (as == null ? "" : " (VM " + as.name() + ")"),
                    as == null ? 0 : as.faultLevel(va), access);
        }
        tags[i] = vpn + 1;
        tlbPage[slot][i] = page;
        return page | (va & PhysicalMemory.PAGE_MASK);
    }

    private long walk(int slot, AddressSpace as, long va) {
        if (!AddressSpace.validVa(va)) {
            return -1;
        }
        long region = va >>> 21;
        int w = (int) (region & (WALK_CACHE_ENTRIES - 1));
        long table;
        if (walkTag[slot][w] == region + 1) {
            table = walkTable[slot][w];
        } else {
            table = as.leafTable(va);
            if (table < 0) {
                return -1;
            }
            walkTag[slot][w] = region + 1;
            walkTable[slot][w] = table;
        }
        return as.leafEntry(table, va);
    }

    public long tlbHits() {
        return hits;
    }

    public long tableWalks() {
        return walks;
    }
}
