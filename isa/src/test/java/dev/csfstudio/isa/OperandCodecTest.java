package dev.csfstudio.isa;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each operand kind reads a written operand into field values, or names the problem and the part it is about. */
class OperandCodecTest {

    private static final InstructionSet V10 = Arch.V10.instructionSet();
    private static final int REGISTERS = V10.registerCount();

    /** An operand as a reader of source would give it; its value is asked for only where {@code value} is set. */
    private static final class Written extends WrittenOperand {
        private final Shape shape;
        private final List<String> written;
        private final Long given;
        private final OptionalLong distance;

        Written(Shape shape, List<String> written, Long given, OptionalLong distance) {
            this.shape = shape;
            this.written = written;
            this.given = given;
            this.distance = distance;
        }

        @Override
        public Shape shape() {
            return shape;
        }

        static Written name(String name) {
            return new Written(Shape.NAME, List.of(name), null, OptionalLong.empty());
        }

        static Written list(String... names) {
            return new Written(Shape.LIST, List.of(names), null, OptionalLong.empty());
        }

        static Written number(long value) {
            return new Written(Shape.EXPRESSION, List.of(), value, OptionalLong.empty());
        }

        @Override
        public String text() {
            return shape == Shape.EXPRESSION ? "#" + given : String.join(":", written);
        }

        @Override
        public String name(int k) {
            return written.get(k);
        }

        @Override
        public int names() {
            return written.size();
        }

        @Override
        public String symbol() {
            return shape == Shape.NAME ? written.get(0) : null;
        }

        @Override
        public boolean decimalLiteral() {
            return false;
        }

        @Override
        public long value() {
            if (given == null) {
                throw new AssertionError("the value of " + text() + " was asked for");
            }
            return given;
        }

        @Override
        public String valueText() {
            return text();
        }

        @Override
        public OptionalLong branchOffset() {
            return distance;
        }

        @Override
        public boolean hasOffset() {
            return false;
        }
    }

    /** What a codec put and warned. */
    private static final class Recorded implements OperandKind.Fields {
        final List<String> put = new ArrayList<>();
        final List<OperandProblem> warnings = new ArrayList<>();

        @Override
        public void put(OperandSpec spec, int k, long value) {
            put.add(spec.fields().get(k).name() + "=" + value);
        }

        @Override
        public void warn(OperandProblem warning) {
            warnings.add(warning);
        }
    }

    private static InstructionDef first(OperandKind kind) {
        return V10.instructions().stream().filter(d -> d.operands().stream().anyMatch(o -> o.kind() == kind))
                .findFirst().orElseThrow();
    }

    private static OperandSpec spec(InstructionDef def, OperandKind kind) {
        return def.operands().stream().filter(o -> o.kind() == kind).findFirst().orElseThrow();
    }

    private static Optional<OperandProblem> encode(OperandKind kind, WrittenOperand w, Recorded into) {
        InstructionDef def = first(kind);
        return kind.encode(def, spec(def, kind), w, REGISTERS, into);
    }

    @Test
    void aRegisterNameIsReadIntoItsField() {
        Recorded into = new Recorded();
        assertEquals(Optional.empty(), encode(OperandKind.R, Written.name("R5"), into));
        String field = spec(first(OperandKind.R), OperandKind.R).field().name();
        assertEquals(List.of(field + "=5"), into.put);
    }

    @Test
    void aRegisterPastTheFileIsAnErrorAboutThatName() {
        OperandProblem p = encode(OperandKind.R, Written.name("r200"), new Recorded()).orElseThrow();
        assertEquals(OperandProblem.Code.OUT_OF_RANGE, p.code());
        assertEquals(OperandProblem.Where.NAME, p.where());
        assertEquals("register r200 out of range: allowed r0..r" + (REGISTERS - 1), p.message());
    }

    @Test
    void anOddPairIsEncodedWithAWarningSuggestingTheEvenOne() {
        Recorded into = new Recorded();
        assertEquals(Optional.empty(), encode(OperandKind.D, Written.name("d3"), into));
        assertEquals(1, into.put.size());
        OperandProblem warning = into.warnings.get(0);
        assertTrue(warning.code().warning());
        assertEquals(List.of("d2"), warning.suggestions());
    }

    @Test
    void aRegisterListThatDoesNotAscendIsAnErrorAboutTheNameOutOfOrder() {
        OperandProblem p = encode(OperandKind.REGMASK, Written.list("r3", "r1"), new Recorded()).orElseThrow();
        assertEquals(OperandProblem.Code.REGISTER_LIST, p.code());
        assertEquals(OperandProblem.Where.NAME, p.where());
        assertEquals(1, p.token());
    }

    @Test
    void aByteCountIsStoredInEights() {
        Recorded into = new Recorded();
        assertEquals(Optional.empty(), encode(OperandKind.BYTES8, Written.number(64), into));
        assertTrue(into.put.get(0).endsWith("=8"));
    }

    @Test
    void aByteCountThatIsNoMultipleOfEightIsAnErrorAboutItsValue() {
        OperandProblem p = encode(OperandKind.BYTES8, Written.number(12), new Recorded()).orElseThrow();
        assertEquals(OperandProblem.Where.VALUE, p.where());
        assertTrue(p.message().endsWith("must be a multiple of 8"), p.message());
    }

    @Test
    void aLabelTooFarForTheTargetFieldIsABranchRangeError() {
        Written far = new Written(WrittenOperand.Shape.NAME, List.of("far"), null, OptionalLong.of(1L << 40));
        OperandProblem p = encode(OperandKind.TARGET, far, new Recorded()).orElseThrow();
        assertEquals(OperandProblem.Code.BRANCH_RANGE, p.code());
    }

    @Test
    void anOperandOfTheWrongShapeIsAnErrorBeforeAnyValueIsAskedFor() {
        OperandProblem p = encode(OperandKind.HEX, Written.list("r1", "r2"), new Recorded()).orElseThrow();
        assertEquals(OperandProblem.Code.OPERAND_KIND, p.code());
        assertEquals(OperandProblem.Where.OPERAND, p.where());
        assertEquals("expected an immediate, got 'r1:r2'", p.message());
    }
}
