package dev.csfstudio.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.DiagnosticPrinter;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Severity;
import dev.csfstudio.program.output.OutputFormat;
import dev.csfstudio.program.output.OutputFile;

/**
 * Assembles every CSF source of the project into generated resources, so tests and applications can load
 * the command streams from the class path. Errors fail the build with {@code file:line:col: error: ...}.
 * A source is assembled again when it, any file it includes, or its output changed since the last build
 * ({@link BuildRecord}s beside the outputs say what each assembly read).
 */
@Mojo(name = "assemble", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, threadSafe = true)
public final class AssembleMojo extends AbstractMojo {

    /** Where the sources are. */
    @Parameter(defaultValue = "${project.basedir}/src/main/csf", property = "csf.sourceDirectory")
    private File sourceDirectory;

    /** Glob patterns (relative to the source directory) of the files to assemble. */
    @Parameter
    private List<String> includes = new ArrayList<>(List.of("**/*.csf"));

    /** Where the outputs go, keeping each source's relative path (x/y.csf becomes x/y.bin). */
    @Parameter(defaultValue = "${project.build.directory}/generated-resources/csf", property = "csf.outputDirectory")
    private File outputDirectory;

    /** Where the record of each assembly (files read, their hashes, diagnostics) is kept. */
    @Parameter(defaultValue = "${project.build.directory}/csf-build-records", property = "csf.recordDirectory")
    private File recordDirectory;

    /** bin, hex, c or json (see {@code csf asm --help}). */
    @Parameter(defaultValue = "bin", property = "csf.format")
    private String format;

    /** Fail the build on warnings too, also when the outputs are up to date. */
    @Parameter(defaultValue = "false", property = "csf.failOnWarning")
    private boolean failOnWarning;

    /** Assemble even when an output is up to date. */
    /** The architecture sources are assembled for unless their {@code .arch} directive says another: v10, v12 or v13. */
    @Parameter(defaultValue = "v10", property = "csf.arch")
    private String arch;

    @Parameter(defaultValue = "false", property = "csf.force")
    private boolean force;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** How one source fared. */
    private enum Outcome { ASSEMBLED, UP_TO_DATE, FAILED, WARNED }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        OutputFormat outputFormat;
        try {
            outputFormat = OutputFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("csf: " + e.getMessage());
        }
        Arch architecture = Arch.bySpelling(arch).orElseThrow(() -> new MojoFailureException(
                "csf: arch: expected one of " + Arch.spellings() + ", got '" + arch + "'"));
        Path sources = sourceDirectory.toPath();
        Path outputs = outputDirectory.toPath();
        SourceSelection selection = new SourceSelection(sources, includes);
        List<Path> files;
        try {
            files = selection.files();
            for (Path skipped : selection.notFiles()) {
                getLog().warn("csf: " + sources.relativize(skipped) + " matches the includes but is not a regular file"
                        + " (a FIFO, a device or a link to neither): not read, not assembled");
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot list " + sources + ": " + e.getMessage(), e);
        }
        Map<Outcome, Integer> outcomes = new LinkedHashMap<>();
        List<Path> records = new ArrayList<>();
        for (Path source : files) {
            Path relative = sources.relativize(source);
            Path target = outputs.resolve(withExtension(relative, outputFormat.extension()));
            Path record = recordDirectory.toPath().resolve(relative + "." + outputFormat.extension() + ".json");
            records.add(record);
            outcomes.merge(build(source, target, record, outputFormat, architecture), 1, Integer::sum);
        }
        removeStaleOutputs(records);
        int failed = outcomes.getOrDefault(Outcome.FAILED, 0);
        int warned = outcomes.getOrDefault(Outcome.WARNED, 0);
        if (failed > 0) {
            throw new MojoFailureException(failed + " CSF source file(s) failed to assemble; see the errors above");
        }
        if (warned > 0) {
            throw new MojoFailureException(warned + " CSF source file(s) have warnings, treated as errors"
                    + " (failOnWarning); see the warnings above");
        }
        if (files.isEmpty()) {
            getLog().info("csf: no sources matching " + includes + " in " + sources);
            return;
        }
        int current = outcomes.getOrDefault(Outcome.UP_TO_DATE, 0);
        getLog().info("csf: assembled " + outcomes.getOrDefault(Outcome.ASSEMBLED, 0) + " of " + files.size()
                + " source file(s) into " + outputs + (current > 0 ? " (" + current + " up to date)" : ""));
        addResource(outputs);
    }

