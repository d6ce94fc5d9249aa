package dev.csfstudio.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.BitSet;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

import dev.csfstudio.isa.DecodedInstruction;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandKind;
import dev.csfstudio.isa.OperandSpec;

/**
 * Source text for a run of instruction words: canonical text per word, a label line before every branch
 * target inside the run (the end counts: a branch may leave the stream), {@code .inst} for words that have
 * no canonical text. The text assembles back to the same words.
 */
final class StreamDisassembly {

    private final Disassembler disassembler = new Disassembler(InstructionSet.v10());

    /**
     * Writes the text of {@code words} to {@code out} as it goes: only the positions of labels are kept
     * (a bit per instruction), not the text.
     *
     * @param labelName names the label of the instruction at an index (0..words.length)
     */
    void write(Writer out, long[] words, IntFunction<String> labelName) throws IOException {
        BitSet labels = new BitSet(words.length + 1);
        for (int i = 0; i < words.length; i++) {
            long target = branchTarget(words[i], i);
            if (target >= 0 && target <= words.length) {
                labels.set((int) target);
            }
        }
        for (int i = 0; i < words.length; i++) {
            if (labels.get(i)) {
                out.write(labelName.apply(i));
                out.write(":\n");
            }
            int position = i;
            String text = disassembler.disassemble(words[i], offset -> {
                long target = position + 1 + offset;
                return target >= 0 && target <= words.length && labels.get((int) target) ? labelName.apply((int) target)
                        : null;
            });
            out.write("    ");
            out.write(text);
            out.write('\n');
        }
        if (labels.get(words.length)) {
            out.write(labelName.apply(words.length));
            out.write(":\n");
        }
    }

    /** The instruction index a canonical branch at {@code position} goes to, or -1 when the word is none. */
    private long branchTarget(long word, int position) {
        Optional<DecodedInstruction> decoded = disassembler.decoder().decode(word);
        if (decoded.isEmpty() || !disassembler.decoder().isCanonical(decoded.get())) {
            return -1;
        }
        for (OperandSpec op : decoded.get().def().operands()) {
            if (op.kind() == OperandKind.TARGET) {
                return position + 1L + decoded.get().value(op.field());
            }
        }
        return -1;
    }

    /** Labels named after addresses, {@code L_<hex>}, like mesa's {@code label_<hex>}. */
    static IntFunction<String> addressLabels(long base) {
        return index -> String.format(Locale.ROOT, "L_%x", base + 8L * index);
    }
}
