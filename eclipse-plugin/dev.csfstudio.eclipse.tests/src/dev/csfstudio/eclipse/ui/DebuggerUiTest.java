package dev.csfstudio.eclipse.ui;

import static dev.csfstudio.eclipse.ui.Workbench.open;
import static dev.csfstudio.eclipse.ui.Workbench.page;
import static dev.csfstudio.eclipse.ui.Workbench.project;
import static dev.csfstudio.eclipse.ui.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.Command;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IBreakpoint;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.IStackFrame;
import org.eclipse.debug.core.model.IThread;
import org.eclipse.debug.core.model.MemoryByte;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.IDebugUIConstants;
import org.eclipse.debug.ui.IDebugView;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.text.source.IVerticalRulerInfo;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.debug.CsfDebug;
import dev.csfstudio.eclipse.debug.launch.CsfLaunchShortcut;
import dev.csfstudio.eclipse.debug.launch.LaunchSettings;
import dev.csfstudio.eclipse.debug.model.CsfDebugTarget;
import dev.csfstudio.eclipse.debug.model.CsfThread;
import dev.csfstudio.eclipse.debug.ui.ReverseStepHandler;
import dev.csfstudio.eclipse.debug.ui.ToggleLineBreakpoints;
import dev.csfstudio.eclipse.operations.codelens.CsfCodeMinings;
import dev.csfstudio.eclipse.run.RunView;

/**
 * The debugger as a user drives it: a breakpoint toggled in the CSF editor, a "CSF Stream" launch in debug mode
 * against the bundled `csf debug`, the queue suspended on that line, a register in the Variables view, then the
 * Memory view's block, Step Back from the Run menu's command, and Terminate.
 */
class DebuggerUiTest {

    /** examples/clear.csf: line 24 is RUN_FRAGMENT, after MOVE32 r43 wrote the inclusive bounding box max. */
    private static final int RUN_FRAGMENT_LINE = 24;
    /** r43 = (HEIGHT - 1) << 16 | (WIDTH - 1) for the 16x16 target. */
    private static final long R43 = (15L << 16) | 15;

    private final List<ILaunch> launches = new ArrayList<>();

