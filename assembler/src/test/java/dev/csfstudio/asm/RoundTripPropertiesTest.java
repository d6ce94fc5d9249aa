package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any canonical word, printed by the disassembler, assembles back to the same word. */
class RoundTripPropertiesTest {

    private static final InstructionSet ISA = InstructionSet.v10();
    private static final Disassembler DISASSEMBLER = new Disassembler(ISA);

    @Provide
    Arbitrary<Long> canonicalWords() {
        return CanonicalWords.of(ISA);
    }

    @Property(tries = 2000)
    void disassembledCanonicalWordAssemblesToItself(@ForAll("canonicalWords") long word) {
        String text = DISASSEMBLER.disassemble(word);
        AssemblyResult r = Sources.assemble(text + "\n");
        assertFalse(r.hasErrors(), () -> text + ": " + r.errors());
        assertEquals(Long.toHexString(word), Long.toHexString(r.program().entrySection().word(0)), text);
        assertEquals(List.of(), spellingWarnings(r), text);
    }

    /** Warnings that the text is not the word's canonical one (a left-out operand, pandecode's spelling). */
    static List<Diagnostic> spellingWarnings(AssemblyResult r) {
        return r.warnings().stream().filter(w -> w.code() == DiagnosticCode.PANDECODE_SPELLING).toList();
    }

    @Property(tries = 500)
    void anyWordSurvivesAsRawDirective(@ForAll long word) {
        String text = DISASSEMBLER.disassemble(word);
        AssemblyResult r = Sources.assemble(text + "\n");
        assertFalse(r.hasErrors(), () -> text + ": " + r.errors());
        assertEquals(word, r.program().entrySection().word(0), text);
    }
}
