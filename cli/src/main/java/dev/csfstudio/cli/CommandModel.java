package dev.csfstudio.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The parts of a picocli model built in code rather than read from annotations: reading a command's annotations
 * was the largest single cost of a small {@code csf asm} or {@code run}'s start-up (reflection, and one proxy
 * class per annotation type that a class-data archive cannot hold). Their text is what the annotations printed:
 * {@code CommandLineTextTest} holds it.
 */
final class CommandModel {

    private CommandModel() {
    }

    /**
     * A command named {@code name} run by {@code command} (a {@code Runnable} or {@code Callable}), with
     * {@code -h/--help}, {@code -V/--version} and the description's lines.
     */
    static CommandSpec command(String name, Object command, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name).versionProvider(new Csf.Version());
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** The positional {@code FILE.csf} of a command that reads one source. */
    static PositionalParamSpec sourceFile() {
        return PositionalParamSpec.builder().index("0").required(true).paramLabel("FILE.csf").type(Path.class)
                .description("the source file").build();
    }

    /** Adds the "Exit codes:" section: each entry "CODE:meaning", in order. */
    static void exitCodes(CommandSpec spec, String... entries) {
        Map<String, String> codes = new LinkedHashMap<>();
        for (String entry : entries) {
            int colon = entry.indexOf(':');
            codes.put(entry.substring(0, colon), entry.substring(colon + 1));
        }
        spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
    }
}
