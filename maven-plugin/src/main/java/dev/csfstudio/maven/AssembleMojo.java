package dev.csfstudio.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.asm.Diagnostic;
import dev.csfstudio.asm.DiagnosticFormatter;
import dev.csfstudio.asm.Severity;
import dev.csfstudio.asm.SourceReader;
import dev.csfstudio.cli.OutputFormat;

/**
 * Assembles every CSF source of the project into generated resources, so tests and applications can load
 * the command streams from the class path. Errors fail the build with {@code file:line:col: error: ...}.
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

    /** bin, hex, c or json (see {@code csf asm --help}). */
    @Parameter(defaultValue = "bin", property = "csf.format")
    private String format;

    /** Fail the build on warnings too. */
    @Parameter(defaultValue = "false", property = "csf.failOnWarning")
    private boolean failOnWarning;

    /** Assemble even when an output is newer than its source. */
    @Parameter(defaultValue = "false", property = "csf.force")
    private boolean force;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        OutputFormat outputFormat;
        try {
            outputFormat = OutputFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("csf: " + e.getMessage());
        }
        Path sources = sourceDirectory.toPath();
        Path outputs = outputDirectory.toPath();
        SourceSelection selection = new SourceSelection(sources, includes);
        List<Path> files;
        try {
            files = selection.files();
        } catch (IOException e) {
            throw new MojoExecutionException("cannot list " + sources + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            getLog().info("csf: no sources matching " + includes + " in " + sources);
            return;
        }
        int assembled = 0;
        int failed = 0;
        for (Path source : files) {
            Path relative = sources.relativize(source);
            Path target = outputs.resolve(withExtension(relative, outputFormat.extension()));
            if (!force && upToDate(source, target)) {
                continue;
            }
            if (assemble(source, target, outputFormat)) {
                assembled++;
            } else {
                failed++;
            }
        }
        if (failed > 0) {
            throw new MojoFailureException(failed + " CSF source file(s) failed to assemble; see the errors above");
        }
        getLog().info("csf: assembled " + assembled + " of " + files.size() + " source file(s) into " + outputs);
        addResource(outputs);
    }

    private boolean assemble(Path source, Path target, OutputFormat outputFormat) throws MojoExecutionException {
        AssemblyResult result = new Assembler().assemble(source);
        SourceReader reader = SourceReader.fileSystem();
        for (Diagnostic d : result.diagnostics()) {
            String text = DiagnosticFormatter.format(d, reader);
            if (d.severity() == Severity.ERROR) {
                getLog().error(text);
            } else if (d.severity() == Severity.WARNING) {
                getLog().warn(text);
            } else {
                getLog().info(text);
            }
        }
        if (result.hasErrors() || (failOnWarning && !result.warnings().isEmpty())) {
            return false;
        }
        String unwritable = outputFormat.unwritableReason(result.program());
        if (unwritable != null) {
            getLog().error(source + ": error: " + unwritable);
            return false;
        }
        try {
            Files.createDirectories(target.getParent());
            Files.write(target, outputFormat.render(result.program(), source.getFileName().toString()));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write " + target + ": " + e.getMessage(), e);
        }
        return true;
    }

    /** Whether the output exists and is newer than the source (includes are not tracked). */
    private static boolean upToDate(Path source, Path target) {
        try {
            return Files.exists(target)
                    && Files.getLastModifiedTime(target).compareTo(Files.getLastModifiedTime(source)) > 0;
        } catch (IOException e) {
            return false;
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
