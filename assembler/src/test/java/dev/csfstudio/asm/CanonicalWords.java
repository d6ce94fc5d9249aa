package dev.csfstudio.asm;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Decoder;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** Random canonical words of an instruction set: every instruction, its fields random. */
final class CanonicalWords {

    private CanonicalWords() {
    }

    static Arbitrary<Long> of(InstructionSet isa) {
        Decoder decoder = new Decoder(isa);
        List<InstructionDef> defs = isa.instructions();
        return Arbitraries.randomValue(random -> {
            InstructionDef def = defs.get(random.nextInt(defs.size()));
            long word = def.baseWord();
            for (BitField f : def.fields()) {
                long raw = random.nextLong();
                // Small values half of the time, so register and enum fields are often valid.
                long v = random.nextBoolean() ? Math.floorMod(raw, isa.registerCount()) : raw;
                word = f.insert(word, v);
            }
            return word;
        }).filter(w -> decoder.decode(w).map(decoder::isCanonical).orElse(false));
    }
}
