package dev.csfstudio.cli;

import dev.csfstudio.isa.Arch;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --arch v10|v12}: the architecture a command reads, assembles or runs with (default v10). */
final class ArchOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    private Arch arch = Arch.DEFAULT;

    @Option(names = "--arch", paramLabel = "v10|v12",
            description = "architecture: v10 (Mali-G610, default) or v12 (Mali-G720/G725, 128 registers);"
                    + " a source's .arch directive chooses for its own file")
    void set(String text) {
        arch = Arch.bySpelling(text).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "--arch: expected one of " + Arch.spellings() + ", got '" + text + "'"));
    }

    Arch arch() {
        return arch;
    }
}