    /**
     * What the build record keeps of the settings and the plugin (its classes' fingerprint, not its version): a
     * change of any assembles every source again.
     */
    private static String configuration(OutputFormat outputFormat, Arch architecture) throws MojoExecutionException {
        return "csf-maven-plugin " + PluginFingerprint.current() + ", format " + outputFormat.extension()
                + ", arch " + architecture.spelling();
    }

    /** Assembles one source unless its recorded assembly is still current; either way its diagnostics are shown. */
    private Outcome build(Path source, Path target, Path recordFile, OutputFormat outputFormat, Arch architecture)
            throws MojoExecutionException {
        String configuration = configuration(outputFormat, architecture);
        BuildRecord last = force ? null : BuildRecord.read(recordFile);
        if (last != null && last.current(target, configuration)) {
            last.printed().forEach(p -> log(Severity.valueOf(p.severity().toUpperCase(java.util.Locale.ROOT)), p.text()));
            return failOnWarning && last.hasWarnings() ? Outcome.WARNED : Outcome.UP_TO_DATE;
        }
        AssemblyResult result = new Assembler(AssemblerOptions.defaults().withArch(architecture)).assemble(source);
        List<BuildRecord.Printed> printed = new ArrayList<>();
        DiagnosticPrinter.print(result, (severity, text) -> {
            log(severity, text);
            printed.add(new BuildRecord.Printed(severity.label(), text));
        });
        String unwritable = result.hasErrors() ? null : outputFormat.unwritableReason(result.program());
        if (unwritable != null) {
            getLog().error(source + ": error: " + unwritable);
        }
        boolean warned = failOnWarning && !result.warnings().isEmpty();
        try {
            if (result.hasErrors() || unwritable != null || warned) {
                // no output stays behind that this build did not make: the old one is stale now
                Files.deleteIfExists(target);
                Files.deleteIfExists(recordFile);
                return warned && unwritable == null && !result.hasErrors() ? Outcome.WARNED : Outcome.FAILED;
            }
            OutputFile.write(target, out -> outputFormat.write(result.program(), source.getFileName().toString(), out));
            Map<String, String> inputs = new LinkedHashMap<>();
            for (Path file : result.files()) {
                inputs.put(file.toAbsolutePath().toString(), BuildRecord.hash(file));
            }
            for (Expectation e : result.program().expectations()) {
                if (e instanceof Expectation.Image image) { // a deleted or changed golden assembles it again
                    inputs.put(image.golden().toAbsolutePath().toString(), BuildRecord.hash(image.golden()));
                }
            }
            new BuildRecord(configuration, target.toAbsolutePath().toString(), BuildRecord.hash(target), inputs, printed)
                    .write(recordFile);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write " + target + ": " + e.getMessage(), e);
        }
        return Outcome.ASSEMBLED;
    }

    /**
     * Deletes the outputs and records this build did not make: of a source that is gone (or no longer selected), or
     * in another format than this build's, so that they are not shipped. An output is deleted in its directory and,
     * where the resources copied it, in the project's classes.
     */
    private void removeStaleOutputs(List<Path> kept) throws MojoExecutionException {
        Path dir = recordDirectory.toPath();
        if (!Files.isDirectory(dir)) {
            return;
        }
        Path outputs = outputDirectory.toPath().toAbsolutePath().normalize();
        Path classes = Path.of(project.getBuild().getOutputDirectory()).toAbsolutePath().normalize();
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> stale = walk.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p))
                    .filter(p -> !kept.contains(p)).toList();
            for (Path recordFile : stale) {
                BuildRecord old = BuildRecord.read(recordFile);
                Path output = old == null ? null : Path.of(old.output()).toAbsolutePath().normalize();
                if (output != null && output.startsWith(outputs) && !output.equals(outputs)) {
                    Files.deleteIfExists(output);
                    Path copy = classes.resolve(outputs.relativize(output));
                    if (Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS)) {
                        Files.delete(copy);
                    }
                    getLog().info("csf: removed " + output + ": its source is gone or its format changed");
                }
                Files.deleteIfExists(recordFile);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot clean " + dir + ": " + e.getMessage(), e);
        }
    }

    private void log(Severity severity, String text) {
        String line = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        switch (severity) {
            case ERROR -> getLog().error(line);
            case WARNING -> getLog().warn(line);
            default -> getLog().info(line);
        }
    }

    private static Path withExtension(Path relative, String extension) {
        String name = relative.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return relative.resolveSibling(stem + "." + extension);
    }

    private void addResource(Path outputs) {
        String dir = outputs.toString();
        if (project.getResources().stream().noneMatch(r -> dir.equals(r.getDirectory()))) {
            Resource resource = new Resource();
            resource.setDirectory(dir);
            project.addResource(resource);
        }
    }
}
