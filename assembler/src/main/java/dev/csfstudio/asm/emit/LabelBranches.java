package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.isa.InstructionDef;
import java.util.List;
import java.util.OptionalLong;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.asm.symbols.SymbolTable;


/**
 * The fixup of a branch to a label ({@link BranchToLabel}) after layout: the label found in the symbols and the
 * distance to it encoded into the target field by the one encoder, as the parser's path does when the label is in
 * the branch's stream and in range.
 */
public final class LabelBranches {

    private final SymbolTable symbols;
    private final NameScope scope;
    private final int registers;
    private final InstructionEncoder.Word word = new InstructionEncoder.Word();
    private final Distance distance = new Distance();

    /**
     * {@code scope} records each branch's reference to its label (and tells the unused-label warnings); the register
     * file has {@code registers}.
     */
    public LabelBranches(SymbolTable symbols, NameScope scope, int registers) {
        this.symbols = symbols;
        this.scope = scope;
        this.registers = registers;
    }

    /** A branch target whose value is the distance to its label. */
    private static final class Distance extends EvaluatedOperands {
        long instructions;

        @Override
        public long value() {
            return instructions;
        }

        @Override
        public String valueText() {
            return "#" + instructions;
        }

        @Override
        public OptionalLong branchOffset() {
            return OptionalLong.of(instructions);
        }
    }

    /**
     * Finishes the branch of statement {@code s} (at {@code index} in assembly order, which finds local labels);
     * false, with nothing done, when the name is no label of its stream in range (a constant used as an offset,
     * another stream, undefined, too far): the parser's path evaluates or reports it then.
     */
    public boolean apply(Statement s, BranchToLabel branch, int index) {
        int target = branch.local() ? symbols.findLocalId(branch.name(), index) : symbols.labelId(branch.name());
        if (target < 0) {
            return false;
        }
        SectionBuilder section = s.section();
        if (symbols.labelSection(target) != section) {
            return false;
        }
        InstructionDef def = branch.def();
        distance.instructions = (symbols.labelOffset(target) - (s.offset() + 8)) / 8;
        distance.start();
        word.encode(def, branch.word(), List.of(ControlFlow.targetOperand(def)), registers, distance);
        if (distance.refused) {
            return false;
        }
        // the only reference this statement makes, made once: no need to check the range for a repeat
        scope.refNewLabel(branch.name(), s.src().path(), s.lineNo(), branch.column(), branch.endColumn(), target,
                section);
        s.emitted(true);
        s.def(def);
        s.word(word.word());
        s.unconditional(branch.unconditional());
        s.writeWord();
        return true;
    }
}
