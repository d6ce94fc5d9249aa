package dev.csfstudio.eclipse.ui;

import static dev.csfstudio.eclipse.ui.Workbench.build;
import static dev.csfstudio.eclipse.ui.Workbench.csfProject;
import static dev.csfstudio.eclipse.ui.Workbench.file;
import static dev.csfstudio.eclipse.ui.Workbench.page;
import static dev.csfstudio.eclipse.ui.Workbench.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.ui.IMarkerResolution;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.build.BuildSettings;
import dev.csfstudio.eclipse.build.CsfBuilder;
import dev.csfstudio.eclipse.build.CsfNature;
import dev.csfstudio.eclipse.build.SymbolIndex;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;
import dev.csfstudio.eclipse.operations.codeactions.CsfMarkerResolutions;
import dev.csfstudio.eclipse.operations.symbols.OpenSymbolDialog;

/** The CSF project builder: every .csf assembled in process, markers on closed files, outputs, includes, Clean. */
class ProjectBuilderTest {

    static final String GOOD = ".stream main\n    NOP\n    NOP\n";
    static final String BAD = ".stream main\n    NOP\n    FROB r1, #2\n";

    @AfterEach
    void closeEditors() {
        page().closeAllEditors(false);
    }

    private static List<IMarker> errors(IFile f) throws CoreException {
        return Arrays.stream(f.findMarkers(CsfBuilder.MARKER_TYPE, false, IResource.DEPTH_ZERO))
                .filter(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR).toList();
    }

    @Test
    void theNatureInstallsTheBuilderAndRemovingItUninstallsIt() throws Exception {
        IProject p = csfProject("nature");
        assertTrue(Arrays.stream(p.getDescription().getBuildSpec()).anyMatch(c -> c.getBuilderName().equals(CsfBuilder.ID)));
        CsfNature.set(p, false, null);
        assertFalse(CsfNature.has(p));
        assertFalse(Arrays.stream(p.getDescription().getBuildSpec()).anyMatch(c -> c.getBuilderName().equals(CsfBuilder.ID)));
    }

