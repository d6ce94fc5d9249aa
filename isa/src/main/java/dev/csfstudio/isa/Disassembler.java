package dev.csfstudio.isa;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/** Prints instruction words in the canonical syntax; words without one print as {@code .inst 0x...}. */
public final class Disassembler {

    /** Names the target of a branch with the given offset from the next instruction, or returns null. */
    @FunctionalInterface
    public interface TargetNamer {
        String nameFor(long offset);

        /** Names no target: branches print their offsets. */
        TargetNamer NONE = new TargetNamer() { // a class, not a lambda: no invokedynamic link at start-up
            @Override
            public String nameFor(long offset) {
                return null;
            }
        };
    }

    private final Decoder decoder;

    public Disassembler(InstructionSet isa) {
        this.decoder = new Decoder(isa);
    }

    public Decoder decoder() {
        return decoder;
    }

    public String disassemble(long word) {
        return disassemble(word, TargetNamer.NONE);
    }

    /** Canonical text of the word, or {@code .inst 0x...} when no canonical text assembles back to it. */
    public String disassemble(long word, TargetNamer namer) {
        Optional<String> text = canonicalText(word, namer);
        return text.isPresent() ? text.get() : rawDirective(word);
    }

    /** Canonical text, empty for unknown opcodes and non-canonical words. */
    public Optional<String> canonicalText(long word, TargetNamer namer) {
        Optional<DecodedInstruction> decoded = decoder.decode(word);
        if (decoded.isEmpty() || !decoder.isCanonical(decoded.get())) {
            return Optional.empty();
        }
        return Optional.of(print(decoded.get(), namer));
    }

    /** The raw-word directive every word can be written as. */
    public static String rawDirective(long word) {
        return ".inst 0x" + HEX.toHexDigits(word); // String.format was most of disassembling random words
    }

    private static final HexFormat HEX = HexFormat.of();

    /** mesa's spelling of a word whose opcode is unknown, e.g. {@code UNKNOWN_10 0x1234}. */
    public static String unknownText(long word) {
        return String.format(Locale.ROOT, "UNKNOWN_%d 0x%x", word >>> 56, word & 0x00ff_ffff_ffff_ffffL);
    }

    /**
     * The canonical text of {@code word} as an instruction of {@code def} (branch targets as offsets), as this class
     * prints a canonical word: every operand, an optional one too (its default is no operand's meaning).
     */
    public static String text(InstructionDef def, long word) {
        return print(new DecodedInstruction(word, def), TargetNamer.NONE);
    }

    private static String print(DecodedInstruction insn, TargetNamer namer) {
        StringBuilder sb = new StringBuilder(insn.def().mnemonic());
        for (Modifier m : insn.def().modifiers()) {
            Optional<String> text = m.format(insn.value(m.field()));
            if (text.isPresent()) {
                sb.append('.').append(text.get());
            }
        }
        String sep = " ";
        for (OperandSpec op : insn.def().operands()) {
            sb.append(sep);
            sep = ", ";
            op.print(sb, insn.word(), namer);
        }
        return sb.toString();
    }
}
