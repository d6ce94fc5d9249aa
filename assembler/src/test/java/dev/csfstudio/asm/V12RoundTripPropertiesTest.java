package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionSet;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any v12 word, decoded and printed by the v12 disassembler, assembles back to itself after {@code .arch v12}. */
class V12RoundTripPropertiesTest {

    private static final InstructionSet ISA = Arch.V12.instructionSet();
    private static final Disassembler DISASSEMBLER = new Disassembler(ISA);

    @Provide
    Arbitrary<Long> canonicalWords() {
        return CanonicalWords.of(ISA);
    }

    @Property(tries = 2000)
    void disassembledCanonicalWordAssemblesToItself(@ForAll("canonicalWords") long word) {
        String text = DISASSEMBLER.disassemble(word);
        AssemblyResult r = Sources.assemble(".arch v12\n" + text + "\n");
        assertFalse(r.hasErrors(), () -> text + ": " + r.errors());
        assertEquals(Long.toHexString(word), Long.toHexString(r.program().entrySection().word(0)), text);
        assertEquals(List.of(), RoundTripPropertiesTest.spellingWarnings(r), text);
    }

    @Property(tries = 500)
    void anyWordAssemblesBackFromItsDisassembly(@ForAll long word) {
        String text = DISASSEMBLER.disassemble(word);
        AssemblyResult r = Sources.assemble(".arch v12\n" + text + "\n");
        assertFalse(r.hasErrors(), () -> text + ": " + r.errors());
        assertEquals(word, r.program().entrySection().word(0), text);
    }
}
