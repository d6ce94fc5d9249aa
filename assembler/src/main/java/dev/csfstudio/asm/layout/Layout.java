package dev.csfstudio.asm.layout;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** Section addresses in each VM's GPU address space, after pass 1 has sized every section. */
public final class Layout {

    public static final long PAGE = 4096;
    public static final long VA_LIMIT = 1L << 48;
    /** The largest section: keeps every offset in an int. */
    public static final long MAX_SECTION_BYTES = 1L << 28;

    private Layout() {
    }

    /**
     * Gives every section of every VM its address (fixed {@code at=} first, the rest from {@code base} in
     * declaration order, page aligned, around the fixed ones) and its contents their final size; problems are returned.
     */
    public static List<Diagnostic> place(Collection<SectionBuilder> sections, List<String> vms, long base) {
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (String vm : vms) {
            List<SectionBuilder> in = new ArrayList<>();
            for (SectionBuilder s : sections) {
                if (s.vm.equals(vm)) {
                    in.add(s);
                }
            }
            List<SectionBuilder> fixed = new ArrayList<>();
            for (SectionBuilder s : in) {
                if (s.fixedSize != null && s.cursor > s.fixedSize) {
                    diagnostics.add(Diagnostic.error(s.declaration, DiagnosticCode.SECTION_SIZE, "contents of '" + s.name + "' ("
                            + s.cursor + " bytes) exceed its size=" + s.fixedSize));
                }
                if (s.at != null) {
                    if (s.at % s.align != 0) {
                        diagnostics.add(Diagnostic.error(s.declaration, DiagnosticCode.ALIGNMENT, "'" + s.name + "' at 0x"
                                + Long.toHexString(s.at) + " is not aligned to " + s.align + " bytes"));
                    }
                    s.address = s.at;
                    fixed.add(s);
                }
            }
            if (fixed.size() > 1) { // the comparator's link is start-up work a program without two at= never needs
                fixed.sort(Comparator.comparingLong(s -> s.address));
            }
            for (int i = 1; i < fixed.size(); i++) {
                SectionBuilder a = fixed.get(i - 1);
                SectionBuilder b = fixed.get(i);
                if (b.address < a.address + Math.max(a.size(), 1)) {
                    diagnostics.add(overlap(b, a));
                }
            }
            long cursor = base;
            for (SectionBuilder s : in) {
                if (s.at != null) {
                    continue;
                }
                long a = Math.max(s.align, PAGE);
                long addr = alignUp(cursor, a);
                boolean moved = true;
                while (moved) {
                    moved = false;
                    for (SectionBuilder f : fixed) {
                        if (addr < f.address + Math.max(f.size(), 1) && f.address < addr + Math.max(s.size(), 1)) {
                            addr = alignUp(f.address + Math.max(f.size(), 1), a);
                            moved = true;
                        }
                    }
                }
                s.address = addr;
                cursor = addr + Math.max(s.size(), 1);
            }
            for (SectionBuilder s : in) {
                if (s.address + s.size() > VA_LIMIT || s.address < 0) {
                    diagnostics.add(Diagnostic.error(s.declaration, DiagnosticCode.OUT_OF_RANGE, "'" + s.name
                            + "' does not fit below the 48-bit VA limit"));
                }
                s.fixSize();
            }
        }
        return diagnostics;
    }

    /**
     * The error that {@code sections} (in declaration order) hold more than {@code limit} bytes together, at the
     * declaration of the one that passes it; null when they fit. Checked before layout makes any section's array.
     */
    public static Diagnostic overReserved(Collection<SectionBuilder> sections, long limit) {
        long total = 0;
        for (SectionBuilder s : sections) {
            total += s.size();
            if (total > limit) {
                return Diagnostic.error(s.declaration, DiagnosticCode.SECTION_SIZE, "'" + s.name + "' (" + s.size()
                        + " bytes) brings the sections to " + total + " bytes; one assembly reserves at most " + limit
                        + " bytes" + (limit % (1 << 20) == 0 ? " (" + (limit >> 20) + " MiB)" : "") + " in all");
            }
        }
        return null;
    }

    private static Diagnostic overlap(SectionBuilder b, SectionBuilder a) {
        Diagnostic d = Diagnostic.error(b.declaration, DiagnosticCode.OVERLAP, "'" + b.name + "' at 0x" + Long.toHexString(b.address)
                + " overlaps '" + a.name + "' (0x" + Long.toHexString(a.address) + "..0x"
                + Long.toHexString(a.address + a.size()) + ") in VM '" + b.vm + "'");
        if (a.declaration != null) {
            d = d.withRelated(List.of(new Diagnostic.Related(a.declaration, "'" + a.name + "' declared here")));
        }
        return d;
    }

    public static long alignUp(long v, long a) {
        return (v + a - 1) & -a;
    }
}
