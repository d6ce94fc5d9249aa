package dev.csfstudio.eclipse.build;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblyResult;
import dev.csfstudio.program.output.OutputFormat;
import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.LineOffsets;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;
import dev.csfstudio.eclipse.testing.TestMarkers;

/**
 * The CSF project builder: assembles every {@code .csf} of the project with the assembler in this JVM (the
 * classes of the bundled csf.jar), puts its errors and warnings on the files as problem markers — open or not —
 * and writes each program that assembles to the output folder in the project's format, as {@code csf asm} does.
 * An incremental build assembles the changed sources and every source that includes a changed file; a source
 * with errors loses its old output, so no stale binary stays; Clean removes the outputs and the markers.
 */
public final class CsfBuilder extends IncrementalProjectBuilder {

    public static final String ID = "dev.csfstudio.eclipse.builder";
    /** The builder's markers: CSF problems kept across sessions, on files open or not. */
    public static final String MARKER_TYPE = "dev.csfstudio.eclipse.buildProblem";

    /** Per source, the files it read (itself first, then each include), from its last assembly. */
    private final Map<IFile, List<Path>> reads = new HashMap<>();
    /** The sources whose last assembly had errors: a file added may be the include they missed. */
    private final Set<IFile> broken = new java.util.HashSet<>();