    @BeforeAll
    static void noPerspectiveSwitchDialogs() {
        // a suspend would otherwise ask whether to open the Debug perspective, in a modal dialog
        for (String key : List.of("org.eclipse.debug.ui.switch_perspective_on_suspend", "org.eclipse.debug.ui.switch_to_perspective")) {
            DebugUITools.getPreferenceStore().setValue(key, MessageDialogWithToggle.NEVER);
        }
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (ILaunch l : launches) {
            if (!l.isTerminated()) {
                l.terminate();
            }
        }
        DebugPlugin.getDefault().getBreakpointManager().removeBreakpoints(
                DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL), true);
        page().closeAllEditors(false);
    }

    private static IFile example(IProject p, String name) throws Exception {
        Path source = Path.of(System.getProperty("csf.examples"), name);
        IFile f = Workbench.withGoldens(p).getFile(name);
        if (!f.exists()) {
            f.create(new ByteArrayInputStream(Files.readAllBytes(source)), true, null);
        }
        return f;
    }

    /**
     * A double-click on the editor's ruler beside `line`: mouse down, up, down and double-click delivered to the
     * ruler column under the point, as SWT delivers a user's (the ruler's own listeners and the editor's
     * RulerDoubleClick action do the rest).
     */
    private static void doubleClickRulerAt(ITextEditor editor, int line) {
        IVerticalRulerInfo ruler = editor.getAdapter(IVerticalRulerInfo.class);
        StyledText text = (StyledText) editor.getAdapter(Control.class);
        text.setTopIndex(Math.max(0, line - 5));
        Workbench.spin(100);
        int y = text.getLinePixel(line - 1) + text.getLineHeight() / 2;
        Control column = ruler.getControl();
        if (column instanceof Composite c && c.getChildren().length > 0) {
            column = c.getChildren()[0]; // the annotation (breakpoint) column
        }
        for (int type : new int[] { SWT.MouseDown, SWT.MouseUp, SWT.MouseDown, SWT.MouseDoubleClick, SWT.MouseUp }) {
            Event e = new Event();
            e.type = type;
            e.button = 1;
            e.count = type == SWT.MouseDoubleClick || type == SWT.MouseUp ? 2 : 1;
            e.x = 4;
            e.y = y;
            e.widget = column;
            column.notifyListeners(type, e);
        }
        Workbench.spin(300);
        assertEquals(line - 1, ruler.getLineOfLastMouseButtonActivity(), "the double-click landed on the line");
    }

    private CsfDebugTarget launch(IFile file, boolean stopOnEntry) throws Exception {
        ILaunchConfigurationWorkingCopy wc = CsfLaunchShortcut.configurationFor(file).getWorkingCopy();
        new LaunchSettings(file.getFullPath().toString(), "", stopOnEntry, 0, 0).write(wc);
        var config = wc.doSave();
        ILaunch launch = DebugUITools.buildAndLaunch(config, ILaunchManager.DEBUG_MODE, new org.eclipse.core.runtime.NullProgressMonitor());
        launches.add(launch);
        waitUntil("the CSF debug target", 60, () -> launch.getDebugTarget() != null);
        return (CsfDebugTarget) launch.getDebugTarget();
    }

    private static CsfThread suspendedThread(CsfDebugTarget target) {
        waitUntil("a suspended queue", 60, () -> target.isSuspended() && target.getThreads().length > 0);
        return (CsfThread) target.getThreads()[0];
    }

    private static int topLine(IThread thread) throws Exception {
        IStackFrame top = thread.getTopStackFrame();
        return top == null ? -1 : top.getLineNumber();
    }

    /**
     * The label of register `index` in the Variables view ("r43 0x000f000f (983055)"), once the Registers scope is
     * open and its row scrolled into sight (the tree is virtual: rows get their text when shown; the adapter lists
     * registers with a value first, so the row is found by its name); `seen` collects the rows for the failure message.
     */
    private static java.util.Optional<String> registerRow(TreeViewer viewer, int index, List<String> seen) {
        Tree tree = viewer.getTree();
        seen.clear();
        for (TreeItem top : tree.getItems()) {
            seen.add(top.getText());
            if (!top.getText().startsWith("Registers")) {
                continue;
            }
            if (!top.getExpanded()) {
                // what a click on the twistie does: SWT's Expand event, on which the viewer fetches the children
                Event e = new Event();
                e.item = top;
                tree.notifyListeners(SWT.Expand, e);
                top.setExpanded(true);
                return java.util.Optional.empty();
            }
            // the adapter lists registers with a value or changed first: look for the row by its name
            for (int i = 0; i < top.getItemCount(); i++) {
                TreeItem row = top.getItem(i);
                tree.showItem(row);
                StringBuilder text = new StringBuilder(row.getText());
                for (int c = 1; c < tree.getColumnCount(); c++) {
                    text.append(' ').append(row.getText(c));
                }
                if (text.toString().isBlank()) {
                    return java.util.Optional.empty(); // shown now, its text comes as the event loop runs: ask again
                }
                seen.add(text.toString());
                if (text.toString().startsWith("r" + index + " ")) {
                    return java.util.Optional.of(text.toString());
                }
            }
            return java.util.Optional.empty();
        }
        return java.util.Optional.empty();
    }

    /** The RGBA of a PNG's first pixel as 0xRRGGBBAA. */
    private static long topLeftPixel(byte[] png) {
        org.eclipse.swt.graphics.ImageData d = new org.eclipse.swt.graphics.ImageLoader().load(new ByteArrayInputStream(png))[0];
        org.eclipse.swt.graphics.RGB rgb = d.palette.getRGB(d.getPixel(0, 0));
        int alpha = d.alphaData != null ? d.alphaData[0] & 0xff : d.getAlpha(0, 0);
        return ((long) rgb.red << 24) | (rgb.green << 16) | (rgb.blue << 8) | alpha;
    }

    @Test
    void suspendsAtTheEditorsBreakpointAndShowsARegisterInTheVariablesView() throws Exception {
        IProject p = project("debugger");
        IFile clear = example(p, "clear.csf");
        CsfEditor editor = open(clear);
        doubleClickRulerAt(editor, RUN_FRAGMENT_LINE);
        waitUntil("the ruler's double-click to make a CSF breakpoint", 10,
                () -> DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL).length == 1);
        IBreakpoint[] breakpoints = DebugPlugin.getDefault().getBreakpointManager().getBreakpoints(CsfDebug.MODEL);
        assertEquals(RUN_FRAGMENT_LINE, breakpoints[0].getMarker().getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(clear, breakpoints[0].getMarker().getResource());

        // the Debug perspective: the Debug view (the debug context) and the Variables view side by side
        PlatformUI.getWorkbench().showPerspective(IDebugUIConstants.ID_DEBUG_PERSPECTIVE, page().getWorkbenchWindow());
        page().showView(IDebugUIConstants.ID_DEBUG_VIEW);
        IDebugView variables = (IDebugView) page().showView(IDebugUIConstants.ID_VARIABLE_VIEW, null,
                org.eclipse.ui.IWorkbenchPage.VIEW_VISIBLE);
        CsfDebugTarget target = launch(clear, false);
        CsfThread thread = suspendedThread(target);
        assertEquals(RUN_FRAGMENT_LINE, topLine(thread), "suspended on the breakpoint's line");
        assertTrue(thread.getName().startsWith("queue"), thread.getName());

        // the Debug view's selected frame is the Variables view's input: its scopes, Registers inside
        IDebugView debug = (IDebugView) page().findView(IDebugUIConstants.ID_DEBUG_VIEW);
        debug.getViewer().setSelection(new StructuredSelection(thread.getTopStackFrame()));
        TreeViewer viewer = (TreeViewer) variables.getViewer();
        List<String> seen = new ArrayList<>();
        try {
            waitUntil("the Variables view to show r43 = " + R43, 60, () -> registerRow(viewer, 43, seen)
                    .map(l -> l.contains(Long.toString(R43)) && l.toLowerCase().contains("0x000f000f")).orElse(false));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the view showed " + seen, e);
        }
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    @Test
    void registersTheLastStepChangedAreShownChanged() throws Exception {
        CsfDebugTarget target = launch(example(project("debugger"), "clear.csf"), true);
        CsfThread thread = suspendedThread(target);
        int entry = topLine(thread); // MOVE48 d40, fbd(fbd)
        thread.stepOver();
        waitUntil("the step to stop on the next line", 60, () -> {
            try {
                return target.isSuspended() && topLine(thread) == entry + 1;
            } catch (Exception e) {
                return false;
            }
        });
        org.eclipse.debug.core.model.IVariable registers = null;
        for (org.eclipse.debug.core.model.IVariable v : thread.getTopStackFrame().getVariables()) {
            if (registers == null && v.getName().startsWith("Registers")) {
                registers = v;
            }
        }
        assertTrue(registers != null, "a Registers scope");
        List<String> changed = new ArrayList<>();
        for (org.eclipse.debug.core.model.IVariable r : registers.getValue().getVariables()) {
            if (r.hasValueChanged()) {
                changed.add(r.getName());
            }
        }
        assertEquals(List.of("r40", "r41"), changed.stream().sorted().toList(), "d40's halves, which MOVE48 wrote");
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    @Test
    void runToLineIsOfferedInTheCsfEditorAndStopsOnTheLine() throws Exception {
        IFile clear = example(project("debugger"), "clear.csf");
        CsfEditor editor = open(clear);
        CsfDebugTarget target = launch(clear, true);
        CsfThread thread = suspendedThread(target);
        int entry = topLine(thread);
        assertTrue(entry < RUN_FRAGMENT_LINE, "stopped on entry at " + entry);
        var runToLine = editor.getAdapter(org.eclipse.debug.ui.actions.IRunToLineTarget.class);
        assertTrue(runToLine != null, "the CSF editor adapts to IRunToLineTarget (else Run to Line is greyed out)");
        var document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        var selection = new org.eclipse.jface.text.TextSelection(document, document.getLineOffset(RUN_FRAGMENT_LINE - 1), 0);
        assertTrue(runToLine.canRunToLine(editor, selection, thread));
        runToLine.runToLine(editor, selection, thread);
        waitUntil("the queue to stop on line " + RUN_FRAGMENT_LINE, 60, () -> {
            try {
                return target.isSuspended() && topLine(thread) == RUN_FRAGMENT_LINE;
            } catch (Exception e) {
                return false;
            }
        });
        // the one-shot breakpoint is gone: resuming runs to the end
        thread.resume();
        waitUntil("the session to end", 60, target::isTerminated);
    }

    @Test
    void aSuspendedQueueIsLabelledSuspendedAndWhyNotRunning() throws Exception {
        CsfDebugTarget target = launch(example(project("debugger"), "clear.csf"), true);
        CsfThread thread = suspendedThread(target);
        String label = thread.getName();
        assertTrue(label.startsWith("queue main (Suspended: ") && !label.contains("running"), label);
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    private static IFile wrongVm() throws Exception {
        IProject p = project("debugger");
        if (!p.getFolder("debug").exists()) {
            p.getFolder("debug").create(true, true, null);
        }
        return example(p, "debug/wrong-vm.csf");
    }

    @Test
    void aFaultsWholeTextIsInTheConsoleAndInAMarkerOnItsLine() throws Exception {
        IFile file = wrongVm();
        CsfDebugTarget target = launch(file, false);
        CsfThread thread = suspendedThread(target);
        assertEquals(19, topLine(thread), "stopped on the faulting RUN_FRAGMENT");
        var console = target.getLaunch().getProcesses()[0].getStreamsProxy().getErrorStreamMonitor();
        waitUntil("the fault in the console", 10, () -> console.getContents().contains("translation fault"));
        String fault = console.getContents().lines().filter(l -> l.startsWith("translation fault")).findFirst().orElseThrow();
        assertTrue(fault.contains("[queue gpu at "), fault);
        String type = "dev.csfstudio.eclipse.debug.fault";
        waitUntil("the fault's marker", 10, () -> Workbench.count(file, type) > 0);
        IMarker[] markers = file.findMarkers(type, false, 0);
        assertEquals(1, markers.length, "one fault marker");
        assertEquals(19, markers[0].getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(IMarker.SEVERITY_ERROR, markers[0].getAttribute(IMarker.SEVERITY, -1));
        assertEquals(fault, markers[0].getAttribute(IMarker.MESSAGE, ""));
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    /** clear.csf debugged with a breakpoint on its RUN_FRAGMENT line, where r43 holds R43. */
    private CsfDebugTarget launchToRunFragment() throws Exception {
        IFile clear = example(project("debugger"), "clear.csf");
        DebugPlugin.getDefault().getBreakpointManager().addBreakpoint(
                new dev.csfstudio.eclipse.debug.model.CsfLineBreakpoint(clear, RUN_FRAGMENT_LINE));
        return launch(clear, false);
    }

    @Test
    void aWatchExpressionIsTheAdaptersValueInTheSuspendedFrame() throws Exception {
        CsfDebugTarget target = launchToRunFragment();
        CsfThread thread = suspendedThread(target);
        assertEquals(RUN_FRAGMENT_LINE, topLine(thread));
        var watch = DebugPlugin.getDefault().getExpressionManager().newWatchExpression("r43");
        watch.setExpressionContext(thread.getTopStackFrame());
        waitUntil("the watch expression's value", 30, () -> !watch.isPending() && (watch.getValue() != null || watch.hasErrors()));
        String value = watch.getValue() == null ? java.util.Arrays.toString(watch.getErrorMessages())
                : watch.getValue().getValueString();
        assertTrue(value.endsWith("0f000f (983055)"), value);
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    @Test
    void aLineTypedIntoTheConsoleIsEvaluatedAndAnswered() throws Exception {
        CsfDebugTarget target = launchToRunFragment();
        CsfThread thread = suspendedThread(target);
        var streams = target.getLaunch().getProcesses()[0].getStreamsProxy();
        streams.write("r4");
        streams.write("3\n"); // what the console sends as the user types and presses Enter
        waitUntil("the console's answer", 30, () -> streams.getOutputStreamMonitor().getContents().contains("(983055)"));
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    @Test
    void theMemoryViewOffersHexAsciiAndIntegerRenderingsOfAMonitor() throws Exception {
        CsfDebugTarget target = launch(example(project("debugger"), "clear.csf"), true);
        CsfThread thread = suspendedThread(target);
        IMemoryBlockExtension block = target.getExtendedMemoryBlock("color", thread.getTopStackFrame());
        var renderings = DebugUITools.getMemoryRenderingManager();
        List<String> offered = java.util.Arrays.stream(renderings.getRenderingTypes(block)).map(t -> t.getId()).sorted().toList();
        assertEquals(List.of("org.eclipse.debug.ui.rendering.ascii", "org.eclipse.debug.ui.rendering.hexint",
                "org.eclipse.debug.ui.rendering.raw_memory", "org.eclipse.debug.ui.rendering.signedint",
                "org.eclipse.debug.ui.rendering.unsignedint"), offered);
        assertEquals(List.of("org.eclipse.debug.ui.rendering.raw_memory"),
                java.util.Arrays.stream(renderings.getDefaultRenderingTypes(block)).map(t -> t.getId()).toList());
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    @Test
    void theDebugPerspectiveHasTheCsfRunView() throws Exception {
        PlatformUI.getWorkbench().showPerspective(IDebugUIConstants.ID_DEBUG_PERSPECTIVE, page().getWorkbenchWindow());
        page().resetPerspective();
        assertTrue(page().findViewReference(RunView.ID) != null, "CSF Run in the Debug perspective's layout");
    }

    @Test
    void resumingPastAFaultEndsTheAdapterByDisconnectingNotByKillingIt() throws Exception {
        CsfDebugTarget target = launch(wrongVm(), false);
        CsfThread thread = suspendedThread(target);
        assertEquals(19, topLine(thread), "stopped on the faulting RUN_FRAGMENT");
        thread.resume();
        ILaunch launch = target.getLaunch();
        waitUntil("the session and its adapter to end", 60,
                () -> target.isTerminated() && launch.getProcesses()[0].isTerminated());
        assertEquals(0, launch.getProcesses()[0].getExitValue(), "csf debug's exit value");
    }

    /** Register r`index` of the queue's top frame, from its Registers scope. */
    private static org.eclipse.debug.core.model.IVariable register(IThread thread, int index) throws Exception {
        for (var scope : thread.getTopStackFrame().getVariables()) {
            if (scope.getName().startsWith("Registers")) {
                return scope.getValue().getVariables()[index];
            }
        }
        throw new AssertionError("no Registers scope");
    }

    @Test
    void changeValueStartsFromTheRegistersHexAndSetsWhatIsTyped() throws Exception {
        CsfDebugTarget target = launch(example(project("debugger"), "clear.csf"), true);
        CsfThread thread = suspendedThread(target);
        var r43 = register(thread, 43);
        assertEquals("0x00000000 (0)", r43.getValue().getValueString(), "nothing has written r43 at the entry");
        String[] prefilled = new String[1];
        org.eclipse.swt.widgets.Display display = org.eclipse.swt.widgets.Display.getCurrent();
        Runnable[] answer = new Runnable[1];
        answer[0] = () -> {
            // the dialog once it is open: read what it starts from, type a value, press OK
            var dialog = java.util.Arrays.stream(display.getShells())
                    .filter(sh -> sh.getData() instanceof org.eclipse.jface.dialogs.InputDialog).findFirst();
            if (dialog.isEmpty()) {
                if (prefilled[0] == null) {
                    display.timerExec(200, answer[0]);
                }
                return;
            }
            org.eclipse.swt.widgets.Text text = findText(dialog.get());
            prefilled[0] = text.getText();
            text.setText("0x2a");
            dialog.get().getDefaultButton().notifyListeners(SWT.Selection, new Event());
        };
        display.timerExec(200, answer[0]);
        org.eclipse.debug.internal.ui.VariableValueEditorManager.getDefault().getVariableValueEditor(CsfDebug.MODEL)
                .editVariable(r43, page().getWorkbenchWindow().getShell());
        String opened = prefilled[0];
        prefilled[0] = "(the dialog did not open)"; // ends the search for it
        assertEquals("0x00000000", opened, "Change Value starts from the value setVariable takes");
        assertEquals("0x0000002a (42)", r43.getValue().getValueString());
        thread.terminate();
        waitUntil("the session to end", 30, target::isTerminated);
    }

    private static org.eclipse.swt.widgets.Text findText(Composite parent) {
        for (Control c : parent.getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Text t) {
                return t;
            }
            if (c instanceof Composite inner && findText(inner) != null) {
                return findText(inner);
            }
        }
        return null;
    }

    @Test
    void memoryViewBlockReadsTheClearedTargetAndStepBackReturnsToTheLine() throws Exception {
        IProject p = project("debugger");
        IFile clear = example(p, "clear.csf");
        open(clear);
        ToggleLineBreakpoints.toggle(clear, RUN_FRAGMENT_LINE); // what the ruler's double-click does
        CsfDebugTarget target = launch(clear, false);
        CsfThread thread = suspendedThread(target);
        assertEquals(RUN_FRAGMENT_LINE, topLine(thread));

        thread.stepOver(); // RUN_FRAGMENT: the clear is in flight on its scoreboard entry
        waitUntil("the step to end on the next line", 30, () -> {
            try {
                return target.isSuspended() && topLine(thread) == RUN_FRAGMENT_LINE + 1;
            } catch (Exception e) {
                return false;
            }
        });
        thread.stepOver(); // its WAIT: the clear completes, the target is red
        waitUntil("the step to end after the WAIT", 30, () -> {
            try {
                return target.isSuspended() && topLine(thread) == RUN_FRAGMENT_LINE + 2;
            } catch (Exception e) {
                return false;
            }
        });
        // the CSF Run view follows the stops: the target read again after the clear
        waitUntil("the CSF Run view to show the cleared target", 30, () -> {
            RunView view = (RunView) page().findView(RunView.ID);
            return view != null && view.model() != null && !view.model().targets().isEmpty()
                    && view.model().targets().get(0).png() != null && topLeftPixel(view.model().targets().get(0).png()) == 0xff0000ffL;
        });
        IMemoryBlockExtension block = target.getExtendedMemoryBlock("color", thread.getTopStackFrame());
        MemoryByte[] rgba = block.getBytesFromOffset(java.math.BigInteger.ZERO, 4);
        assertTrue(rgba[0].isReadable(), "the target's first byte is mapped");
        assertEquals(List.of(0xff, 0x00, 0x00, 0xff),
                List.of(rgba[0].getValue() & 0xff, rgba[1].getValue() & 0xff, rgba[2].getValue() & 0xff, rgba[3].getValue() & 0xff),
                "opaque red in the Memory view's block");

        // Step Back as the Run menu runs it: the command on the selected queue
        page().showView(IDebugUIConstants.ID_DEBUG_VIEW);
        IDebugView debug = (IDebugView) page().findView(IDebugUIConstants.ID_DEBUG_VIEW);
        debug.getViewer().setSelection(new StructuredSelection(thread.getTopStackFrame()));
        Command stepBack = PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(ReverseStepHandler.STEP_BACK);
        waitUntil("Step Back to be enabled", 30, stepBack::isEnabled);
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(ReverseStepHandler.STEP_BACK, null);
        waitUntil("Step Back to end on the WAIT's line again", 30, () -> {
            try {
                return target.isSuspended() && topLine(thread) == RUN_FRAGMENT_LINE + 1;
            } catch (Exception e) {
                return false;
            }
        });

        target.terminate();
        waitUntil("Terminate to end the session and its adapter", 30,
                () -> target.isTerminated() && target.getProcess().isTerminated());
        assertEquals(0, target.getThreads().length, "no queue is left after Terminate");
    }

    @Test
    void theDebugCodeMiningLaunchesACsfStreamFromItsStream() throws Exception {
        IProject p = project("debugger");
        IFile clear = example(p, "clear.csf");
        CsfEditor editor = open(clear);
        java.util.Set<ILaunch> before = java.util.Set.of(DebugPlugin.getDefault().getLaunchManager().getLaunches());
        // the server's "Debug" lens: csf.debug [uri, stream], which the editor carries out
        CsfCodeMinings.act(editor, new org.eclipse.lsp4j.Command("Debug", "csf.debug",
                List.of(clear.getLocationURI().toString(), "main")));
        waitUntil("a CSF Stream launch of clear.csf from stream main", 60, () -> java.util.Arrays
                .stream(DebugPlugin.getDefault().getLaunchManager().getLaunches())
                .filter(l -> !before.contains(l) && l.getDebugTarget() instanceof CsfDebugTarget)
                .peek(launches::add)
                .anyMatch(l -> {
                    try {
                        return "main".equals(l.getLaunchConfiguration().getAttribute(LaunchSettings.ENTRY, ""))
                                && ILaunchManager.DEBUG_MODE.equals(l.getLaunchMode());
                    } catch (org.eclipse.core.runtime.CoreException e) {
                        return false;
                    }
                }));
    }
}
