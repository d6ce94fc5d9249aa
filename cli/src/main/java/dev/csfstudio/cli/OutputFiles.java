package dev.csfstudio.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

import dev.csfstudio.program.output.OutputFile;

/**
 * How every command names and writes its output files: a name must name a file, an output never replaces
 * one of the command's inputs, and a file is replaced whole ({@link OutputFile}) or not at all.
 */
final class OutputFiles {

    private OutputFiles() {
    }

    /** The file an option names; an empty name or a directory is refused. */
    static Path file(String option, String name) {
        if (name.isBlank()) {
            throw new UserError(option + " '" + name + "' names no file");
        }
        Path file = Path.of(name);
        if (Files.isDirectory(file)) {
            throw new UserError(option + " " + name + " is a directory; give a file name");
        }
        return file;
    }

    /** Refuses {@code output} (written for {@code option}) when it is one of {@code inputs}. */
    static void refuseOverwritingInputs(String option, Path output, Collection<Path> inputs) {
        if (output == null) {
            return;
        }
        Path input = OutputFile.overwrittenInput(output, inputs);
        if (input != null) {
            boolean main = inputs.iterator().next().equals(input);
            throw new UserError(option + " " + output + " would overwrite " + (main ? "the input " : "the included input ")
                    + input.getFileName() + ": refusing; choose another output file");
        }
    }

    static boolean sameFile(Path a, Path b) {
        try {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())
                    || Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    static void write(Path file, OutputFile.Contents contents) {
        try {
            OutputFile.write(file, contents);
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + IoMessages.reason(e));
        }
    }
}
