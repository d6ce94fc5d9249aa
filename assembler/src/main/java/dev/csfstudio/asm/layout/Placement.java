package dev.csfstudio.asm.layout;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Where pass 1 puts each statement: the sections by name in declaration order, the VMs, the VM and section in
 * force, and each statement's section and offset.
 */
public final class Placement {

    /** The name of the stream, VM and queue a program has when it declares none. */
    public static final String DEFAULT_NAME = "main";
    public static final int MAX_VMS = 8;

    private final Map<String, SectionBuilder> sections = new LinkedHashMap<>();
    private final List<String> vms = new ArrayList<>(List.of(DEFAULT_NAME));
    /** Streams opened by the first statement that needed one, not (yet) by {@code .stream}. */
    private final Set<String> implicit = new HashSet<>();
    /** Tells the symbols of an implicit stream's name and declaration. */
    private final BiConsumer<String, SourceRange> implicitDeclared;
    private String currentVm = DEFAULT_NAME;
    private SectionBuilder current;
    /** The first instruction or data ({@code .arch} must come before it). */
    private SourceRange firstContent;

    public Placement(BiConsumer<String, SourceRange> implicitDeclared) {
        this.implicitDeclared = implicitDeclared;
    }

    /** The sections by name, in declaration order (the map the name scope reads). */
    public Map<String, SectionBuilder> sections() {
        return sections;
    }

    public List<String> vms() {
        return vms;
    }

    public String currentVm() {
        return currentVm;
    }

    public SourceRange firstContent() {
        return firstContent;
    }

    /**
     * The section in force for the statement at line {@code line} of {@code file}: the stream {@code main} when none is,
     * opened if need be (declared at that line).
     */
    public SectionBuilder section(Path file, int line) {
        if (current == null) {
            current = sections.get(DEFAULT_NAME);
            if (current == null) {
                current = openImplicit(DEFAULT_NAME, SourceRange.at(file, line, 1, 1));
            }
        }
        return current;
    }

    /** {@link #section(Path, int)} for statement {@code s}. */
    public SectionBuilder section(Statement s) {
        return section(s.src().path(), s.lineNo());
    }

    /**
     * The section in force, or null when none is yet (the next statement opens {@code main}) or when nothing has been
     * placed yet: what a run of placed statements needs to know to skip {@link #section}'s and {@link #place}'s checks.
     */
    public SectionBuilder placingInto() {
        return firstContent == null ? null : current;
    }

    /** Makes {@code section} the one that follows; null: the default again, when next needed. */
    public void enter(SectionBuilder section) {
        current = section;
    }

    /** Makes {@code vm} the VM of the sections that follow (a diagnostic at {@code at} past {@link #MAX_VMS}). */
    public void enterVm(String vm, SourceRange at) {
        if (!vms.contains(vm)) {
            if (vms.size() >= MAX_VMS) {
                throw DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE, "at most " + MAX_VMS
                        + " VMs (GPU address spaces) are available");
            }
            vms.add(vm);
        }
        currentVm = vm;
        current = null;
    }

    /** A new section of the VM in force, declared at {@code declaration}. */
    public SectionBuilder open(String name, SectionKind kind, SourceRange declaration) {
        SectionBuilder sec = new SectionBuilder(name, kind, currentVm, declaration, sections.size());
        sections.put(name, sec);
        return sec;
    }

    /** Whether {@code name} was opened implicitly and is now declared (its first {@code .stream} is this one). */
    public boolean declareImplicit(String name) {
        return implicit.remove(name);
    }

    /** Every program has an entry stream, maybe empty: {@code main} at {@code at} unless it has a stream. */
    public void ensureStream(SourceRange at) {
        for (SectionBuilder s : sections.values()) {
            if (s.kind == SectionKind.STREAM) {
                return;
            }
        }
        if (!sections.containsKey(DEFAULT_NAME)) {
            openImplicit(DEFAULT_NAME, at);
        }
    }

    private SectionBuilder openImplicit(String name, SourceRange range) {
        SectionBuilder sb = open(name, SectionKind.STREAM, range);
        implicit.add(name);
        implicitDeclared.accept(name, range);
        return sb;
    }

    /**
     * Puts an instruction in the section in force, which must be a stream (else {@code where} says so, null:
     * the statement's range, made only then).
     */
    public void placeInstruction(Statement s, SourceRange where) {
        SectionBuilder sec = section(s);
        if (sec.kind != SectionKind.STREAM) {
            s.skip(true);
            throw DiagnosticException.error(where != null ? where : s.range(), DiagnosticCode.MISPLACED_STATEMENT,
                    "instruction in buffer '" + sec.name + "'; instructions belong in a .stream");
        }
        place(s, sec, 8);
        s.instruction(true);
    }

    /**
     * After lint: gives every section its lines, the rows of {@code table} listed in {@code emitted} (in order).
     * Mostly each section's rows are one run of the list (a section is written from its start to its end, before
     * the next is opened): each section's lines are then a view of its run, with no second list of a million rows.
     */
    public void giveLines(StatementTable table, int[] emitted) {
        Map<SectionBuilder, AssembledLines> runs = new IdentityHashMap<>();
        int start = 0;
        SectionBuilder sec = emitted.length == 0 ? null : table.get(emitted[0]).section();
        for (int i = 1; i <= emitted.length; i++) {
            SectionBuilder next = i < emitted.length ? table.get(emitted[i]).section() : null;
            if (next == sec) {
                continue;
            }
            if (runs.put(sec, new AssembledLines(table, emitted, start, i)) != null) {
                giveResumedLines(table, emitted);
                return;
            }
            start = i;
            sec = next;
        }
        for (Map.Entry<SectionBuilder, AssembledLines> e : runs.entrySet()) {
            e.getKey().lines = e.getValue();
        }
    }

    /** {@link #giveLines} where a section was resumed after another: each section's rows gathered into a list of its own. */
    private static void giveResumedLines(StatementTable table, int[] emitted) {
        Map<SectionBuilder, int[]> rows = new IdentityHashMap<>();
        Map<SectionBuilder, Integer> counts = new IdentityHashMap<>();
        for (int row : emitted) {
            counts.merge(table.get(row).section(), 1, Integer::sum);
        }
        for (Map.Entry<SectionBuilder, Integer> e : counts.entrySet()) {
            rows.put(e.getKey(), new int[e.getValue()]);
            e.setValue(0);
        }
        for (int row : emitted) {
            SectionBuilder sec = table.get(row).section();
            int n = counts.get(sec);
            rows.get(sec)[n] = row;
            counts.put(sec, n + 1);
        }
        for (Map.Entry<SectionBuilder, int[]> e : rows.entrySet()) {
            e.getKey().lines = new AssembledLines(table, e.getValue(), 0, e.getValue().length);
        }
    }

    /** Gives {@code s} the next {@code size} bytes of {@code sec}. */
    public void place(Statement s, SectionBuilder sec, long size) {
        if (sec.cursor + size > Layout.MAX_SECTION_BYTES) {
            throw DiagnosticException.error(s.range(), DiagnosticCode.OUT_OF_RANGE, "section '" + sec.name
                    + "' would grow beyond " + Layout.MAX_SECTION_BYTES + " bytes");
        }
        if (firstContent == null) {
            firstContent = s.range();
        }
        s.place(sec, (int) sec.cursor, (int) size);
        sec.cursor += size;
    }
}
