package dev.csfstudio.eclipse.build;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ProjectScope;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;

import dev.csfstudio.program.output.OutputFormat;

/**
 * A CSF project's build settings (Project > Properties > CSF Studio, kept in .settings/dev.csfstudio.eclipse.prefs):
 * the output folder, relative to the project, and the format of the binaries, as {@code csf asm --format}.
 */
public record BuildSettings(IPath outputFolder, OutputFormat format) {

    public static final String NODE = "dev.csfstudio.eclipse";
    public static final String OUTPUT_FOLDER = "build.outputFolder";
    public static final String FORMAT = "build.format";
    public static final String DEFAULT_OUTPUT_FOLDER = "bin";

    public static IEclipsePreferences node(IProject project) {
        return new ProjectScope(project).getNode(NODE);
    }

    /** The project's settings; an unusable value falls back to the default ({@code bin}, format bin). */
    public static BuildSettings of(IProject project) {
        IEclipsePreferences p = node(project);
        String folder = p.get(OUTPUT_FOLDER, DEFAULT_OUTPUT_FOLDER).strip();
        IPath path = IPath.fromPortableString(folder.isEmpty() ? DEFAULT_OUTPUT_FOLDER : folder).makeRelative();
        if (path.isEmpty() || path.segment(0).equals("..")) {
            path = IPath.fromPortableString(DEFAULT_OUTPUT_FOLDER);
        }
        OutputFormat format;
        try {
            format = OutputFormat.of(p.get(FORMAT, OutputFormat.BIN.extension()));
        } catch (IllegalArgumentException e) {
            format = OutputFormat.BIN;
        }
        return new BuildSettings(path, format);
    }

    /** Where the output of a source goes: {@code x/y.csf} becomes OUTPUT/x/y.FORMAT. */
    public IPath outputOf(IPath projectRelativeSource) {
        return outputFolder.append(projectRelativeSource.removeFileExtension().addFileExtension(format.extension()));
    }
}
