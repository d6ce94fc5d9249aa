package dev.csfstudio.eclipse.testing;

import static dev.csfstudio.eclipse.ui.Workbench.build;
import static dev.csfstudio.eclipse.ui.Workbench.csfProject;
import static dev.csfstudio.eclipse.ui.Workbench.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.build.CsfBuilder;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;
import dev.csfstudio.eclipse.ui.Workbench;

/** The project builder runs its test streams: each failed expectation is a test marker on its .expect line. */
class TestMarkersTest {

    static final String FAILING = ".stream main\n    MOVE32 r4, #0\n\n.expect r4 == 5\n";
    static final String PASSING = ".stream main\n    MOVE32 r4, #5\n\n.expect r4 == 5\n";

    private static List<IMarker> testMarkers(IResource r) throws CoreException {
        return Arrays.asList(r.findMarkers(TestMarkers.MARKER_TYPE, false, IResource.DEPTH_INFINITE));
    }

    @Test
    void aFailedExpectationIsOneErrorMarkerOnItsExpectLineWithCsfTestsMessage() throws Exception {
        IProject p = csfProject("tests-markers");
        IFile failing = file(p, "failing.csf", FAILING);
        IFile passing = file(p, "passing.csf", PASSING);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        List<IMarker> all = testMarkers(p);
        assertEquals(1, all.size(), all.toString());
        IMarker m = all.get(0);
        assertEquals(failing, m.getResource());
        assertEquals("r4 == 5: got 0 (0x0), expected 5 (0x5)", m.getAttribute(IMarker.MESSAGE, ""));
        assertEquals(4, m.getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(IMarker.SEVERITY_ERROR, m.getAttribute(IMarker.SEVERITY, -1));
        assertEquals(FAILING.indexOf(".expect"), m.getAttribute(IMarker.CHAR_START, -1));
        assertTrue(m.isSubtypeOf(IMarker.PROBLEM));
        assertEquals(0, testMarkers(passing).size());
        assertEquals(0, failing.findMarkers(CsfBuilder.MARKER_TYPE, false, IResource.DEPTH_ZERO).length,
                "the stream assembles: no build problem besides the test failure");
    }

    @Test
    void fixingTheStreamRemovesItsTestMarkerOnTheNextBuild() throws Exception {
        IProject p = csfProject("tests-fixed");
        IFile failing = file(p, "failing.csf", FAILING);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(1, testMarkers(failing).size());
        file(p, "failing.csf", PASSING);
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        assertEquals(0, testMarkers(failing).size());
    }

    @Test
    void aFileOnlyIncludedByATestStreamIsNoTestOfItsOwn() throws Exception {
        IProject p = csfProject("tests-include");
        // its own expectation would fail alone (r4 is 0); included, the includer's run sets it
        IFile shared = file(p, "shared.csf", ".expect r4 == 5\n");
        IFile main = file(p, "main.csf", ".stream main\n    MOVE32 r4, #5\n.include \"shared.csf\"\n.expect r4 != 0\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(0, testMarkers(shared).size());
        assertEquals(0, testMarkers(main).size());
    }

    @Test
    void aStreamThatNeverEndsIsATimeoutFailureWithinTheBuildsBound() throws Exception {
        IProject p = csfProject("tests-loop");
        IFile loop = file(p, "loop.csf", ".stream main\nspin:\n    BRANCH.always r0, spin\n\n.expect r4 == 0\n");
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        List<IMarker> all = testMarkers(loop);
        assertEquals(1, all.size(), all.toString());
        assertTrue(all.get(0).getAttribute(IMarker.MESSAGE, "").contains("timeout"), all.get(0).getAttribute(IMarker.MESSAGE, ""));
    }

    static final String CLEAR_16X16 = ".buffer color, size=16 * 16 * 4\n.buffer fb, align=64\nfbd:\n"
            + "    .fbd width=16, height=16\n"
            + "    .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=16 * 4, clear=0xff0000ff\n"
            + ".stream main\n    MOVE48  d40, fbd(fbd)\n    MOVE32  r42, #0\n    MOVE32  r43, 15 << 16 | 15\n"
            + "    RUN_FRAGMENT\n    WAIT    #0x1\n.expect image color == \"golden.png\"\n";

    private static byte[] png(int argb) throws java.io.IOException {
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(16, 16, java.awt.image.BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                image.setRGB(x, y, argb);
            }
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    @Test
    void aChangedGoldenImageRunsItsTestAgain() throws Exception {
        IProject p = csfProject("tests-golden");
        IFile golden = p.getFile("golden.png");
        golden.create(new java.io.ByteArrayInputStream(png(0xff0000ff)), true, null); // blue: the clear is red
        IFile clear = file(p, "clear.csf", CLEAR_16X16);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        List<IMarker> all = testMarkers(clear);
        assertEquals(1, all.size(), all.toString());
        assertTrue(all.get(0).getAttribute(IMarker.MESSAGE, "").startsWith("image color == \"golden.png\": got"),
                all.get(0).getAttribute(IMarker.MESSAGE, ""));
        golden.setContents(new java.io.ByteArrayInputStream(png(0xffff0000)), true, false, null);
        build(p, IncrementalProjectBuilder.INCREMENTAL_BUILD);
        assertEquals(0, testMarkers(clear).size());
    }

    @Test
    void anOpenEditorsServerStatesTheFailureAndTheTestMarkerReturnsWhenItCloses() throws Exception {
        IProject p = csfProject("tests-handover");
        IFile failing = file(p, "failing.csf", FAILING);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(1, testMarkers(failing).size());
        Workbench.open(failing);
        Workbench.waitUntil("the server's error on the .expect line instead of the test marker", 30,
                () -> Workbench.count(failing, MarkerData.MARKER_TYPE) == 1 && Workbench.count(failing, TestMarkers.MARKER_TYPE) == 0);
        Workbench.page().closeAllEditors(false);
        Workbench.waitUntil("the test marker of the saved file", 30,
                () -> Workbench.count(failing, TestMarkers.MARKER_TYPE) == 1 && Workbench.count(failing, MarkerData.MARKER_TYPE) == 0);
        assertEquals("r4 == 5: got 0 (0x0), expected 5 (0x5)", testMarkers(failing).get(0).getAttribute(IMarker.MESSAGE, ""));
    }

    @Test
    void cleanRemovesTheTestMarkers() throws Exception {
        IProject p = csfProject("tests-clean");
        IFile failing = file(p, "failing.csf", FAILING);
        build(p, IncrementalProjectBuilder.FULL_BUILD);
        assertEquals(1, testMarkers(failing).size());
        build(p, IncrementalProjectBuilder.CLEAN_BUILD);
        assertEquals(0, testMarkers(failing).size());
    }
}
