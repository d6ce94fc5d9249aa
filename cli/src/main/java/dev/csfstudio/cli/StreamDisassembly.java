package dev.csfstudio.cli;

import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
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
     * Appends the text of {@code words} to {@code out}.
     *
     * @param labelName names the label of the instruction at an index (0..words.length)
     */
    void append(StringBuilder out, long[] words, IntFunction<String> labelName) {
        TreeMap<Integer, String> labels = new TreeMap<>();
        for (int i = 0; i < words.length; i++) {
            branchTarget(words[i], i).filter(t -> t >= 0 && t <= words.length)
                    .ifPresent(t -> labels.computeIfAbsent(t, labelName::apply));
        }
        for (int i = 0; i < words.length; i++) {
            String label = labels.get(i);
            if (label != null) {
                out.append(label).append(":\n");
            }
            int position = i;
            String text = disassembler.disassemble(words[i], offset -> {
                long target = position + 1 + offset;
                return target >= 0 && target <= words.length ? labels.get((int) target) : null;
            });
            out.append("    ").append(text).append('\n');
        }
        String end = labels.get(words.length);
        if (end != null) {
            out.append(end).append(":\n");
        }
    }

    /** The instruction index a canonical branch at {@code position} goes to, if the word is one. */
    private Optional<Integer> branchTarget(long word, int position) {
        Optional<DecodedInstruction> decoded = disassembler.decoder().decode(word);
        if (decoded.isEmpty() || !disassembler.decoder().isCanonical(decoded.get())) {
            return Optional.empty();
        }
        for (OperandSpec op : decoded.get().def().operands()) {
            if (op.kind() == OperandKind.TARGET) {
                long target = position + 1L + decoded.get().value(op.field());
                return target >= Integer.MIN_VALUE && target <= Integer.MAX_VALUE
                        ? Optional.of((int) target) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Labels named after addresses, {@code L_<hex>}, like mesa's {@code label_<hex>}. */
    static IntFunction<String> addressLabels(long base) {
        return index -> String.format(Locale.ROOT, "L_%x", base + 8L * index);
    }
}
