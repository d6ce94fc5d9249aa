package dev.csfstudio.eclipse.testing;

import static dev.csfstudio.eclipse.ui.Workbench.file;
import static dev.csfstudio.eclipse.ui.Workbench.project;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.core.expressions.EvaluationContext;
import org.eclipse.core.expressions.EvaluationResult;
import org.eclipse.core.expressions.Expression;
import org.eclipse.core.expressions.ExpressionConverter;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

/**
 * Run As and Debug As in Project Explorer's context menu, as the debug UI decides them: once the debug plugins
 * run, its submenus show for an element only when {@code org.eclipse.debug.core.launchable} holds for it (the
 * element adapts to ILaunchable), and list the launch shortcuts whose {@code contextualLaunch} enablement
 * accepts the selection.
 */
class ContextualLaunchTest {

    @Test
    void aCsfFileHasRunAsWithStreamAndTestsAndDebugAsWithStream() throws Exception {
        IResource f = file(project("contextual-file"), "clear.csf", ".stream main\n    NOP\n");
        assertEquals("run: [CSF Stream, CSF Tests], debug: [CSF Stream]", menus(f));
    }

    @Test
    void aFolderHasRunAsWithTestsAndDebugAs() throws Exception {
        IFolder folder = project("contextual-folder").getFolder("streams");
        folder.create(true, true, null);
        assertEquals("run: [CSF Tests], debug: []", menus(folder));
    }

    @Test
    void aProjectHasRunAsWithTestsAndDebugAs() throws Exception {
        IProject p = project("contextual-project");
        assertEquals("run: [CSF Tests], debug: []", menus(p));
    }

    /**
     * For each mode, the CSF shortcuts its submenu lists for the resource, or "none" when the debug UI shows no
     * submenu at all ("debug: []" is a Debug As holding only "Debug Configurations...").
     */
    private static String menus(IResource resource) throws Exception {
        List<String> out = new ArrayList<>();
        for (String mode : List.of("run", "debug")) {
            out.add(mode + ": " + (submenuShown(resource, mode) ? shortcuts(resource, mode).toString() : "none"));
        }
        return String.join(", ", out);
    }

    /** The test in the debug UI's objectContribution of the Run As / Debug As submenus once debug.core is active. */
    private static boolean submenuShown(IResource resource, String mode) throws Exception {
        var xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(
                "<enablement><test property=\"org.eclipse.debug.core.launchable\" value=\"" + mode + "\"/></enablement>")));
        Expression launchable = ExpressionConverter.getDefault().perform(xml.getDocumentElement());
        EvaluationContext context = new EvaluationContext(null, resource);
        context.setAllowPluginActivation(true);
        return launchable.evaluate(context) == EvaluationResult.TRUE;
    }

    /** The labels of CSF Studio's launch shortcuts for the mode whose contextual enablement accepts the resource. */
    private static List<String> shortcuts(IResource resource, String mode) throws Exception {
        List<String> labels = new ArrayList<>();
        for (IConfigurationElement shortcut : Platform.getExtensionRegistry()
                .getConfigurationElementsFor("org.eclipse.debug.ui.launchShortcuts")) {
            if (!shortcut.getAttribute("id").startsWith("dev.csfstudio.")
                    || !List.of(shortcut.getAttribute("modes").split(",")).contains(mode)) {
                continue;
            }
            IConfigurationElement enablement = shortcut.getChildren("contextualLaunch")[0].getChildren("enablement")[0];
            EvaluationContext context = new EvaluationContext(null, List.of(resource));
            context.addVariable("selection", List.of(resource));
            context.setAllowPluginActivation(true);
            if (ExpressionConverter.getDefault().perform(enablement).evaluate(context) == EvaluationResult.TRUE) {
                labels.add(shortcut.getAttribute("label"));
            }
        }
        labels.sort(null);
        return labels;
    }
}
