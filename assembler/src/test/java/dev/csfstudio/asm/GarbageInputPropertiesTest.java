package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** No input makes the assembler throw: every problem is a diagnostic, and none is an internal error. */
class GarbageInputPropertiesTest {

    private static void survives(String text) {
        AssemblyResult r = Sources.assemble(text, Map.of("inc.csf", text));
        assertNotNull(r);
        assertTrue(r.diagnostics().stream().noneMatch(d -> d.code().id().equals("internal")), () -> r.diagnostics().toString());
        assertTrue(r.program() != null || r.hasErrors());
        for (Diagnostic d : r.diagnostics()) {
            assertNotNull(d.range());
            DiagnosticFormatter.format(d, file -> text);
        }
    }

    @Property(tries = 300)
    void randomStrings(@ForAll String text) {
        survives(text);
    }

    @Property(tries = 300)
    void randomBytes(@ForAll @Size(max = 300) byte[] bytes) {
        survives(new String(bytes, StandardCharsets.ISO_8859_1));
    }

    @Provide
    Arbitrary<String> tokenSoup() {
        List<String> vocabulary = List.of("NOP", "MOVE48", "MOVE32", "BRANCH.ne", "BRANCH", "LOAD_MULTIPLE",
                "TRACE_POINT", "RUN_FRAGMENT.tile_order=zorder", "SYNC_ADD32.csg", "UNKNOWN_99", "UNKNOWN_300",
                ".stream", ".buffer", ".vm", ".queue", ".submit", ".entry", ".equ", ".set", ".include", ".byte",
                ".word", ".dword", ".zero", ".fill", ".align", ".inst", ".fbd", ".rt", "\"inc.csf\"", "\"x",
                "fbd(", "sizeof(", "lo32(", "r0", "r95", "r96", "d40", "d41", "main", "x", "1b", "1f", "1:", "x:",
                "0x" + "f".repeat(40), "-1", "0", "64", "99999999999", "1.5", "width=", "format=R8", "clear_rgba=",
                "size=", "at=", "align=", "vm=", ",", ":", "[", "]", "(", ")", "+", "-", "*", "/", "%", "<<", ">>",
                "~", "#", "=", ";", "//", "\n", "\n", "\n", " ");
        return Arbitraries.of(vocabulary).list().ofMaxSize(40).map(l -> String.join(" ", l));
    }

    @Property(tries = 1000)
    void tokenSoupNeverThrows(@ForAll("tokenSoup") String text) {
        survives(text);
    }

    @Example
    void deeplyNestedExpressionIsADiagnostic() {
        String deep = "MOVE32 r0, " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\n";
        AssemblyResult r = Sources.assemble(deep);
        assertTrue(r.hasErrors());
        assertTrue(r.diagnostics().stream().noneMatch(d -> d.code().id().equals("internal")), () -> r.diagnostics().toString());
        CanonicalFormatter.format(deep);
    }

    @Example
    void deepIncludeChainIsADiagnostic() {
        SourceReader endless = file -> ".include \"again/x.csf\"\n";
        AssemblyResult r = new Assembler().assembleText(Sources.MAIN, ".include \"again/x.csf\"\n", endless);
        assertTrue(r.errors().get(0).message().startsWith("includes nested deeper than 32"), () -> r.errors().toString());
    }
}
