package dev.csfstudio.lsp;

import java.util.function.UnaryOperator;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.CanonicalFormatter;

/**
 * The parts of CSF Studio the server delegates to: the assembler, the canonical formatter and the
 * simulated device. The server re-implements none of them.
 */
public record Toolchain(AssemblyFunction assembler, UnaryOperator<String> formatter, BackgroundRunner runner) {

    /** The real thing: the assembler, its canonical formatter and the simulator. */
    public static Toolchain standard() {
        return new Toolchain(standardAssembler(), CanonicalFormatter::format, new SimulatorRunner());
    }

    /** The assembler with includes confined to the given roots. */
    public static AssemblyFunction standardAssembler() {
        return (file, text, reader, roots, arch) -> new Assembler(new AssemblerOptions(Assembler.DEFAULT_BASE, roots,
                AssemblerOptions.DEFAULT_MAX_INCLUDE_DEPTH).withArch(arch)).assembleText(file, text, reader);
    }
}
