package dev.csfstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.DiagnosticPrinter;

/** Assembles a source file the way every command does: check it is readable, print every diagnostic. */
final class SourceAssembly {

    private SourceAssembly() {
    }

    /** The result of assembling {@code source}; diagnostics have been printed to {@code err}. */
    static AssemblyResult assemble(Path source, PrintWriter err) {
        checkReadable(source);
        AssemblyResult result = new Assembler().assemble(source);
        DiagnosticPrinter.print(result, (severity, text) -> err.print(text));
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
