package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.symbols.LabelDef;
import dev.csfstudio.asm.symbols.References;
import dev.csfstudio.asm.symbols.SymbolTable;

import java.util.function.Consumer;

/**
 * The fixup of a branch to a label ({@link BranchToLabel}) after layout: the label found in the symbols and the
 * distance to it put in the target field, as the encoder's path does when the label is in the branch's stream
 * and in range.
 */
public final class LabelBranches {

    private final SymbolTable symbols;
    private final References references;
    private final Consumer<LabelDef> used;

    /** {@code used} hears of each label a branch names (for unused-label warnings). */
    public LabelBranches(SymbolTable symbols, References references, Consumer<LabelDef> used) {
        this.symbols = symbols;
        this.references = references;
        this.used = used;
    }

    /**
     * Finishes the branch of statement {@code s} (at {@code index} in assembly order, which finds local labels);
     * false, with nothing done, when the name is no label of its stream in range (a constant used as an offset,
     * another stream, undefined, too far): the parser's path evaluates or reports it then.
     */
    public boolean apply(Statement s, BranchToLabel b, int index) {
        LabelDef target = target(b, index);
        long d = target == null ? 0 : (target.offset() - (s.offset() + 8)) / 8;
        if (target == null || target.section() != s.section() || !b.target().fits(d)) {
            return false;
        }
        // the only reference this statement makes, made once: no need to check the range for a repeat
        references.addNew(b.name(), s.src().path(), s.lineNo(), b.column(), b.endColumn(), target);
        used.accept(target);
        s.emitted(true);
        s.def(b.def());
        s.word(b.target().insert(b.word(), d));
        s.unconditional(b.unconditional());
        s.writeWord();
        return true;
    }

    /** The label the branch names, or null. Only reads the symbol maps. */
    private LabelDef target(BranchToLabel b, int index) {
        if (b.local()) {
            return symbols.findLocal(b.name(), index);
        }
        return symbols.defined(b.name()) instanceof LabelDef l ? l : null;
    }
}
