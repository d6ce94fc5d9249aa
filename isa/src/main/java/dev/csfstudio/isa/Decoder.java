package dev.csfstudio.isa;

import java.util.Optional;

/** Splits instruction words into fields and tells whether a word has a canonical text form. */
public final class Decoder {

    private final InstructionSet isa;

    public Decoder(InstructionSet isa) {
        this.isa = isa;
    }

    public InstructionSet isa() {
        return isa;
    }

    /** The decoded instruction, empty for an opcode the table does not know. */
    public Optional<DecodedInstruction> decode(long word) {
        Optional<InstructionDef> def = isa.byWord(word);
        return def.isEmpty() ? Optional.empty() : Optional.of(new DecodedInstruction(word, def.get()));
    }

    /**
     * Whether the canonical text of this instruction assembles back to exactly this word: no stray bits,
     * every modifier value has a name, registers exist, register lists start at their base register.
     */
    public boolean isCanonical(DecodedInstruction insn) {
        InstructionDef def = insn.def();
        long word = insn.word();
        if ((word & ~def.definedBits()) != 0) {
            return false;
        }
        long expressed = InstructionDef.OPCODE.mask();
        for (Modifier m : def.modifiers()) {
            expressed |= m.field().mask();
            if (!m.printable(insn.value(m.field()))) {
                return false;
            }
        }
        int regs = isa.registerCount();
        for (OperandSpec op : def.operands()) {
            for (BitField f : op.fields()) {
                expressed |= f.mask();
            }
            if (!op.kind().canonical(op.first(word), op.second(word), regs)) {
                return false;
            }
        }
        // Fields no modifier or operand can express must hold their default value.
        for (BitField f : def.fields()) {
            if ((expressed & f.mask()) == 0 && insn.value(f) != f.defaultValue()) {
                return false;
            }
        }
        return true;
    }
}
