package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Canonical text carries every bit: any canonical word, printed, reads back to itself on v10 and v12. */
class CanonicalTextPropertiesTest {

    @Provide
    Arbitrary<Long> v10Words() {
        return canonicalWords(InstructionSet.v10());
    }

    @Provide
    Arbitrary<Long> v12Words() {
        return canonicalWords(InstructionSet.v12());
    }

    /** Random field values (register-sized half of the time, so registers and names are often valid). */
    static Arbitrary<Long> canonicalWords(InstructionSet isa) {
        List<InstructionDef> defs = isa.instructions();
        Decoder decoder = new Decoder(isa);
        return Arbitraries.randomValue(random -> {
            InstructionDef def = defs.get(random.nextInt(defs.size()));
            long word = def.baseWord();
            for (BitField f : def.fields()) {
                long raw = random.nextLong();
                word = f.insert(word, random.nextBoolean() ? Math.floorMod(raw, isa.registerCount()) : raw);
            }
            return word;
        }).filter(w -> decoder.decode(w).map(decoder::isCanonical).orElse(false));
    }

    @Property(tries = 2000)
    void v12CanonicalWordReadsBackFromItsText(@ForAll("v12Words") long word) {
        assertRoundTrip(InstructionSet.v12(), word);
    }

    @Property(tries = 1000)
    void v10CanonicalWordReadsBackFromItsText(@ForAll("v10Words") long word) {
        assertRoundTrip(InstructionSet.v10(), word);
    }

    private static void assertRoundTrip(InstructionSet isa, long word) {
        String text = new Disassembler(isa).disassemble(word);
        assertEquals(Long.toHexString(word), Long.toHexString(new CanonicalReader(isa).read(text)), text);
    }

    /** What each preset form computes, in the words of its name (cs_builder.h's cs_and32, cs_bit_set32, ...). */
    private static final Map<String, IntBinaryOperator> FORM_MEANING = Map.of(
            "MOVE_REG32", (a, b) -> a, "AND32", (a, b) -> a & b, "OR32", (a, b) -> a | b, "XOR32", (a, b) -> a ^ b,
            "NOT32", (a, b) -> ~a, "BIT_SET32", (a, b) -> a | 1 << b, "BIT_CLEAR32", (a, b) -> a & ~(1 << b));

    @Property(tries = 500)
    void v12PresetFormWritesTheLogicOpItsNameSays(@ForAll("forms") InstructionDef form, @ForAll int a,
                                                  @ForAll @IntRange(min = 0, max = 31) int b,
                                                  @ForAll @IntRange(min = 0, max = 127) int rd) {
        InstructionSet isa = InstructionSet.v12();
        Map<String, Long> operands = new HashMap<>(Map.of("dst", (long) rd, "src0", 1L));
        if (form.field("src1").isPresent()) {
            operands.put("src1", 2L);
        }
        long word = Encoder.encode(form, operands);
        DecodedInstruction insn = new Decoder(isa).decode(word).orElseThrow();
        assertEquals(form.formOf(), insn.def());
        assertEquals(FORM_MEANING.get(form.mnemonic()).applyAsInt(a, b),
                logicOp32((int) insn.value("mode"), insn.value("index") == 1, a, b), new Disassembler(isa).disassemble(word));
        assertEquals(word, new CanonicalReader(isa).read(new Disassembler(isa).disassemble(word)));
    }

    @Provide
    Arbitrary<InstructionDef> forms() {
        return Arbitraries.of(InstructionSet.v12().forms());
    }

    /** decode_csf.c's LOGIC_OP32: mode is the truth table (bit 0: a and b, 1: a and not b, 2: not a and b, 3: neither). */
    private static int logicOp32(int mode, boolean index, int a, int b) {
        int bb = index ? 1 << b : b;
        int result = 0;
        for (int i = 0; i < 32; i++) {
            int x = a >>> i & 1;
            int y = bb >>> i & 1;
            result |= (mode >> (2 * (1 - x) + (1 - y)) & 1) << i;
        }
        return result;
    }
}
