package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * On every architecture, any word printed by that architecture's disassembler assembles back to the same word
 * after its {@code .arch}; a canonical word's text also gets no spelling warning.
 */
class RoundTripPropertiesTest {

    private static final Map<Arch, Disassembler> DISASSEMBLERS = new EnumMap<>(Arch.class);

    @Provide
    Arbitrary<Tuple2<Arch, Long>> canonicalWords() {
        return Arbitraries.of(Arch.values()).flatMap(a -> CanonicalWords.of(a.instructionSet()).map(w -> Tuple.of(a, w)));
    }

    @Provide
    Arbitrary<Tuple2<Arch, Long>> anyWords() {
        return Arbitraries.of(Arch.values()).flatMap(a -> Arbitraries.longs().map(w -> Tuple.of(a, w)));
    }

    @Property(tries = 6000)
    void disassembledCanonicalWordAssemblesToItself(@ForAll("canonicalWords") Tuple2<Arch, Long> word) {
        AssemblyResult r = roundTrip(word.get1(), word.get2());
        assertEquals(Long.toHexString(word.get2()), Long.toHexString(r.program().entrySection().word(0)), word.toString());
        assertEquals(List.of(), spellingWarnings(r), word.toString());
    }

    @Property(tries = 1500)
    void anyWordAssemblesBackFromItsDisassembly(@ForAll("anyWords") Tuple2<Arch, Long> word) {
        AssemblyResult r = roundTrip(word.get1(), word.get2());
        assertEquals((long) word.get2(), r.program().entrySection().word(0), word.toString());
    }

    private static AssemblyResult roundTrip(Arch arch, long word) {
        String text = DISASSEMBLERS.computeIfAbsent(arch, a -> new Disassembler(a.instructionSet())).disassemble(word);
        AssemblyResult r = Sources.assemble(".arch " + arch.spelling() + "\n" + text + "\n");
        assertFalse(r.hasErrors(), () -> arch.spelling() + ": " + text + ": " + r.errors());
        return r;
    }

    /** Warnings that the text is not the word's canonical one (a left-out operand, pandecode's spelling). */
    static List<Diagnostic> spellingWarnings(AssemblyResult r) {
        return r.warnings().stream().filter(w -> w.code() == DiagnosticCode.PANDECODE_SPELLING).toList();
    }
}
