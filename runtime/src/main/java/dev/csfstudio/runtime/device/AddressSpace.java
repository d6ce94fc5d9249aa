package dev.csfstudio.runtime.device;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import dev.csfstudio.runtime.PageWalk;

/**
 * One GPU virtual address space: AArch64 long-descriptor page tables with a 4 KiB granule and a 48-bit
 * virtual address (four levels, 9 index bits each), stored in {@link PhysicalMemory} like the real ones.
 * Table and page descriptors have bits [1:0] = 0b11 and the next level's (or the page's) physical
 * address in bits [47:12]; pages also set the access flag (bit 10).
 */
public final class AddressSpace {

    public static final int VA_BITS = 48;
    static final long DESCRIPTOR_VALID = 0b11;
    public static final long ACCESS_FLAG = 1L << 10;
    public static final long OUTPUT_ADDRESS = 0x0000_ffff_ffff_f000L;

    private final String name;
    private final PhysicalMemory memory;
    private final long root;
    private int tableFrames = 1;

    public AddressSpace(String name, PhysicalMemory memory) {
        this.name = name;
        this.memory = memory;
        this.root = memory.allocateFrame();
    }

    public String name() {
        return name;
    }

    /** Physical address of the level-0 table (what the AS slot's TRANSTAB register would hold). */
    public long rootTable() {
        return root;
    }

    public int tableFrames() {
        return tableFrames;
    }

    public static boolean validVa(long va) {
        return va >= 0 && va < (1L << VA_BITS);
    }

    /** Maps the page holding {@code va} to the frame at {@code pa}, creating tables on the way. */
    public void map(long va, long pa) {
        if (!validVa(va)) {
            throw new IllegalArgumentException("0x" + Long.toHexString(va) + " is outside the 48-bit address space");
        }
        long table = root;
        for (int level = 0; level < 3; level++) {
            long entryPa = table + index(va, level) * 8L;
            long entry = memory.read64(entryPa);
            if ((entry & DESCRIPTOR_VALID) != DESCRIPTOR_VALID) {
                long next = memory.allocateFrame();
                tableFrames++;
                memory.write64(entryPa, next | DESCRIPTOR_VALID);
                table = next;
            } else {
                table = entry & OUTPUT_ADDRESS;
            }
        }
        memory.write64(table + index(va, 3) * 8L, (pa & OUTPUT_ADDRESS) | ACCESS_FLAG | DESCRIPTOR_VALID);
    }

    /** The physical address of the page holding {@code va}, or -1 when no valid descriptor maps it. */
    public long walk(long va) {
        if (!validVa(va)) {
            return -1;
        }
        long table = root;
        for (int level = 0; level < 4; level++) {
            long entry = memory.read64(table + index(va, level) * 8L);
            if ((entry & DESCRIPTOR_VALID) != DESCRIPTOR_VALID) {
                return -1;
            }
            table = entry & OUTPUT_ADDRESS;
        }
        return table;
    }

    /**
     * The page-table level whose descriptor for {@code va} is not valid (0 to 3), which names the translation
     * fault; -1 when the VA is outside the address space; 4 when it is mapped.
     */
    int faultLevel(long va) {
        if (!validVa(va)) {
            return -1;
        }
        PageWalk walk = describeWalk(va, -1);
        return walk.physical().isPresent() ? 4 : walk.levels().get(walk.levels().size() - 1).level();
    }

    /** The physical address of the last-level table covering {@code va}'s 2 MiB, or -1 when there is none. */
    long leafTable(long va) {
        if (!validVa(va)) {
            return -1;
        }
        long table = root;
        for (int level = 0; level < 3; level++) {
            long entry = memory.read64(table + index(va, level) * 8L);
            if ((entry & DESCRIPTOR_VALID) != DESCRIPTOR_VALID) {
                return -1;
            }
            table = entry & OUTPUT_ADDRESS;
        }
        return table;
    }

    /** The page {@code va} maps to according to last-level table {@code leafTable}, or -1. */
    long leafEntry(long leafTable, long va) {
        long entry = memory.read64(leafTable + index(va, 3) * 8L);
        return (entry & DESCRIPTOR_VALID) == DESCRIPTOR_VALID ? entry & OUTPUT_ADDRESS : -1;
    }

    /** The walk of {@code va} level by level (see {@link PageWalk}); {@code slot}: the VM's MMU slot or -1. */
    public PageWalk describeWalk(long va, int slot) {
        List<PageWalk.Level> levels = new ArrayList<>();
        if (!validVa(va)) {
            return new PageWalk(name, va, slot, root, levels, OptionalLong.empty(),
                    GpuFault.hex(va) + " is outside the " + VA_BITS + "-bit GPU address space");
        }
        long table = root;
        for (int level = 0; level < 4; level++) {
            long entryPa = table + index(va, level) * 8L;
            long entry = memory.read64(entryPa);
            boolean valid = (entry & DESCRIPTOR_VALID) == DESCRIPTOR_VALID;
            PageWalk.Kind kind = !valid ? PageWalk.Kind.INVALID : level == 3 ? PageWalk.Kind.PAGE : PageWalk.Kind.TABLE;
            long output = valid ? entry & OUTPUT_ADDRESS : 0;
            levels.add(new PageWalk.Level(level, table, index(va, level), entryPa, entry, kind, output));
            if (!valid) {
                return new PageWalk(name, va, slot, root, levels, OptionalLong.empty(), "not mapped: the level-"
                        + level + " descriptor is not valid, so an access faults (translation fault)");
            }
            table = output;
        }
        long pa = table | (va & PhysicalMemory.PAGE_MASK);
        return new PageWalk(name, va, slot, root, levels, OptionalLong.of(pa), "PA " + GpuFault.hex(pa));
    }

    public boolean isMapped(long va) {
        return walk(va) >= 0;
    }

    private static int index(long va, int level) {
        return (int) ((va >>> (39 - 9 * level)) & 0x1ff);
    }
}
