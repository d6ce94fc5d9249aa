package dev.csfstudio.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * How a VM's page tables translate one GPU VA, level by level, as AMD's UMR {@code --vm-decode} prints
 * a walk: for each level the table's physical address, the index the VA selects, the descriptor's
 * address and value and what it says. The walk stops at the first descriptor that is not valid.
 *
 * @param addressSpaceSlot the MMU slot the VM is bound to now, or -1 when none holds it
 * @param rootTable        physical address of the level-0 table (what the slot's TRANSTAB would hold)
 * @param physical         the physical address of {@code va}, when it is mapped
 * @param outcome          one sentence: where the VA lands, or why it does not translate
 */
public record PageWalk(String vm, long va, int addressSpaceSlot, long rootTable, List<Level> levels,
                       OptionalLong physical, String outcome) {

    public PageWalk {
        levels = List.copyOf(levels);
    }

    /** What a descriptor is: a pointer to the next table, a 4 KiB page, or nothing. */
    public enum Kind { TABLE, PAGE, INVALID }

    /**
     * One level of the walk.
     *
     * @param index  bits of the VA that pick the entry ({@code va >> (39 - 9 * level) & 0x1ff})
     * @param output the next table's or the page's physical address (0 for an invalid entry)
     */
    public record Level(int level, long table, int index, long entryAddress, long entry, Kind kind, long output) {

        /** The page's attributes as AArch64 stage-1 descriptors hold them, for a {@link Kind#PAGE} entry. */
        public String attributes() {
            if (kind != Kind.PAGE) {
                return "";
            }
            long ap = (entry >>> 6) & 3;
            String access = switch ((int) ap) {
                case 0 -> "read/write";
                case 1 -> "read/write, user read/write";
                case 2 -> "read-only";
                default -> "read-only, user read-only";
            };
            return String.format(Locale.ROOT, "AF=%d AP=%d (%s) SH=%d AttrIndx=%d nG=%d PXN=%d XN=%d",
                    (entry >>> 10) & 1, ap, access, (entry >>> 8) & 3, (entry >>> 2) & 7, (entry >>> 11) & 1,
                    (entry >>> 53) & 1, (entry >>> 54) & 1);
        }
    }

    /** The walk as text, one line per level and a summary line. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "VA 0x%012x in VM %s (%s), level-0 table at PA 0x%x", va, vm,
                addressSpaceSlot < 0 ? "in no address-space slot now" : "address-space slot " + addressSpaceSlot,
                rootTable));
        for (Level l : levels) {
            String what = switch (l.kind) {
                case TABLE -> String.format(Locale.ROOT, "table -> next table at PA 0x%x", l.output);
                case PAGE -> String.format(Locale.ROOT, "page -> PA 0x%x, %s", l.output, l.attributes());
                case INVALID -> String.format(Locale.ROOT, "invalid (bits[1:0] = %d%d)", (l.entry >>> 1) & 1,
                        l.entry & 1);
            };
            out.add(String.format(Locale.ROOT, "  L%d table PA 0x%x [%3d] entry at PA 0x%x = 0x%016x: %s",
                    l.level, l.table, l.index, l.entryAddress, l.entry, what));
        }
        out.add("  => " + outcome);
        return out;
    }
}
