package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.nio.file.Path;
import java.util.AbstractCollection;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * The program's names in two phases. While {@link Phase#DEFINING} (pass 1) labels, constants and section
 * names are defined in source order and no address is known; {@link #freeze} ends that before layout, and
 * from then on ({@link Phase#RESOLVING}) the table only answers: a definition after the freeze is a defect
 * and throws, an address asked for before it is {@link UnresolvedException} (the use becomes a fixup).
 */
public final class SymbolTable {

    public enum Phase { DEFINING, RESOLVING }

    private Phase phase = Phase.DEFINING;
    private final Consumer<Diagnostic> report;
    /**
     * Every global name (labels, constants, sections), with its owner (a label's id + 1, {@code -1 - constant}'s
     * position, or, for a name that stands for neither, {@link #UNOWNED}{@code - position} in {@link #unowned}) and
     * its first definition ({@link #OWNER}, {@link #NO_RANGE} or {@code -2 - position} in {@link #otherRanges}).
     * Global labels and constants share one namespace: one lookup finds either.
     */
    private final NameTable names = new NameTable(this::nameOf);
    /** The owners of names that stand for no label and no constant (sections, names refused): from here down. */
    private static final int UNOWNED = -(1 << 30);
    private final List<String> unowned = new ArrayList<>();
    /** The first definition is the label that owns the name (what a label's name starts with: nothing to write). */
    private static final int OWNER = 0;
    private static final int NO_RANGE = -1;
    private final List<SourceRange> otherRanges = new ArrayList<>();
    private final LabelTable labels = new LabelTable();
    /** Each local label name's definitions, by label id in source order. */
    private final Map<String, LocalDefinitions> localLabels = new HashMap<>();

    /** The ids of one local label name's definitions, in source order. */
    private static final class LocalDefinitions {
        int[] ids = new int[4];
        int count;
    }
    private final List<ConstantDef> constantOrder = new ArrayList<>();
    private int localLabelCount;

    /** Duplicate definitions are reported to {@code report}. */
    public SymbolTable(Consumer<Diagnostic> report) {
        this.report = report;
    }

    /** The name an owner of {@link #names} has. */
    private String nameOf(int owner) {
        return owner > 0 ? labels.name(owner - 1) : owner <= UNOWNED ? unowned.get(UNOWNED - owner)
                : constantOf(owner).name;
    }

    /** An owner that stands for nothing but the name {@code name}. */
    private int unowned(String name) {
        unowned.add(name);
        return UNOWNED - (unowned.size() - 1);
    }

    public Phase phase() {
        return phase;
    }

    /** Whether the definitions are over: layout has given (or is giving) every label its address. */
    public boolean addressesKnown() {
        return phase == Phase.RESOLVING;
    }

    /** Ends the definitions: layout may now give labels their addresses. */
    public void freeze() {
        defining("freeze", null);
        phase = Phase.RESOLVING;
    }

    /** Throws {@link UnresolvedException} for {@code name} while addresses are not known yet. */
    public void requireAddresses(String name, SourceRange range) {
        if (phase == Phase.DEFINING) {
            throw new UnresolvedException(name, range);
        }
    }

    /** Refuses a definition after the freeze; {@code what} and {@code name} make the message (only then). */
    private void defining(String what, String name) {
        if (phase != Phase.DEFINING) {
            throw new IllegalStateException("the symbol table is frozen: cannot " + what + (name == null ? "" : " '" + name + "'")
                    + " after layout");
        }
    }

    // ------------------------------------------------------------ defining

    /**
     * Defines a label at {@code offset} of {@code section}, before statement {@code index}, written at columns
     * {@code column..endColumn} of {@code line} of {@code file} (its range is made only if it is reported). The
     * label's id, or -1 when its name is already taken (reported). Local (numeric) labels may repeat.
     */
    public int defineLabel(String name, SectionBuilder section, long offset, Path file, int line, int column,
                           int endColumn, int index) {
        defining("define label", name);
        if (LabelDef.isLocal(name)) {
            return defineLocal(name, labels.add(name, section, offset, file, line, column, endColumn, index));
        }
        int slot = names.add(name, labels.size() + 1, OWNER); // the id its row is about to have
        if (slot < 0) {
            duplicate(name, new SourceRange(file, line, column, line, endColumn), -1 - slot);
            return -1;
        }
        return labels.add(name, section, offset, file, line, column, endColumn, index);
    }

    /** {@link #defineLabel} of a label whose name is at {@code range} (on one line); its view, or null. */
    public LabelDef defineLabel(String name, SectionBuilder section, long offset, SourceRange range, int index) {
        int id = defineLabel(name, section, offset, range.file(), range.line(), range.column(), range.endColumn(), index);
        return id < 0 ? null : labels.get(id);
    }

    private int defineLocal(String name, int id) {
        LocalDefinitions defs = localLabels.get(name);
        if (defs == null) {
            defs = new LocalDefinitions();
            localLabels.put(name, defs);
        } else if (defs.count == defs.ids.length) {
            defs.ids = Arrays.copyOf(defs.ids, 2 * defs.count);
        }
        defs.ids[defs.count++] = id;
        localLabelCount++;
        return id;
    }

    /** The label of id {@code id} (as {@link #defineLabel} gave it). */
    public LabelDef label(int id) {
        return labels.get(id);
    }

    /** Defines a constant whose name {@link #claimName} has taken. */
    public void defineConstant(ConstantDef c) {
        defining("define constant", c.name);
        int slot = names.find(c.name);
        constantOrder.add(c);
        names.owner(slot, -constantOrder.size()); // -1 - its position
    }

    /** Registers a global name; reports a duplicate (with the first definition) and returns false. */
    public boolean claimName(String name, SourceRange range) {
        defining("define", name);
        int slot = names.find(name);
        if (slot >= 0) {
            duplicate(name, range, slot);
            return false;
        }
        names.add(name, unowned(name), rangeCode(range));
        return true;
    }

    private int rangeCode(SourceRange range) {
        if (range == null) {
            return NO_RANGE;
        }
        otherRanges.add(range);
        return -1 - otherRanges.size();
    }

    /** The first definition of the name at {@code slot}, or null when none was written. */
    private SourceRange first(int slot) {
        int code = names.first(slot);
        return code == OWNER ? labels.range(names.owner(slot) - 1) : code == NO_RANGE ? null : otherRanges.get(-2 - code);
    }

    private void duplicate(String name, SourceRange range, int slot) {
        SourceRange first = first(slot);
        Diagnostic d = Diagnostic.error(range, DiagnosticCode.DUPLICATE_SYMBOL, "'" + name + "' is already defined");
        if (first != null) {
            d = d.withRelated(List.of(new Diagnostic.Related(first, "first defined here")));
        }
        report.accept(d);
    }

    /** Records {@code range} as where a section's name is declared (its first explicit declaration wins). */
    public void declareSection(String name, SourceRange range) {
        defining("declare section", name);
        int slot = names.find(name);
        if (slot < 0) {
            slot = names.add(name, unowned(name), NO_RANGE);
        }
        names.first(slot, rangeCode(range));
    }

    /** Records an implicit section's name unless something took it first. */
    public void declareImplicitSection(String name, SourceRange range) {
        defining("declare section", name);
        if (names.find(name) < 0) {
            names.add(name, unowned(name), rangeCode(range));
        }
    }

    // ------------------------------------------------------------ answering (both phases)

    public boolean isName(String name) {
        return names.find(name) >= 0;
    }

    /** The global label or the constant {@code name} names, or null: one lookup for either. */
    public Referent defined(String name) {
        int v = owner(name);
        return v > 0 ? labels.get(v - 1) : constantOf(v);
    }

    /** The owner of the global name {@code name} ({@link #names}), or 0 when it is no name. */
    private int owner(String name) {
        int slot = names.find(name);
        return slot < 0 ? 0 : names.owner(slot);
    }

    /** The constant an owner stands for, or null when it stands for none. */
    private ConstantDef constantOf(int owner) {
        return owner < 0 && owner > UNOWNED ? constantOrder.get(-1 - owner) : null;
    }

    /** The id of the global label {@code name}, or -1 when it names no label. */
    public int labelId(String name) {
        int v = owner(name);
        return v > 0 ? v - 1 : -1;
    }

    public LabelDef label(String name) {
        int id = labelId(name);
        return id < 0 ? null : labels.get(id);
    }

    public boolean isLabel(String name) {
        return labelId(name) >= 0;
    }

    public ConstantDef constant(String name) {
        return constantOf(owner(name));
    }

    public boolean isConstant(String name) {
        return constant(name) != null;
    }

    /** Constants in definition order. */
    public Collection<ConstantDef> constants() {
        return constantOrder;
    }

    /** Labels (local ones too) in definition order, each made when asked for. */
    public List<LabelDef> labelsInOrder() {
        return new AbstractList<>() {
            @Override
            public LabelDef get(int index) {
                return labels.get(Objects.checkIndex(index, labels.size()));
            }

            @Override
            public int size() {
                return labels.size();
            }
        };
    }

    public Set<String> names() {
        return names.names();
    }

    /** The global labels' names, a view read only when iterated (suggestions within their budget). */
    public Collection<String> labelNames() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<String> iterator() {
                return IntStream.range(0, labels.size()).mapToObj(labels::name).filter(n -> !LabelDef.isLocal(n)).iterator();
            }

            @Override
            public int size() {
                return labels.size() - localLabelCount;
            }
        };
    }

    /** The local label {@code ref} ({@code 1b}, {@code 2f}) names from statement {@code index}, or null. */
    public LabelDef findLocal(String ref, int index) {
        String name = ref.substring(0, ref.length() - 1);
        boolean backward = Character.toLowerCase(ref.charAt(ref.length() - 1)) == 'b';
        LocalDefinitions defs = localLabels.get(name);
        int[] ids = defs == null ? null : defs.ids;
        int n = defs == null ? 0 : defs.count;
        // ids are in source order: binary search, since one name ("1") may be defined many thousand times
        int lo = 0;
        int hi = n;
        while (lo < hi) { // first def with index > this line's
            int mid = (lo + hi) >>> 1;
            if (labels.index(ids[mid]) <= index) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int id = backward ? (lo > 0 ? ids[lo - 1] : -1) : (lo < n ? ids[lo] : -1);
        return id < 0 ? null : labels.get(id);
    }
}
