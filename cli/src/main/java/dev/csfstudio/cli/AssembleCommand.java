package dev.csfstudio.cli;

import dev.csfstudio.program.output.OutputFormat;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.output.OutputFile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code csf asm}: assembles a source file into a binary, hex, C or JSON file. */
final class AssembleCommand implements Callable<Integer> {

    final CommandSpec spec = CommandModel.command("asm", this, "Assembles a .csf source file.",
            "Errors and warnings go to stderr as file:line:col: error: message (the first 1000 of each kind,"
                    + " then a count). Outputs are replaced whole, never over an input.");

    private final ArchOption arch = new ArchOption();

    private final PositionalParamSpec source = CommandModel.sourceFile();

    private final OptionSpec output = OptionSpec.builder("-o", "--output").paramLabel("OUT").type(String.class)
            .description("output file, '-' for stdout (default: FILE with the format's extension)").build();

    private final OptionSpec format = OptionSpec.builder("-f", "--format").paramLabel("FORMAT")
            .type(OutputFormat.class).defaultValue("bin").converters(new FormatConverter())
            .description("bin (entry stream, little-endian), hex (one word per line), c (uint64_t array)"
                    + " or json (every stream, buffer and symbol); default: ${DEFAULT-VALUE}").build();

    private final OptionSpec listing = OptionSpec.builder("--listing").paramLabel("FILE").type(String.class)
            .description("also write a listing: address, word, source").build();

    private final OptionSpec warningsAreErrors = OptionSpec.builder("--Werror").type(boolean.class)
            .initialValue(false).description("treat warnings as errors").build();

    AssembleCommand() {
        arch.addTo(spec);
        spec.addPositional(source);
        spec.addOption(output).addOption(format).addOption(listing).addOption(warningsAreErrors);
        CommandModel.exitCodes(spec, "0:assembled",
                "1:errors in the source (or warnings with --Werror), bad options");
    }

    @Override
    public Integer call() {
        Path source = this.source.getValue();
        String output = this.output.getValue();
        OutputFormat format = this.format.getValue();
        String listing = this.listing.getValue();
        boolean toStdout = "-".equals(output);
        if (toStdout && format == OutputFormat.BIN) {
            throw new UserError("bin is binary and does not go to stdout: give a file with -o, or use --format hex");
        }
        Path out = toStdout ? null : output != null ? OutputFiles.file("-o", output) : defaultOutput(source, format);
        Path listingFile = listing == null ? null : OutputFiles.file("--listing", listing);
        PrintWriter err = spec.commandLine().getErr();
        AssemblyResult result = SourceAssembly.assemble(source, arch.arch(), err);
        if (result.hasErrors()) {
            return Csf.ERROR;
        }
        int warnings = result.warnings().size();
        if (warningsAreErrors.<Boolean>getValue() && warnings > 0) {
            throw new UserError(warnings + (warnings == 1 ? " warning" : " warnings")
                    + " treated as errors (--Werror); nothing written");
        }
        OutputFiles.refuseOverwritingInputs(output != null ? "-o" : "the output", out, result.files());
        OutputFiles.refuseOverwritingInputs("--listing", listingFile, result.files());
        if (out != null && listingFile != null && OutputFiles.sameFile(out, listingFile)) {
            throw new UserError("--listing " + listing + " is the output file too: give them different names");
        }
        Program program = result.program();
        String unwritable = format.unwritableReason(program);
        if (unwritable != null) {
            throw new UserError(source + ": " + unwritable);
        }
        String name = source.getFileName().toString();
        if (toStdout) {
            try {
                format.writeText(program, name, spec.commandLine().getOut());
            } catch (IOException e) {
                throw new UserError("cannot write to stdout: " + IoMessages.reason(e));
            }
            spec.commandLine().getOut().flush();
        } else {
            OutputFiles.write(out, stream -> format.write(program, name, stream));
        }
        if (listingFile != null) {
            OutputFiles.write(listingFile, OutputFile.utf8(w -> Listing.write(program, w)));
        }
        return Csf.OK;
    }

    private static Path defaultOutput(Path source, OutputFormat format) {
        String name = source.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return source.resolveSibling(stem + "." + format.extension());
    }

    /** Accepts the format names in any letter case. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            try {
                return OutputFormat.of(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
