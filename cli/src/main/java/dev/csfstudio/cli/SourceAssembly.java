package dev.csfstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.DiagnosticPrinter;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Severity;

/** Assembles a source file the way every command does: check it is readable, print every diagnostic. */
final class SourceAssembly {

    private SourceAssembly() {
    }

    /**
     * The result of assembling {@code source} for {@code arch} (its {@code .arch} directive may choose another);
     * diagnostics have been printed to {@code err}.
     */
    static AssemblyResult assemble(Path source, Arch arch, PrintWriter err) {
        checkReadable(source);
        AssemblyResult result = new Assembler(AssemblerOptions.defaults().withArch(arch)).assemble(source);
        DiagnosticPrinter.print(result, new DiagnosticPrinter.Sink() { // a class: a lambda's link costs start-up
            @Override
            public void print(Severity severity, String text) {
                err.print(text);
            }
        });
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