    @Test
    void aClosedFileWithAnErrorHasAMarkerAfterABuild() throws Exception {
        IProject p = csfProject("closed-error");
        IFile bad = file(p, "bad.csf", BAD);
        IFile good = file(p, "good.csf", GOOD);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        List<IMarker> e = errors(bad);
        assertEquals(1, e.size());
        assertTrue(e.get(0).getAttribute(IMarker.MESSAGE, "").contains("FROB"), e.get(0).getAttribute(IMarker.MESSAGE, ""));
        assertEquals(3, e.get(0).getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(BAD.indexOf("FROB"), e.get(0).getAttribute(IMarker.CHAR_START, -1));
        assertEquals(0, good.findMarkers(CsfBuilder.MARKER_TYPE, false, IResource.DEPTH_ZERO).length);
    }

    @Test
    void outputsGoToTheOutputFolderInTheProjectsFormat() throws Exception {
        IProject p = csfProject("outputs");
        file(p, "good.csf", GOOD);
        p.getFolder("streams").create(true, true, null);
        file(p, "streams/two.csf", GOOD);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        IFile bin = p.getFile("bin/good.bin");
        assertTrue(bin.exists());
        assertEquals(16, bin.getLocation().toFile().length(), "two NOPs, 8 bytes each");
        assertTrue(bin.isDerived());
        assertTrue(p.getFile("bin/streams/two.bin").exists());

        var node = BuildSettings.node(p);
        node.put(BuildSettings.OUTPUT_FOLDER, "out/csf");
        node.put(BuildSettings.FORMAT, "hex");
        node.flush();
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        IFile hex = p.getFile("out/csf/good.hex");
        assertTrue(hex.exists());
        assertEquals(2, read(hex).strip().split("\n").length);
        assertTrue(read(hex).lines().allMatch(l -> l.matches("[0-9a-f]{16}")), read(hex));
    }

    @Test
    void aSourceWithErrorsLosesItsOldOutput() throws Exception {
        IProject p = csfProject("stale");
        IFile src = file(p, "s.csf", GOOD);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertTrue(p.getFile("bin/s.bin").exists());
        file(p, "s.csf", BAD);
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        assertFalse(p.getFile("bin/s.bin").exists(), "no stale binary");
        assertEquals(1, errors(src).size());
    }

    @Test
    void aChangedIncludeRebuildsItsIncluders() throws Exception {
        IProject p = csfProject("includes");
        IFile inc = file(p, "inc.csf", "    NOP\n");
        IFile user = file(p, "user.csf", ".stream main\n.include \"inc.csf\"\n    NOP\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertTrue(errors(user).isEmpty());
        assertEquals(16, p.getFile("bin/user.bin").getLocation().toFile().length());

        file(p, "inc.csf", "    NOP\n    NOP\n");
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        assertEquals(24, p.getFile("bin/user.bin").getLocation().toFile().length(), "user.csf was assembled again");

        file(p, "inc.csf", "    FROB\n");
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        List<IMarker> e = errors(user);
        assertEquals(1, e.size());
        assertTrue(e.get(0).getAttribute(IMarker.MESSAGE, "").startsWith("error in included file inc.csf"), e.get(0).getAttribute(IMarker.MESSAGE, ""));
        assertEquals(2, e.get(0).getAttribute(IMarker.LINE_NUMBER, -1), "on the .include line");
        assertEquals(1, errors(inc).size(), "and the include itself is marked");
    }

    @Test
    void aMissingIncludeThatAppearsRebuildsItsIncluder() throws Exception {
        IProject p = csfProject("late-include");
        IFile user = file(p, "user.csf", ".stream main\n.include \"later.csf\"\n    NOP\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(1, errors(user).size(), "later.csf does not exist yet");
        assertFalse(p.getFile("bin/user.bin").exists());
        file(p, "later.csf", "    NOP\n");
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        assertTrue(errors(user).isEmpty());
        assertEquals(16, p.getFile("bin/user.bin").getLocation().toFile().length());
    }

    @Test
    void cleanRemovesTheOutputsAndTheMarkers() throws Exception {
        IProject p = csfProject("clean");
        file(p, "good.csf", GOOD);
        IFile bad = file(p, "bad.csf", BAD);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertTrue(p.getFile("bin/good.bin").exists());
        build(p, IncrementalProjectBuilder.CLEAN_BUILD);
        assertFalse(p.getFile("bin/good.bin").exists());
        assertEquals(0, bad.findMarkers(CsfBuilder.MARKER_TYPE, false, IResource.DEPTH_ZERO).length);
    }

    @Test
    void aBuildMarkersQuickFixInTheProblemsViewFixesTheClosedFile() throws Exception {
        IProject p = csfProject("marker-fix");
        IFile typo = file(p, "typo.csf", ".stream main\n    NOPP\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        IMarker marker = errors(typo).get(0);
        assertTrue(marker.getAttribute(MarkerData.DIAGNOSTIC, "").contains("NOP"), marker.getAttribute(MarkerData.DIAGNOSTIC, ""));
        CsfMarkerResolutions generator = new CsfMarkerResolutions();
        assertTrue(generator.hasResolutions(marker));
        IMarkerResolution[] fixes = generator.getResolutions(marker);
        IMarkerResolution nop = Arrays.stream(fixes).filter(f -> f.getLabel().contains("'NOP'")).findFirst()
                .orElseThrow(() -> new AssertionError(Arrays.toString(Arrays.stream(fixes).map(IMarkerResolution::getLabel).toArray())));
        nop.run(marker);
        assertEquals(".stream main\n    NOP\n", read(typo));
    }

    @Test
    void builtSymbolsAreFoundByOpenCsfSymbolWithoutAnEditor() throws Exception {
        IProject p = csfProject("symbols");
        file(p, "defs.csf", ".equ DEPTH_LIMIT, 7\n.stream setup\nstart:  NOP\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        List<String> names = OpenSymbolDialog.collect().stream().map(OpenSymbolDialog.Item::name).toList();
        assertTrue(names.containsAll(List.of("DEPTH_LIMIT", "setup", "start")), names.toString());
        assertTrue(SymbolIndex.all().stream().anyMatch(e -> e.name().equals("start") && e.line() == 2));
    }

    @Test
    void anOpenEditorsMarkersFollowItsTextAndTheBuildersReturnWhenItCloses() throws Exception {
        IProject p = csfProject("handover");
        IFile bad = file(p, "bad.csf", BAD);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(1, errors(bad).size());

        CsfEditor editor = Workbench.open(bad);
        Workbench.waitUntil("the server's marker instead of the builder's", 20, () -> Workbench.count(bad, MarkerData.MARKER_TYPE) == 1
                && Workbench.count(bad, CsfBuilder.MARKER_TYPE) == 0);
        editor.document().set(GOOD); // unsaved: the server's markers follow the editor
        Workbench.waitUntil("the fix to clear the server's marker", 20, () -> Workbench.count(bad, MarkerData.MARKER_TYPE) == 0);

        page().closeAllEditors(false); // discarded: the saved file still has the error
        Workbench.waitUntil("the builder's marker of the saved file", 20, () -> Workbench.count(bad, CsfBuilder.MARKER_TYPE) == 1
                && Workbench.count(bad, MarkerData.MARKER_TYPE) == 0);
    }
}
