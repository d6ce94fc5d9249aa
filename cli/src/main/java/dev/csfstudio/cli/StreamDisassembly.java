package dev.csfstudio.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.BitSet;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

import dev.csfstudio.isa.DecodedInstruction;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Execution;
import dev.csfstudio.isa.Semantics;

/**
 * Source text for a run of instruction words: canonical text per word, a label line before every branch
 * target inside the run (the end counts: a branch may leave the stream), {@code .inst} for words that have
 * no canonical text. The text assembles back to the same words.
 */
final class StreamDisassembly {

    private final Disassembler disassembler;

    StreamDisassembly(Arch arch) {
        this.disassembler = new Disassembler(arch.instructionSet());
    }

    /**
     * Writes the text of {@code words} to {@code out} as it goes, in two passes over them (branch targets,
     * then text): only the positions of labels are kept (a bit per instruction), not the text or the words.
     *
     * @param labelName names the label of the instruction at an index (0..words.count())
     */
    void write(Writer out, InstructionWords words, IntFunction<String> labelName) throws IOException {
        int count = words.count();
        BitSet labels = new BitSet(count + 1);
        words.forEach((i, word) -> {
            long target = branchTarget(word, i);
            if (target >= 0 && target <= count) {
                labels.set((int) target);
            }
        });
        words.forEach((position, word) -> {
            if (labels.get(position)) {
                out.write(labelName.apply(position));
                out.write(":\n");
            }
            String text = disassembler.disassemble(word, offset -> {
                long target = position + 1 + offset;
                return target >= 0 && target <= count && labels.get((int) target) ? labelName.apply((int) target)
                        : null;
            });
            out.write("    ");
            out.write(text);
            out.write('\n');
        });
        if (labels.get(count)) {
            out.write(labelName.apply(count));
            out.write(":\n");
        }
    }

    /** The instruction index a canonical branch at {@code position} goes to, or -1 when the word is none. */
    private long branchTarget(long word, int position) {
        Optional<DecodedInstruction> decoded = disassembler.decoder().decode(word);
        if (decoded.isEmpty() || !disassembler.decoder().isCanonical(decoded.get())) {
            return -1;
        }
        Semantics s = decoded.get().def().semantics();
        return s.flow() == Execution.Flow.BRANCH
                ? position + 1L + s.role("offset").orElseThrow().extract(decoded.get().word()) : -1;
    }

    /** Labels named after addresses, {@code L_<hex>}, like mesa's {@code label_<hex>}. */
    static IntFunction<String> addressLabels(long base) {
        return index -> String.format(Locale.ROOT, "L_%x", base + 8L * index);
    }
}
