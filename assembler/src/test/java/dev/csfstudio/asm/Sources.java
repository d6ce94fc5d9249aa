package dev.csfstudio.asm;

import dev.csfstudio.asm.source.SourceReader;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Diagnostic;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/** Assembles in-memory sources for tests: a main text plus named include files. */
final class Sources {

    static final Path MAIN = Path.of("/virtual/main.csf");

    private Sources() {
    }

    static AssemblyResult assemble(String text) {
        return assemble(text, Map.of());
    }

    static AssemblyResult assemble(String text, Map<String, String> includes) {
        SourceReader reader = file -> {
            String name = MAIN.getParent().relativize(file).toString().replace('\\', '/');
            String t = includes.get(name);
            if (t == null) {
                throw new java.nio.file.NoSuchFileException(name);
            }
            return t;
        };
        return new Assembler().assembleText(MAIN, text, reader);
    }

    /** Assembles and fails with the formatted diagnostics when there is any error. */
    static Program ok(String text) {
        AssemblyResult r = assemble(text);
        if (r.hasErrors()) {
            throw new AssertionError(r.errors().stream().map(Diagnostic::headline).collect(Collectors.joining("\n")));
        }
        return r.program();
    }

    /** The signed 16-bit branch offset of instruction {@code index} of the entry stream of {@code text}. */
    static long branchOffset(String text, int index) {
        return (short) (ok(text).entrySection().word(index) & 0xffff);
    }

    static long word(String instructionLine) {
        Program p = ok(instructionLine + "\n");
        return p.entrySection().word(0);
    }
}
