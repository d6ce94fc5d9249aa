package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IncludesTest {

    private static final Path DIR = Sources.MAIN.getParent();

    @Test
    void includedStatementsAssembleInPlace() {
        AssemblyResult r = Sources.assemble("NOP\n.include \"lib/defs.csf\"\nMOVE32 r1, #VALUE\n",
                Map.of("lib/defs.csf", ".equ VALUE, 7\nERROR_BARRIER\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        Section main = r.program().entrySection();
        assertEquals(3, main.instructionCount());
        assertEquals(0x2f00_0000_0000_0000L, main.word(1));
        assertEquals(7, main.word(2) & 0xffff_ffffL);
    }

    @Test
    void includesResolveRelativeToTheIncludingFile() {
        AssemblyResult r = Sources.assemble(".include \"lib/a.csf\"\n",
                Map.of("lib/a.csf", ".include \"b.csf\"\n", "lib/b.csf", "NOP\n"));
        assertFalse(r.hasErrors(), () -> r.errors().toString());
        assertEquals(List.of(Sources.MAIN, DIR.resolve("lib/a.csf"), DIR.resolve("lib/b.csf")), r.files());
    }

    @Test
    void symbolsAndDiagnosticsCarryTheirOwnFile() {
        AssemblyResult r = Sources.assemble(".include \"x.csf\"\nBRANCH.ne r0, there\n",
                Map.of("x.csf", "there: NOP\nBOGUS\n"));
        Symbol there = r.symbols().stream().filter(s -> s.name().equals("there")).findFirst().orElseThrow();
        assertEquals(DIR.resolve("x.csf"), there.definition().file());
        assertEquals(DIR.resolve("x.csf"), r.errors().get(0).range().file());
        assertEquals(2, r.errors().get(0).range().line());
    }

    @Test
    void includeCycleIsReportedWithTheChain() {
        AssemblyResult r = Sources.assemble(".include \"a.csf\"\n",
                Map.of("a.csf", ".include \"b.csf\"\n", "b.csf", ".include \"a.csf\"\n"));
        Diagnostic d = r.errors().get(0);
        assertEquals("include-cycle", d.code());
        assertEquals("include cycle: a.csf -> b.csf -> a.csf", d.message());
    }

    @Test
    void includingItselfIsACycle() {
        AssemblyResult r = Sources.assemble(".include \"main.csf\"\n");
        assertEquals("include cycle: main.csf -> main.csf", r.errors().get(0).message());
    }

    @Test
    void missingFileIsAnErrorAtTheFileName() {
        Diagnostic d = Sources.assemble(".include \"nowhere.csf\"\n").errors().get(0);
        assertEquals("include", d.code());
        assertEquals(new SourceRange(Sources.MAIN, 1, 10, 1, 23), d.range());
    }

    @Test
    void depthLimitComesFromTheOptions() {
        SourceReader chain = file -> {
            String name = file.getFileName().toString();
            int n = Integer.parseInt(name.substring(1, name.indexOf('.')));
            return ".include \"f" + (n + 1) + ".csf\"\n";
        };
        AssemblyResult r = new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(), 4))
                .assembleText(DIR.resolve("f0.csf"), ".include \"f1.csf\"\n", chain);
        assertEquals("includes nested deeper than 4 files", r.errors().get(0).message());
    }

    @Test
    void includeOutsideTheRootsIsAnError() {
        SourceReader reader = file -> "NOP\n";
        AssemblyResult r = new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, List.of(DIR), 32))
                .assembleText(Sources.MAIN, ".include \"../../etc/passwd\"\n", reader);
        assertTrue(r.errors().get(0).message().contains("outside the include roots"), r.errors().toString());
    }
}
