package dev.csfstudio.lsp;

import java.nio.file.Path;
import java.util.List;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.source.SourceReader;
import dev.csfstudio.isa.Arch;

/**
 * The assembler as the language server calls it: one document's text, includes read through {@code reader},
 * assembled for {@code arch} unless the text's {@code .arch} directive chooses another.
 */
@FunctionalInterface
public interface AssemblyFunction {

    AssemblyResult assemble(Path file, String text, SourceReader reader, List<Path> includeRoots, Arch arch);
}
