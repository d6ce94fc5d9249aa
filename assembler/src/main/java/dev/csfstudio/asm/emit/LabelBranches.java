package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.SymbolTable;


/**
 * The fixup of a branch to a label ({@link BranchFixups}) after layout: the label found in the symbols and the
 * distance to it put in the target field, as the encoder's path does when the label is in the branch's stream
 * and in range.
 */
public final class LabelBranches {

    private final SymbolTable symbols;
    private final NameScope scope;

    /** {@code scope} records each branch's reference to its label (and tells the unused-label warnings). */
    public LabelBranches(SymbolTable symbols, NameScope scope) {
        this.symbols = symbols;
        this.scope = scope;
    }

    /**
     * Finishes the branch of statement {@code s} (at {@code index} in assembly order, which finds local labels);
     * false, with nothing done, when the name is no label of its stream in range (a constant used as an offset,
     * another stream, undefined, too far): the parser's path evaluates or reports it then.
     */
    public boolean apply(Statement s, BranchFixups branches, int b, int index) {
        int known = branches.label(b);
        int target = known >= 0 ? known : branches.local(b) ? symbols.findLocalId(branches.name(b), index)
                : symbols.labelId(branches.name(b));
        if (target < 0) {
            return false;
        }
        SectionBuilder section = s.section();
        long d = (symbols.labelOffset(target) - (s.offset() + 8)) / 8;
        BitField field = branches.target(b);
        if (symbols.labelSection(target) != section || !field.fits(d)) {
            return false;
        }
        // the only reference this statement makes, made once: no need to check the range for a repeat
        scope.refNewLabel(branches.name(b), s.src().path(), s.lineNo(), branches.column(b), branches.endColumn(b),
                target, section);
        s.emitted(true);
        s.def(branches.def(b));
        s.word(field.insert(branches.word(b), d));
        s.unconditional(branches.unconditional(b));
        s.writeWord();
        return true;
    }
}
