package dev.csfstudio.asm;

import dev.csfstudio.asm.directives.Directives;
import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The directive table that completion and hover show is exactly what the assembler accepts. */
class DirectivesTest {

    static List<String> names() {
        return Directives.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void everyListedDirectiveIsKnownToTheAssembler(String name) {
        AssemblyResult r = new Assembler().assembleText(Path.of("d.csf"), name + "\n", SourceReader.fileSystem());
        assertTrue(r.diagnostics().stream().noneMatch(d -> d.code().id().equals("unknown-directive")),
                () -> r.diagnostics().toString());
    }

    @Test
    void aMisspeltDirectiveIsCorrectedFromTheTable() {
        AssemblyResult r = new Assembler().assembleText(Path.of("d.csf"), ".bufer data\n", SourceReader.fileSystem());
        Diagnostic d = r.errors().get(0);
        assertEquals("unknown-directive", d.code().id());
        assertEquals(List.of(".buffer"), d.suggestions());
    }
}
