package dev.csfstudio.isa;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One instruction of the table: opcode, fields, canonical syntax, pandecode's syntax and documentation.
 *
 * @param explicitFields fields a source line should name a modifier of (their default is not what pandecode's
 *                       text means when the modifier is absent)
 * @param formOf         for a preset form (genxml's MOVE_REG32 is LOGIC_OP32 with mode MOV_A), the instruction
 *                       whose word it writes; its fixed fields are fields without a modifier or operand, holding
 *                       the preset value as their default. Null for the instruction an opcode decodes to.
 * @param semantics      what executing the word does and where control goes next (a preset form has its
 *                       instruction's)
 * @param scoreboard     what it does with the queue's scoreboard (a preset form has its instruction's)
 */
public record InstructionDef(int opcode, String mnemonic, List<String> aliases, String doc,
                             List<BitField> fields, List<Modifier> modifiers, List<OperandSpec> operands,
                             List<String> explicitFields, PandecodeTemplate pandecode, InstructionDef formOf,
                             Semantics semantics, Scoreboard scoreboard) {

    public static final BitField OPCODE = new BitField("opcode", 63, 56, false, 0);

    public InstructionDef {
        aliases = List.copyOf(aliases);
        fields = List.copyOf(fields);
        modifiers = List.copyOf(modifiers);
        operands = List.copyOf(operands);
        explicitFields = List.copyOf(explicitFields);
    }

    /** Whether this is a preset form of another instruction, written as a source spelling only. */
    public boolean isForm() {
        return formOf != null;
    }

    public Optional<BitField> field(String name) {
        for (BitField f : fields) {
            if (f.name().equals(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** Bits owned by the opcode or a field; any other set bit makes a word non-canonical. */
    public long definedBits() {
        long bits = OPCODE.mask();
        for (BitField f : fields) {
            bits |= f.mask();
        }
        return bits;
    }

    /** The word with only the opcode and the fields' default values. */
    public long baseWord() {
        long word = OPCODE.insert(0, opcode);
        for (BitField f : fields) {
            word = f.insert(word, f.defaultValue());
        }
        return word;
    }

    /** Human signature, e.g. {@code BRANCH.<condition> rN, label}. */
    public String signature() {
        StringBuilder sb = new StringBuilder(mnemonic);
        for (Modifier m : modifiers) {
            sb.append(m.required() ? "." : "[.").append(modifierPlaceholder(m)).append(m.required() ? "" : "]");
        }
        String ops = operands.stream()
                .map(o -> o.optional() ? "[" + o.kind().placeholder() + "]" : o.kind().placeholder())
                .collect(Collectors.joining(", "));
        return ops.isEmpty() ? sb.toString() : sb + " " + ops;
    }

    private static String modifierPlaceholder(Modifier m) {
        if (m instanceof Modifier.Flag f) {
            return f.text();
        }
        if (m instanceof Modifier.Choice c) {
            return c.pattern().replace("{}", "<" + c.type().name() + ">");
        }
        return ((Modifier.Number) m).pattern().replace("{}", "<n>");
    }
}
