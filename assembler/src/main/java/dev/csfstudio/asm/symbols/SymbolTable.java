package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.expr.UnresolvedException;
import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.SourceRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

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
     * Every global name (labels, constants, sections) in definition order, with what it stands for: its
     * {@link LabelDef}, its {@link ConstantDef}, or {@link #NAME_ONLY} (a section, a name refused). Global labels and
     * constants share one namespace: one lookup finds either.
     */
    private final Map<String, Object> names = new LinkedHashMap<>();
    private static final Object NAME_ONLY = new Object();
    /** Where a name that is no label was first defined, when that was given. */
    private final Map<String, SourceRange> firstDefinitions = new HashMap<>();
    /** Every label (local ones too) in definition order: a label's ordinal is its position. */
    private final List<LabelDef> labels = new ArrayList<>();
    /** Each local label name's definitions, in source order. */
    private final Map<String, List<LabelDef>> localLabels = new HashMap<>();
    private final List<ConstantDef> constantOrder = new ArrayList<>();
    private final List<String> labelNames = new ArrayList<>();

    /** Duplicate definitions are reported to {@code report}. */
    public SymbolTable(Consumer<Diagnostic> report) {
        this.report = report;
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
     * Defines a label at {@code offset} of {@code section}, before statement {@code index}, its name written at
     * {@code range} (on one line). The label, or null when its name is already taken (reported). Local (numeric)
     * labels may repeat.
     */
    public LabelDef defineLabel(String name, SectionBuilder section, long offset, SourceRange range, int index) {
        defining("define label", name);
        LabelDef label = new LabelDef(name, section, offset, range, index, labels.size());
        if (LabelDef.isLocal(name)) {
            localLabels.computeIfAbsent(name, k -> new ArrayList<>()).add(label);
        } else if (names.putIfAbsent(name, label) != null) {
            duplicate(name, range);
            return null;
        } else {
            labelNames.add(name);
        }
        labels.add(label);
        return label;
    }

    /** Defines a constant whose name {@link #claimName} has taken. */
    public void defineConstant(ConstantDef c) {
        defining("define constant", c.name);
        constantOrder.add(c);
        names.put(c.name, c);
    }

    /** Registers a global name; reports a duplicate (with the first definition) and returns false. */
    public boolean claimName(String name, SourceRange range) {
        defining("define", name);
        if (names.containsKey(name)) {
            duplicate(name, range);
            return false;
        }
        names.put(name, NAME_ONLY);
        if (range != null) {
            firstDefinitions.put(name, range);
        }
        return true;
    }

    private void duplicate(String name, SourceRange range) {
        SourceRange first = firstDefinitions.containsKey(name) ? firstDefinitions.get(name)
                : names.get(name) instanceof LabelDef l ? l.range() : null;
        Diagnostic d = Diagnostic.error(range, DiagnosticCode.DUPLICATE_SYMBOL, "'" + name + "' is already defined");
        if (first != null) {
            d = d.withRelated(List.of(new Diagnostic.Related(first, "first defined here")));
        }
        report.accept(d);
    }

    /** Records {@code range} as where a section's name is declared (its first explicit declaration wins). */
    public void declareSection(String name, SourceRange range) {
        defining("declare section", name);
        names.putIfAbsent(name, NAME_ONLY);
        if (range != null) {
            firstDefinitions.put(name, range);
        } else {
            firstDefinitions.remove(name);
        }
    }

    /** Records an implicit section's name unless something took it first. */
    public void declareImplicitSection(String name, SourceRange range) {
        defining("declare section", name);
        if (names.putIfAbsent(name, NAME_ONLY) == null && range != null) {
            firstDefinitions.put(name, range);
        }
    }

    // ------------------------------------------------------------ answering (both phases)

    public boolean isName(String name) {
        return names.containsKey(name);
    }

    /** The global label or the constant {@code name} names, or null: one lookup for either. */
    public Referent defined(String name) {
        return names.get(name) instanceof Referent r ? r : null;
    }

    public LabelDef label(String name) {
        return names.get(name) instanceof LabelDef l ? l : null;
    }

    public boolean isLabel(String name) {
        return label(name) != null;
    }

    public ConstantDef constant(String name) {
        return names.get(name) instanceof ConstantDef c ? c : null;
    }

    public boolean isConstant(String name) {
        return constant(name) != null;
    }

    /** Constants in definition order. */
    public Collection<ConstantDef> constants() {
        return constantOrder;
    }

    /** Labels (local ones too) in definition order. */
    public List<LabelDef> labelsInOrder() {
        return labels;
    }

    public Set<String> names() {
        return names.keySet();
    }

    /** The global labels' names in definition order. */
    public Collection<String> labelNames() {
        return labelNames;
    }

    /** The local label {@code ref} ({@code 1b}, {@code 2f}) names from statement {@code index}, or null. */
    public LabelDef findLocal(String ref, int index) {
        String name = ref.substring(0, ref.length() - 1);
        boolean backward = Character.toLowerCase(ref.charAt(ref.length() - 1)) == 'b';
        List<LabelDef> defs = localLabels.getOrDefault(name, List.of());
        // in source order: binary search, since one name ("1") may be defined many thousand times
        int lo = 0;
        int hi = defs.size();
        while (lo < hi) { // first def with index > this line's
            int mid = (lo + hi) >>> 1;
            if (defs.get(mid).index() <= index) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return backward ? (lo > 0 ? defs.get(lo - 1) : null) : (lo < defs.size() ? defs.get(lo) : null);
    }
}
