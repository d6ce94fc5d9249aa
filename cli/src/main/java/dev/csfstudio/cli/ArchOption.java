package dev.csfstudio.cli;

import dev.csfstudio.isa.Arch;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/** {@code --arch v10|v12|v13}: the architecture a command reads, assembles or runs with (default v10). */
final class ArchOption {

    private Arch arch = Arch.DEFAULT;

    /** Adds the option to {@code spec}; what it parses is {@link #arch()}. */
    void addTo(CommandSpec spec) {
        ISetter setter = new ISetter() {
            @Override
            public <T> T set(T value) {
                // picocli resets the option before each parse by setting null, its initial value
                String text = (String) value;
                arch = text == null ? Arch.DEFAULT : Arch.bySpelling(text).orElseThrow(() -> new ParameterException(
                        spec.commandLine(), "--arch: expected one of " + Arch.spellings() + ", got '" + text + "'"));
                return null;
            }
        };
        spec.addOption(OptionSpec.builder("--arch").paramLabel("v10|v12|v13").type(String.class).setter(setter)
                .description("architecture: v10 (Mali-G610, default), v12 (Mali-G720/G725, 128 registers) or v13"
                        + " (Mali-G925, sub-opcoded ARITH instructions);"
                        + " a source's .arch directive chooses for its own file")
                .build());
    }

    Arch arch() {
        return arch;
    }
}
