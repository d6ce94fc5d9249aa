package dev.csfstudio.asm.symbols;

import dev.csfstudio.asm.layout.SectionBuilder;

import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.program.SymbolReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The symbol and reference tables of an assembly's result, built when first asked for from what the assembly
 * recorded (no longer changing then); it holds only those records, not the assembly.
 */
public final class SymbolIndex {
    private final List<SectionBuilder> sections;
    private final List<LabelDef> labels;
    private final List<ConstantDef> constants;
    private final References references;
    private List<Symbol> symbols;
    /** Labels are records and constants identities; a section's referent is equal for one section. */
    private final Map<Referent, Symbol> symbolOf = new HashMap<>();

    public SymbolIndex(List<SectionBuilder> sections, List<LabelDef> labels, List<ConstantDef> constants,
                       References references) {
        this.sections = sections;
        this.labels = labels;
        this.constants = constants;
        this.references = references;
    }

    public synchronized List<Symbol> symbols() {
        if (symbols != null) {
            return symbols;
        }
        List<Symbol> out = new ArrayList<>();
        for (SectionBuilder s : sections) {
            Symbol sym = new Symbol(s.name, s.kind == SectionKind.STREAM ? SymbolKind.STREAM : SymbolKind.BUFFER,
                    s.address, s.declaration, s.name);
            symbolOf.put(new SectionReferent(s), sym);
            out.add(sym);
        }
        for (LabelDef l : labels) {
            Symbol sym = new Symbol(l.name(), l.local() ? SymbolKind.LOCAL_LABEL : SymbolKind.LABEL,
                    l.section().address + l.offset(), l.range(), l.section().name);
            symbolOf.put(l, sym);
            out.add(sym);
        }
        for (ConstantDef c : constants) {
            long v = c.current != null ? c.current : 0;
            Symbol sym = new Symbol(c.name, SymbolKind.CONSTANT, v, c.range, null);
            symbolOf.put(c, sym);
            out.add(sym);
        }
        symbols = out;
        return out;
    }

    /** Global symbols by name: local numeric labels are not in it. */
    public Map<String, Symbol> globals() {
        Map<String, Symbol> table = new LinkedHashMap<>();
        for (Symbol s : symbols()) {
            if (s.kind() != SymbolKind.LOCAL_LABEL) {
                table.put(s.name(), s);
            }
        }
        return table;
    }

    public synchronized List<SymbolReference> references(java.util.function.ToIntFunction<Path> fileIndex) {
        symbols();
        List<SymbolReference> refs = new ArrayList<>(references.size());
        for (Reference r : references.all(labels::get)) {
            refs.add(new SymbolReference(r.name(), r.range(), r.target() == null ? null : symbolOf.get(r.target())));
        }
        refs.sort(Comparator.comparingInt((SymbolReference x) -> fileIndex.applyAsInt(x.range().file()))
                .thenComparingInt(x -> x.range().line()).thenComparingInt(x -> x.range().column()));
        return refs;
    }
}
