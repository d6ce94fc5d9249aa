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

    /**
     * The directory an option names for {@code what} (e.g. "the run's outputs"); an empty name, the file-system
     * root or an existing file is refused, with {@code example} as a directory to give instead.
     */
    static Path directory(String option, String name, String what, String example) {
        if (name.isBlank()) {
            throw new UserError(option + " '" + name + "' names no directory; give one for " + what + " (e.g. "
                    + option + " " + example + ")");
        }
        Path dir = Path.of(name);
        if (dir.toAbsolutePath().normalize().getNameCount() == 0) {
            throw new UserError(option + " " + name + " is the root of the file system: refusing to write " + what
                    + " there; give a directory of their own (e.g. " + option + " " + example + ")");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserError(option + " " + name + " is a file, not a directory");
        }
        return dir;
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
