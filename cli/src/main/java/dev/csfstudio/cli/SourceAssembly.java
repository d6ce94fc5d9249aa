package dev.csfstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.Diagnostic;
import dev.csfstudio.asm.DiagnosticFormatter;
import dev.csfstudio.asm.SourceReader;

/** Assembles a source file the way every command does: check it is readable, print every diagnostic. */
final class SourceAssembly {

    private SourceAssembly() {
    }

    /** The result of assembling {@code source}; diagnostics have been printed to {@code err}. */
    static AssemblyResult assemble(Path source, PrintWriter err) {
        checkReadable(source);
        AssemblyResult result = new Assembler().assemble(source);
        SourceReader reader = SourceReader.fileSystem();
        for (Diagnostic d : result.diagnostics()) {
            String text = DiagnosticFormatter.format(d, reader);
            err.print(text.endsWith("\n") ? text : text + "\n");
        }
        err.flush();
        return result;
    }

    static void checkReadable(Path file) {
        if (!Files.exists(file)) {
            throw new UserError(file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new UserError(file + ": is a directory");
        }
        if (!Files.isReadable(file)) {
            throw new UserError(file + ": permission denied");
        }
    }
}
