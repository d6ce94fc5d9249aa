package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;

/**
 * An instruction whose only symbolic operand is a branch target naming a label ({@code name}, or a local
 * reference like {@code 1b}, at columns {@code column..endColumn}): {@code word} holds everything but that
 * field, which its fixup fills in once the label has an address.
 */
public record BranchToLabel(InstructionDef def, long word, boolean unconditional, BitField target, String name,
                            boolean local, int column, int endColumn) implements Fixup {

    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.branch(s, index, this);
    }
}
