package dev.csfstudio.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An optional operand (SET_EXCEPTION_HANDLER's exception type) is printed whatever its value, its default too: the
 * canonical text never relies on a left-out operand meaning its default, which pandecode's text leaves out.
 */
class OptionalOperandTest {

    @ParameterizedTest
    @EnumSource(Arch.class)
    void theExceptionTypeIsPrintedAtItsDefault(Arch arch) {
        InstructionDef def = arch.instructionSet().byMnemonic("SET_EXCEPTION_HANDLER").orElseThrow();
        long defaultType = def.operands().get(2).field().defaultValue();
        assertEquals("SET_EXCEPTION_HANDLER d4, r6, #" + defaultType,
                new Disassembler(arch.instructionSet()).disassemble(0x1900_0406_0000_0000L | defaultType));
    }

    static Stream<Object[]> optionalOperands() {
        return Stream.of(Arch.values()).flatMap(arch -> arch.instructionSet().instructions().stream()
                .flatMap(def -> def.operands().stream().filter(OperandSpec::optional)
                        .map(op -> new Object[] {arch, def.mnemonic(), def, op})));
    }

    /** The assembler's warning for a left-out optional operand says pandecode writes every value that way. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("optionalOperands")
    void everyOptionalOperandIsOnePandecodesTextLeavesOut(Arch arch, String mnemonic, InstructionDef def, OperandSpec op) {
        assertFalse(def.pandecode().printedFields().contains(op.field()), mnemonic + " " + op.field().name());
    }
}
