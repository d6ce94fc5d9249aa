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
    }

    private final Decoder decoder;

    public Disassembler(InstructionSet isa) {
        this.decoder = new Decoder(isa);
    }

    public Decoder decoder() {
        return decoder;
    }

    public String disassemble(long word) {
        return disassemble(word, offset -> null);
    }

    /** Canonical text of the word, or {@code .inst 0x...} when no canonical text assembles back to it. */
    public String disassemble(long word, TargetNamer namer) {
        return canonicalText(word, namer).orElseGet(() -> rawDirective(word));
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

    private String print(DecodedInstruction insn, TargetNamer namer) {
        StringBuilder sb = new StringBuilder(insn.def().mnemonic());
        for (Modifier m : insn.def().modifiers()) {
            m.format(insn.value(m.field())).ifPresent(text -> sb.append('.').append(text));
        }
        String sep = " ";
        for (OperandSpec op : insn.def().operands()) {
            long v = insn.value(op.field());
            if (op.optional() && v == op.field().defaultValue()) {
                continue;
            }
            sb.append(sep);
            sep = ", ";
            switch (op.kind()) {
                case R -> sb.append('r').append(v);
                case D -> sb.append('d').append(v);
                case HEX -> sb.append("#0x").append(Long.toHexString(v));
                case DEC -> sb.append('#').append(v);
                case MEM -> sb.append("[d").append(v).append(']');
                case MEMOFF -> {
                    long off = insn.value(op.fields().get(1));
                    sb.append("[d").append(v).append(off < 0 ? " - " : " + ").append(Math.abs(off)).append(']');
                }
                case REGMASK -> {
                    long mask = insn.value(op.fields().get(1));
                    String join = "";
                    for (int i = 0; i < 16; i++) {
                        if ((mask & (1L << i)) != 0) {
                            sb.append(join).append('r').append(v + i);
                            join = ":";
                        }
                    }
                }
                case REGRANGE -> sb.append('r').append(v).append(":r").append(v + insn.value(op.fields().get(1)) - 1);
                case BYTES8 -> sb.append('#').append(v * 8);
                case TARGET -> {
                    String label = namer.nameFor(v);
                    sb.append(label != null ? label : "#" + v);
                }
            }
        }
        return sb.toString();
    }
}
