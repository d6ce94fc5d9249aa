package dev.csfstudio.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Every v13 ARITH operation, run on the simulator as the word the table encodes (so the interpreter finds it by
 * opcode and sub-opcode), against a reference model of the operation written bit by bit: A is in r2 (d2), B in r4
 * (d4), the result in r8 (d8), and the operation's fields (immediate, shift, position, width) are any they hold.
 */
class V13ArithmeticPropertiesTest {

    private static final InstructionSet V13 = Arch.V13.instructionSet();
    private static final int A = 2, B = 4, D = 8;

    /** One operation with its field values and its sources' values. */
    record Case(InstructionDef def, Map<String, Long> fields, long a, long b) {
        @Override
        public String toString() {
            return def.mnemonic() + " " + fields + " a=" + Long.toHexString(a) + " b=" + Long.toHexString(b);
        }
    }

    static List<InstructionDef> arithmetic() {
        List<InstructionDef> out = new ArrayList<>();
        for (InstructionDef def : V13.instructions()) {
            if (V13.subOpcodeField(def.opcode()).isPresent()) {
                out.add(def);
            }
        }
        return out;
    }

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.of(arithmetic()).flatMap(def -> {
            Map<String, Arbitrary<Long>> values = new LinkedHashMap<>();
            for (BitField f : def.fields()) {
                if (!List.of("dst", "src", "src0", "src1", InstructionSet.SUB_OPCODE).contains(f.name())) {
                    // small values often, so that bitfields land inside the register as well as past it
                    values.put(f.name(), Arbitraries.oneOf(Arbitraries.longs().between(0, Math.min(f.max(), 70)),
                            Arbitraries.longs().between(0, f.max())));
                }
            }
            Arbitrary<Map<String, Long>> fields = Arbitraries.just(Map.<String, Long>of());
            for (Map.Entry<String, Arbitrary<Long>> e : values.entrySet()) {
                fields = Combinators.combine(fields, e.getValue()).as((m, v) -> {
                    Map<String, Long> next = new LinkedHashMap<>(m);
                    next.put(e.getKey(), v);
                    return next;
                });
            }
            Arbitrary<Long> any = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-70, 70));
            return Combinators.combine(fields, any, any).as((m, a, b) -> new Case(def, m, a, b));
        });
    }

    @Property(tries = 400)
    void everyOperationComputesWhatItsReferenceModelDoes(@ForAll("cases") Case c) {
        int size = c.def().mnemonic().endsWith("64") ? 64 : 32;
        Map<String, Object> fields = new LinkedHashMap<>(c.fields());
        fields.put("dst", D);
        fields.put(c.def().field("src").isPresent() ? "src" : "src1", A);
        if (c.def().field("src0").isPresent()) {
            fields.put("src0", B);
        }
        List<Object> pairs = new ArrayList<>();
        fields.forEach((k, v) -> {
            pairs.add(k);
            pairs.add(v);
        });
        ProgramFixture p = new ProgramFixture(Arch.V13);
        p.stream("main", ExecutionTest.MAIN, move(A, c.a()), move(A + 1, c.a() >>> 32), move(B, c.b()),
                move(B + 1, c.b() >>> 32), ProgramFixture.insn(Arch.V13, c.def().mnemonic(), pairs.toArray()));
        long[] regs = ExecutionTest.run(p).registers();
        long got = size == 32 ? regs[D] : regs[D] | regs[D + 1] << 32;
        assertEquals(Long.toHexString(reference(c, size)), Long.toHexString(got), c.toString());
    }

    @Test
    void anArithWordWhoseSubOpcodeNoOperationHasIsAnUnknownInstruction() {
        ProgramFixture p = new ProgramFixture(Arch.V13);
        p.stream("main", ExecutionTest.MAIN, 0x1007_0808_0000_0000L); // ARITH_IMM32 with sub-opcode 8
        assertEquals(FaultKind.UNKNOWN_OPCODE, ExecutionTest.run(p).fault().kind());
    }

    private static long move(int r, long v) {
        return ProgramFixture.insn(Arch.V13, "MOVE32", "dst", r, "imm", v & 0xffff_ffffL);
    }

    /** The operation on unbounded integers and single bits, reduced to the register's size. */
    static long reference(Case c, int size) {
        String op = c.def().mnemonic().replaceAll("(32|64)$", "");
        BigInteger modulus = BigInteger.ONE.shiftLeft(size);
        BigInteger a = unsigned(c.a(), size);
        BigInteger b = unsigned(c.b(), size);
        long imm = c.fields().getOrDefault("imm", 0L);
        int shift = c.fields().getOrDefault("shift", 0L).intValue();
        int position = c.fields().getOrDefault("position", 0L).intValue();
        int width = c.fields().getOrDefault("width", 0L).intValue();
        BigInteger r = switch (op) {
            case "ADD_IMM" -> a.add(BigInteger.valueOf((int) imm));
            case "ADD" -> a.add(b);
            case "SUB" -> a.subtract(b);
            case "UMIN" -> a.min(b);
            case "UMIN_IMM" -> a.min(BigInteger.valueOf(imm));
            case "LSHIFT" -> a.shiftLeft(b.mod(BigInteger.valueOf(size)).intValue());
            case "LSHIFT_IMM" -> a.shiftLeft(shift);
            case "RSHIFT_U" -> a.shiftRight(b.mod(BigInteger.valueOf(size)).intValue());
            case "RSHIFT_IMM_U" -> a.shiftRight(shift);
            case "RSHIFT_S" -> signed(a, size).shiftRight(b.mod(BigInteger.valueOf(size)).intValue());
            case "RSHIFT_IMM_S" -> signed(a, size).shiftRight(shift);
            case "BFEXT_U", "BFEXT_S" -> {
                BigInteger field = BigInteger.ZERO;
                int top = -1;
                for (int k = 0; k < width && position + k < size; k++) {
                    if (a.testBit(position + k)) {
                        field = field.setBit(k);
                    }
                    top = k;
                }
                yield op.equals("BFEXT_S") && top >= 0 && field.testBit(top)
                        ? field.subtract(BigInteger.ONE.shiftLeft(top + 1)) : field;
            }
            case "BFINS", "BFINS_IMM" -> {
                BigInteger inserted = op.equals("BFINS") ? b : BigInteger.valueOf(imm);
                BigInteger out = a;
                for (int k = 0; k < width && position + k < size; k++) {
                    out = inserted.testBit(k) ? out.setBit(position + k) : out.clearBit(position + k);
                }
                yield out;
            }
            default -> throw new AssertionError("no reference for " + c.def().mnemonic());
        };
        return r.mod(modulus).longValue();
    }

    private static BigInteger unsigned(long v, int size) {
        return new BigInteger(Long.toUnsignedString(v)).mod(BigInteger.ONE.shiftLeft(size));
    }

    private static BigInteger signed(BigInteger v, int size) {
        return v.testBit(size - 1) ? v.subtract(BigInteger.ONE.shiftLeft(size)) : v;
    }
}