    @Override
    protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
        IProject project = getProject();
        BuildSettings settings = BuildSettings.of(project);
        IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(project);
        Set<IFile> sources;
        if (delta == null || reads.isEmpty()) {
            sources = new LinkedHashSet<>(sourcesOf(project, settings));
            reads.keySet().retainAll(sources);
        } else {
            sources = affected(delta, settings);
        }
        SubMonitor sub = SubMonitor.convert(monitor, "Assembling CSF sources", 2 * sources.size());
        Map<IFile, AssemblyResult> built = new LinkedHashMap<>();
        for (IFile source : sources) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            sub.subTask(source.getProjectRelativePath().toString());
            if (source.exists()) {
                AssemblyResult result = build(source, settings);
                if (result != null) {
                    built.put(source, result);
                }
            } else {
                forget(source, settings);
            }
            sub.worked(1);
        }
        runTests(built, sub);
        return null;
    }

    /**
     * Runs the test streams among the sources just assembled, once every include is known: a file another source
     * includes is no test of its own (as in {@code csf test}).
     */
    private void runTests(Map<IFile, AssemblyResult> built, SubMonitor sub) throws CoreException {
        Set<Path> included = new java.util.HashSet<>();
        reads.values().forEach(files -> files.stream().skip(1).forEach(included::add));
        sub.setTaskName("Running CSF test streams");
        for (Map.Entry<IFile, AssemblyResult> e : built.entrySet()) {
            if (sub.isCanceled()) {
                throw new OperationCanceledException();
            }
            IFile source = e.getKey();
            Path path = path(source);
            if (path == null || included.contains(path) || !TestMarkers.isTest(e.getValue()) || isEdited(source)) {
                TestMarkers.clear(source);
            } else {
                sub.subTask(source.getProjectRelativePath().toString());
                TestMarkers.run(source, path, e.getValue());
            }
            sub.worked(1);
        }
    }

    @Override
    protected void clean(IProgressMonitor monitor) throws CoreException {
        clean(getProject(), monitor);
        reads.clear();
        broken.clear();
    }

    /** Removes the outputs and the build markers of every source of the project. */
    public static void clean(IProject project, IProgressMonitor monitor) throws CoreException {
        BuildSettings settings = BuildSettings.of(project);
        for (IFile source : sourcesOf(project, settings)) {
            IFile out = project.getFile(settings.outputOf(source.getProjectRelativePath()));
            if (out.exists()) {
                out.delete(true, monitor);
            }
        }
        project.deleteMarkers(MARKER_TYPE, true, IResource.DEPTH_INFINITE);
        project.deleteMarkers(TestMarkers.MARKER_TYPE, true, IResource.DEPTH_INFINITE);
    }

    /** The sources of the project: its .csf files, outside the output folder and derived or hidden folders. */
    static List<IFile> sourcesOf(IProject project, BuildSettings settings) throws CoreException {
        List<IFile> out = new ArrayList<>();
        IFolder output = project.getFolder(settings.outputFolder());
        project.accept(r -> {
            if (r.equals(output) || (r.getType() == IResource.FOLDER && (r.isDerived() || r.getName().startsWith(".")))) {
                return false;
            }
            if (r instanceof IFile f && isSource(f)) {
                out.add(f);
            }
            return true;
        });
        return out;
    }

    static boolean isSource(IFile f) {
        return "csf".equalsIgnoreCase(f.getFileExtension());
    }

    /** Changed or removed sources, and every source whose last assembly read a changed or removed file. */
    private Set<IFile> affected(IResourceDelta delta, BuildSettings settings) throws CoreException {
        Set<IFile> out = new LinkedHashSet<>();
        Set<Path> changed = new LinkedHashSet<>();
        boolean[] added = {false};
        IPath output = getProject().getFolder(settings.outputFolder()).getFullPath();
        delta.accept(d -> {
            IResource r = d.getResource();
            if (output.isPrefixOf(r.getFullPath())) {
                return false;
            }
            if (r instanceof IFile f && (d.getKind() != IResourceDelta.CHANGED || (d.getFlags() & (IResourceDelta.CONTENT
                    | IResourceDelta.REPLACED | IResourceDelta.ENCODING)) != 0)) {
                if (isSource(f)) {
                    out.add(f);
                }
                added[0] |= d.getKind() == IResourceDelta.ADDED;
                Path p = path(f);
                if (p != null) {
                    changed.add(p);
                }
            }
            return true;
        });
        for (Map.Entry<IFile, List<Path>> e : reads.entrySet()) {
            if (e.getValue().stream().anyMatch(changed::contains)) {
                out.add(e.getKey());
            }
        }
        if (added[0]) {
            out.addAll(broken);
        }
        return out;
    }

    private static Path path(IFile f) {
        IPath l = f.getLocation();
        return l == null ? null : l.toFile().toPath().toAbsolutePath().normalize();
    }

    private void forget(IFile source, BuildSettings settings) throws CoreException {
        reads.remove(source);
        broken.remove(source);
        SymbolIndex.remove(source);
        IFile out = getProject().getFile(settings.outputOf(source.getProjectRelativePath()));
        if (out.exists()) {
            out.delete(true, null);
        }
    }

    /** Assembles one source: markers, then its output (written, or deleted when it has errors); null for no file. */
    private AssemblyResult build(IFile source, BuildSettings settings) throws CoreException {
        Path path = path(source);
        if (path == null) {
            return null;
        }
        AssemblyResult result = new Assembler().assemble(path);
        // a test stream's golden images too: a changed golden runs its test again
        reads.put(source, java.util.stream.Stream.concat(result.files().stream(), TestMarkers.goldens(result).stream())
                .map(p -> p.toAbsolutePath().normalize()).toList());
        if (result.hasErrors()) {
            broken.add(source);
        } else {
            broken.remove(source);
        }
        SymbolIndex.put(source, path, result);
        mark(source, path, result);
        IFile out = getProject().getFile(settings.outputOf(source.getProjectRelativePath()));
        OutputFormat format = settings.format();
        String unwritable = result.hasErrors() ? "errors" : format.unwritableReason(result.program());
        if (unwritable != null) {
            if (out.exists()) {
                out.delete(true, null);
            }
            if (!result.hasErrors()) {
                IMarker m = source.createMarker(MARKER_TYPE);
                m.setAttributes(new String[] {IMarker.SEVERITY, IMarker.MESSAGE, IMarker.LINE_NUMBER},
                        new Object[] {IMarker.SEVERITY_WARNING, "no " + format.extension() + " output: " + unwritable, 1});
            }
            return result;
        }
        byte[] bytes = format.render(result.program(), source.getName());
        write(out, bytes);
        return result;
    }

    private static void write(IFile out, byte[] bytes) throws CoreException {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        if (out.exists()) {
            out.setContents(in, true, false, null);
        } else {
            createFolders(out.getParent());
            out.create(in, true, null);
        }
        out.setDerived(true, null);
    }

    private static void createFolders(IContainer c) throws CoreException {
        if (c instanceof IFolder f && !f.exists()) {
            createFolders(f.getParent());
            f.create(true, true, null);
            f.setDerived(true, null);
        }
    }

    /**
     * Replaces the build markers of a source with its diagnostics. One in an included file is shown on the source's
     * {@code .include} line (the included file gets its own markers when it is a source itself). A source open in a
     * CSF editor keeps the language server's markers of the editor's text instead.
     */
    private static void mark(IFile source, Path path, AssemblyResult result) throws CoreException {
        source.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
        if (isEdited(source)) {
            return;
        }
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            text = "";
        }
        LineOffsets lines = new LineOffsets(text);
        for (dev.csfstudio.program.Diagnostic d : result.diagnostics()) {
            org.eclipse.lsp4j.Diagnostic lsp = AssemblerDiagnostics.toLsp(d, path, text);
            IMarker m = source.createMarker(MARKER_TYPE);
            m.setAttributes(MarkerData.attributes(lsp, lines));
        }
    }

    /** Which files a CSF editor has open: set by {@code server.CsfServers} while it exists (this package does not depend on it). */
    private static volatile Predicate<IFile> edited = f -> false;

    /** Tells the builder which files a CSF editor has open ({@code null}: none). */
    public static void editedBy(Predicate<IFile> openInEditor) {
        edited = openInEditor == null ? f -> false : openInEditor;
    }

    /** Whether a CSF editor has the source open: the language server's markers of its text stand for the builder's. */
    private static boolean isEdited(IFile source) {
        return edited.test(source);
    }

    /** Re-marks one source from its saved text (after its editor closed; the server's markers go), in a job. */
    public static void remark(IFile source) {
        inJob(source, "Checking " + source.getName(), () -> {
            source.deleteMarkers(MarkerData.MARKER_TYPE, false, IResource.DEPTH_ZERO);
            Path path = path(source);
            if (path != null) {
                AssemblyResult result = new Assembler().assemble(path);
                mark(source, path, result);
                if (TestMarkers.isTest(result)) {
                    TestMarkers.run(source, path, result);
                }
            }
        });
    }

    /** Drops the build markers of a source that a CSF editor opened: the server's markers of its text replace them. */
    public static void handOver(IFile source) {
        inJob(source, "Handing " + source.getName() + " to its editor", () -> {
            source.deleteMarkers(MARKER_TYPE, false, IResource.DEPTH_ZERO);
            TestMarkers.clear(source);
        });
    }

    private interface MarkerWork {
        void run() throws CoreException;
    }

    private static void inJob(IFile source, String name, MarkerWork work) {
        WorkspaceJob job = new WorkspaceJob(name) {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                if (source.exists()) {
                    work.run();
                }
                return Status.OK_STATUS;
            }
        };
        job.setRule(source);
        job.setSystem(true);
        job.schedule();
    }
}
